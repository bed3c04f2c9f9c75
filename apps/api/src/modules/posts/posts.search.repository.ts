import { and, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { posts } from "../../db/schema/posts";
import { users } from "../../db/schema/users";
import { type KeysetCursor, keysetAfter, olderThan, type RankedCursor } from "../../lib/cursor";
import { notBlockedWith } from "../relationships/relationships.repository";
import { authorVisibleTo } from "../users/users.policy";
import type { Viewer } from "../users/viewer";
import { canViewFullSql } from "./posts.policy";
import {
  authorNotSuspended,
  locationConditions,
  type PostListRow,
  postListColumns,
  postShownTo,
  visibleToViewer,
} from "./posts.repository";

export interface NearbyOptions {
  viewer: Viewer | null;
  centre: { latitude: number; longitude: number };
  radiusMiles: number;
  cursor: KeysetCursor | null;
  limit: number;
  now: Date;
}

/** How many of the newest posts with a place Near you looks through first (see selectNearbyPosts). */
export const NEARBY_WINDOW = 2_000;

/** Where nearbyPostsQuery reads posts from: the newest NEARBY_WINDOW posts with a place, or the area's box. */
export type NearbySource = "newest placed" | "area";

/**
 * A page of posts anyone may see (public authors; blocks either way with a signed-in viewer; not deleted or
 * suspended) made within the radius, newest first. The radius is a bounding box plus exact haversine, as in the
 * feed's filter. Two steps, each with a bounded cost whatever the planner guesses:
 * - The newest NEARBY_WINDOW posts with a place (posts_placed_created_idx), filtered to the area: in a busy town a
 *   page is there, after reading a few dozen rows.
 * - When the page is not full and older posts with a place exist, the area's box (posts_lat_lng_idx) for the rest,
 *   older than the window: an area that had fewer matches than that among the newest posts holds few posts.
 * One query left the choice to the planner, which multiplies the selectivities of "has a place" and of the box's
 * latitude and longitude as if they were independent: at bench size (1M posts, 10 % with a place, 27k of them in
 * the town's 10-mile box) it expected 9 rows from the box and read all 27k, then sorted them (bench/results/history.md, j).
 */
export async function selectNearbyPosts(db: Executor, options: NearbyOptions): Promise<PostListRow[]> {
  const recent = await nearbyPostsQuery(db, options, "newest placed");
  if (recent.length >= options.limit) return recent;
  const boundary = await oldestOfNearbyWindow(db, options.cursor);
  if (!boundary) return recent;
  const older = await nearbyPostsQuery(
    db,
    { ...options, cursor: boundary, limit: options.limit - recent.length },
    "area",
  );
  return [...recent, ...older];
}

/** One step of selectNearbyPosts: the page's posts read from `source`. */
export function nearbyPostsQuery(db: Executor, options: NearbyOptions, source: NearbySource) {
  const { viewer } = options;
  const placed = sql`${posts.latitude} is not null and ${posts.longitude} is not null`;
  // The window is a subquery with its own order and limit, which the planner must read as written.
  const from =
    source === "newest placed"
      ? db
          .select()
          .from(posts)
          .where(and(placed, olderThan(options.cursor, posts.createdAt, posts.id)))
          .orderBy(sql`${posts.createdAt} desc nulls last, ${posts.id} desc nulls last`)
          .limit(NEARBY_WINDOW)
          .as("posts")
      : posts;
  const conditions = [
    authorVisibleTo(null),
    sql`${users.isDeleted} = false`,
    authorNotSuspended(options.now),
    placed,
    ...locationConditions({ ...options.centre, radius: options.radiusMiles }),
    olderThan(options.cursor, posts.createdAt, posts.id),
  ];
  if (viewer) conditions.push(notBlockedWith(viewer.id, posts.authorId));
  conditions.push(postShownTo(viewer));
  return db
    .select(postListColumns(viewer, options.now))
    .from(from)
    .innerJoin(users, eq(users.id, posts.authorId))
    .where(and(...conditions))
    .orderBy(sql`${posts.createdAt} desc nulls last, ${posts.id} desc nulls last`)
    .limit(options.limit);
}

/** The last post of the window after `cursor` when the window is full (older posts with a place exist), else null. */
export async function oldestOfNearbyWindow(db: Executor, cursor: KeysetCursor | null): Promise<KeysetCursor | null> {
  const [row] = await db
    .select({ createdAt: posts.createdAt, id: posts.id })
    .from(posts)
    .where(
      and(
        sql`${posts.latitude} is not null and ${posts.longitude} is not null`,
        olderThan(cursor, posts.createdAt, posts.id),
      ),
    )
    .orderBy(sql`${posts.createdAt} desc nulls last, ${posts.id} desc nulls last`)
    .offset(NEARBY_WINDOW - 1)
    .limit(1);
  return row ?? null;
}

/** Position in a ranked search: the last row's rank, then (createdAt desc, id desc) among equal ranks. */
export type SearchCursor = RankedCursor;

export interface PostSearchOptions {
  viewer: Viewer | null;
  /** A tsquery in to_tsquery syntax, built from the viewer's words by the service. */
  tsquery: string;
  /** The posts to rank: newestMatchingPostIds' answer for the same tsquery. */
  candidateIds: string[];
  cursor: SearchCursor | null;
  limit: number;
  now: Date;
}

/**
 * How many matching posts a search ranks at most: the newest ones. Matching is an index lookup, but ranking reads each
 * candidate's document, so a common word would otherwise rank thousands of posts for one page.
 */
export const POST_SEARCH_CANDIDATES = 500;

/** How many of the newest posts the first look for candidates reads at most (see newestMatchingPostIds). */
export const POST_SEARCH_WINDOW = 10_000;

/**
 * The ids of the newest POST_SEARCH_CANDIDATES posts whose stored document matches `tsquery`, newest first, whatever
 * the word's frequency, at a bounded cost:
 * - First the newest `window` posts, read newest first (posts_created_idx) until the list is full: a common word
 *   fills it after a few thousand rows (at bench size, about 4,000 rows for a word in one post of eight).
 * - When fewer match there, every older match comes from posts_search_idx (a bitmap over the GIN index), and the
 *   newest are kept: a word that rare among the newest posts has few matches (its cost grows with their number).
 * Each step is fenced (a subquery with its own order and limit; a materialized CTE) so that the planner cannot pick
 * the other path. PostgreSQL keeps no statistics for prefix queries (`cafe:*` is estimated at 2 % of the rows
 * whatever it matches): left to choose, it walked all 1M posts by date for a word no post had (scenario i: 3.8
 * req/s), and intersected the GIN index with the date range for a common one (168 ms; bench/results/history.md).
 */
export async function newestMatchingPostIds(
  db: Executor,
  tsquery: string,
  window: number = POST_SEARCH_WINDOW,
): Promise<string[]> {
  const recent = await recentMatches(db, tsquery, window);
  if (recent.length === POST_SEARCH_CANDIDATES) return recent.map((row) => row.id);
  const boundary = await db
    .select({ createdAt: posts.createdAt, id: posts.id })
    .from(posts)
    .orderBy(sql`${posts.createdAt} desc nulls last, ${posts.id} desc nulls last`)
    .offset(window - 1)
    .limit(1);
  const older = boundary[0];
  if (!older) return recent.map((row) => row.id);
  const every = await db.execute(olderMatches(tsquery, older, POST_SEARCH_CANDIDATES - recent.length));
  const olderIds = (every as unknown as { rows: { id: string }[] }).rows.map((row) => row.id);
  return [...recent.map((row) => row.id), ...olderIds];
}

const matching = (tsquery: string) => sql`${posts.searchDocument} @@ to_tsquery('english', ${tsquery})`;

/** The newest matches among the newest `window` posts (the first step of newestMatchingPostIds). */
export function recentMatches(db: Executor, tsquery: string, window: number) {
  const newest = db
    .select({ id: posts.id, createdAt: posts.createdAt, searchDocument: posts.searchDocument })
    .from(posts)
    .orderBy(sql`${posts.createdAt} desc nulls last, ${posts.id} desc nulls last`)
    .limit(window)
    .as("posts");
  return db
    .select({ id: newest.id })
    .from(newest)
    .where(sql`${newest.searchDocument} @@ to_tsquery('english', ${tsquery})`)
    .orderBy(sql`${newest.createdAt} desc nulls last, ${newest.id} desc nulls last`)
    .limit(POST_SEARCH_CANDIDATES);
}

/** The newest `limit` matches strictly older than `boundary`, through the GIN index (the second step). */
export function olderMatches(tsquery: string, boundary: KeysetCursor, limit: number): SQL {
  return sql`
    with matches as materialized (
      select ${posts.id} as id, ${posts.createdAt} as created_at from ${posts} where ${matching(tsquery)}
    )
    select id from matches
    where ${olderThan(boundary, sql`created_at`, sql`id`)}
    order by created_at desc nulls last, id desc nulls last limit ${limit}`;
}

/**
 * Posts whose title, content or tags match, that the viewer may see (the feed's rule: author visibility, blocks,
 * deletion; suspended authors hidden from others), best match first among the candidates (the newest
 * POST_SEARCH_CANDIDATES matches, found by newestMatchingPostIds). Ranking reads the stored document, so no post's
 * text is parsed again. A locked post (canViewFull: pay-per-view not unlocked, whatever the subscription;
 * subscribers-only without a subscription) shows only its title and tags to the viewer, so only those may match and rank it: its
 * hidden text gives nothing away. Title and tags are the document's weight-A lexemes (the text is weight B), so
 * `ts_filter(document, '{a}')` is exactly the title-and-tags document.
 */
export function selectPostSearch(db: Executor, options: PostSearchOptions) {
  const { viewer } = options;
  const query = sql`to_tsquery('english', ${options.tsquery})`;
  const fullDocument = posts.searchDocument;
  const openDocument = sql`ts_filter(${posts.searchDocument}, '{a}')`;
  const columns = postListColumns(viewer, options.now);
  const mayReadAll = canViewFullSql(viewer, columns);
  const rank = sql<number>`(case when ${mayReadAll} then ts_rank(${fullDocument}, ${query}) else ts_rank(${openDocument}, ${query}) end)::float4`;
  // The candidates stand in for `posts` in the query below, so only they are read, filtered and ranked.
  const candidates = db.select().from(posts).where(inArray(posts.id, options.candidateIds)).as("posts");
  const conditions = [sql`(${mayReadAll} or ${openDocument} @@ ${query})`, ...visibleToViewer(viewer)];
  if (!viewer) conditions.push(authorNotSuspended(options.now));
  else if (!viewer.isSuperuser)
    conditions.push(sql`(${authorNotSuspended(options.now)} or ${users.id} = ${viewer.id})`);
  if (options.cursor) {
    conditions.push(
      keysetAfter("desc", [
        { column: rank, value: options.cursor.rank, type: "float4" },
        { column: posts.createdAt, value: options.cursor.createdAt, type: "timestamptz" },
        { column: posts.id, value: options.cursor.id, type: "uuid" },
      ]),
    );
  }
  return db
    .select({ ...columns, rank })
    .from(candidates)
    .innerJoin(users, eq(users.id, posts.authorId))
    .where(and(...conditions))
    .orderBy(desc(rank), desc(posts.createdAt), desc(posts.id))
    .limit(options.limit);
}
