/** Reading posts in lists: the feed, trending, a user's posts, a place's photos, Near you and search. */
import { BUSINESS_MESSAGES } from "@plaza/contracts/businesses";
import type { LocationQuery } from "@plaza/contracts/location";
import type { FeedQuery, NearbyQuery, PostView } from "@plaza/contracts/posts";
import { TRENDING_WINDOW_DAYS } from "@plaza/contracts/posts";
import type { AppContext } from "../../app-context";
import { notFound } from "../../lib/app-error";
import { decodeCursor, encodeRankedCursor, mapPage, type Page } from "../../lib/cursor";
import { paginate } from "../../lib/paginate";
import { canViewBusiness } from "../businesses/businesses.policy";
import { findBusinessById } from "../businesses/businesses.repository";
import type { Viewer } from "../users/viewer";
import { readFeedPage } from "./feed.repository";
import { presentPost } from "./posts.presenter";
import { byPostCreation, selectAuthorPosts, selectBusinessPhotoPosts, selectTrending } from "./posts.repository";
import {
  newestMatchingPostIds,
  type SearchCursor,
  selectNearbyPosts,
  selectPostSearch,
} from "./posts.search.repository";
import { assertMaySeeAuthor } from "./posts.service";

const DAY_MS = 24 * 60 * 60 * 1000;

/** `?limit=&cursor=` of a list ordered by (createdAt desc, id desc). */
export interface PageRequest {
  cursor?: string;
  limit: number;
}

/** A page of the viewer's feed. */
export async function listFeed(
  context: AppContext,
  viewer: Viewer,
  { limit: pageLimit, cursor: pageCursor, ...query }: FeedQuery,
): Promise<Page<PostView>> {
  const page = { limit: pageLimit };
  const cursor = decodeCursor(pageCursor);
  // The feed's prepared statement binds the cursor itself (feed.repository); paginate gives it the limit.
  const rows = await paginate(
    { limit: page.limit, cursor },
    null,
    ({ limit }) => readFeedPage(context.db, { viewer, location: query, cursor, limit, now: context.clock.now() }),
    byPostCreation,
  );
  return mapPage(rows, (row) => presentPost(row, viewer.id));
}

export async function listTrending(
  context: AppContext,
  viewer: Viewer | null,
  { limit, ...location }: LocationQuery & { limit: number },
): Promise<PostView[]> {
  const now = context.clock.now();
  const rows = await selectTrending(context.db, {
    viewer,
    location,
    since: new Date(now.getTime() - TRENDING_WINDOW_DAYS * DAY_MS),
    limit,
    now,
  });
  return rows.map((row) => presentPost(row, viewer?.id ?? null));
}

/** A user's posts as the viewer may see them (visibility and blocks; owner and superusers see all). */
export async function listUserPosts(
  context: AppContext,
  viewer: Viewer | null,
  authorId: string,
  page: PageRequest,
): Promise<Page<PostView>> {
  await assertMaySeeAuthor(context, viewer, authorId);
  const rows = await selectAuthorPosts(
    context.db,
    { authorId, viewer, now: context.clock.now() },
    { limit: page.limit, cursor: decodeCursor(page.cursor) },
  );
  return mapPage(rows, (row) => presentPost(row, viewer?.id ?? null));
}

/**
 * GET /api/businesses/{id}/photos: pictures of the posts tagged to a business that the viewer may see (the feeds'
 * rules), newest first, paged. The business itself must be visible to the viewer (404 otherwise).
 */
export async function listBusinessPhotos(
  context: AppContext,
  viewer: Viewer | null,
  businessId: string,
  page: PageRequest,
): Promise<Page<PostView>> {
  const business = await findBusinessById(context.db, businessId);
  if (!business || !canViewBusiness(viewer, business)) throw notFound(BUSINESS_MESSAGES.businessNotFound);
  const rows = await selectBusinessPhotoPosts(
    context.db,
    { businessId, viewer, now: context.clock.now() },
    { limit: page.limit, cursor: decodeCursor(page.cursor) },
  );
  return mapPage(rows, (row) => presentPost(row, viewer?.id ?? null));
}

/** A page of Near you. */
export async function listNearby(
  context: AppContext,
  viewer: Viewer | null,
  { limit: pageLimit, cursor: pageCursor, ...query }: NearbyQuery,
): Promise<Page<PostView>> {
  const page = { limit: pageLimit };
  const cursor = decodeCursor(pageCursor);
  // Near you reads in two steps, each with its own keyset condition (posts.search.repository); paginate gives the limit.
  const rows = await paginate(
    { limit: page.limit, cursor },
    null,
    ({ limit }) =>
      selectNearbyPosts(context.db, {
        viewer,
        centre: { latitude: query.latitude, longitude: query.longitude },
        radiusMiles: query.radius,
        cursor,
        limit,
        now: context.clock.now(),
      }),
    byPostCreation,
  );
  return mapPage(rows, (row) => presentPost(row, viewer?.id ?? null));
}

/** At most this many words of a search take part (each one must match). */
const SEARCH_MAX_WORDS = 8;

/**
 * The viewer's words as a tsquery: letters and digits only (so no tsquery syntax gets through), each a prefix
 * ("panc" finds "pancakes"; words are stemmed, so "taco" finds "tacos"), all required. Null when nothing is left.
 */
export function toPrefixTsquery(text: string): string | null {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  if (words.length === 0) return null;
  return words
    .slice(0, SEARCH_MAX_WORDS)
    .map((word) => `${word}:*`)
    .join(" & ");
}

/** A page of the posts matching the text that the viewer may see, best match first, with their rank. */
export async function searchPosts(
  context: AppContext,
  viewer: Viewer | null,
  text: string,
  page: { cursor: SearchCursor | null; limit: number },
): Promise<Page<{ post: PostView; rank: number }>> {
  const tsquery = toPrefixTsquery(text);
  if (!tsquery) return { items: [], nextCursor: null };
  const candidateIds = await newestMatchingPostIds(context.db, tsquery);
  if (candidateIds.length === 0) return { items: [], nextCursor: null };
  // The search ranks its candidates with the ranked keyset condition in selectPostSearch; paginate gives the limit.
  const rows = await paginate(
    page,
    null,
    ({ limit }) =>
      selectPostSearch(context.db, {
        viewer,
        tsquery,
        candidateIds,
        cursor: page.cursor,
        limit,
        now: context.clock.now(),
      }),
    (row) => encodeRankedCursor({ rank: Number(row.rank), createdAt: row.post.createdAt, id: row.post.id }),
  );
  return mapPage(rows, (row) => ({ post: presentPost(row, viewer?.id ?? null), rank: Number(row.rank) }));
}
