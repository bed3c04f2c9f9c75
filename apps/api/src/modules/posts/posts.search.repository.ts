import { and, desc, eq, sql } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { posts } from "../../db/schema/posts";
import { users } from "../../db/schema/users";
import { type KeysetCursor, keysetAfter, olderThan, type RankedCursor } from "../../lib/cursor";
import { notBlockedWith } from "../relationships/relationships.repository";
import { authorVisibleTo, type PostViewer } from "./posts.policy";
import { authorNotSuspended, locationConditions, postListColumns, visibleToViewer } from "./posts.repository";

export interface NearbyOptions {
  viewer: PostViewer | null;
  centre: { latitude: number; longitude: number };
  radiusMiles: number;
  cursor: KeysetCursor | null;
  limit: number;
  now: Date;
}

/**
 * Posts anyone may see (public authors; blocks either way with a signed-in viewer; not deleted or suspended)
 * made within the radius, newest first. The radius is a bounding box plus exact haversine, as in the feed's filter.
 * The planner walks posts with a place newest first (posts_placed_created_idx, "nulls last" as in the index) and
 * stops once a page of them falls inside the box, so a busy town's history is never read nor sorted; for an area
 * with few posts it reads the box from posts_lat_lng_idx instead.
 */
export function selectNearbyPosts(db: Executor, options: NearbyOptions) {
  const { viewer } = options;
  const conditions = [
    authorVisibleTo(null),
    sql`${users.isDeleted} = false`,
    authorNotSuspended(options.now),
    // The partial index's own condition, so the planner may use it.
    sql`${posts.latitude} is not null and ${posts.longitude} is not null`,
    ...locationConditions({ ...options.centre, radius: options.radiusMiles }),
    olderThan(options.cursor, posts.createdAt, posts.id),
  ];
  if (viewer) conditions.push(notBlockedWith(viewer.id, posts.authorId));
  return db
    .select(postListColumns(viewer, options.now))
    .from(posts)
    .innerJoin(users, eq(users.id, posts.authorId))
    .where(and(...conditions))
    .orderBy(sql`${posts.createdAt} desc nulls last, ${posts.id} desc nulls last`)
    .limit(options.limit);
}

/** Position in a ranked search: the last row's rank, then (createdAt desc, id desc) among equal ranks. */
export type SearchCursor = RankedCursor;

export interface PostSearchOptions {
  viewer: PostViewer | null;
  /** A tsquery in to_tsquery syntax, built from the viewer's words by the service. */
  tsquery: string;
  cursor: SearchCursor | null;
  limit: number;
  now: Date;
}

/**
 * How many matching posts a search ranks at most: the newest ones. Matching is an index lookup, but ranking reads each
 * candidate's document, so a common word would otherwise rank thousands of posts for one page.
 */
export const POST_SEARCH_CANDIDATES = 1000;

/**
 * Posts whose title, content or tags match, that the viewer may see (the feed's rule: author visibility, blocks,
 * deletion; suspended authors hidden from others), best match first among the newest POST_SEARCH_CANDIDATES
 * matches. Matching goes through posts_search_idx (GIN over the stored search_document); ranking reads the stored
 * document too, so no post's text is parsed again. A locked post (pay-per-view not unlocked, subscribers-only
 * without a subscription) shows only its title and tags to the viewer, so only those may match and rank it: its
 * hidden text gives nothing away. Title and tags are the document's weight-A lexemes (the text is weight B), so
 * `ts_filter(document, '{a}')` is exactly the title-and-tags document.
 */
export function selectPostSearch(db: Executor, options: PostSearchOptions) {
  const { viewer } = options;
  const query = sql`to_tsquery('english', ${options.tsquery})`;
  const fullDocument = posts.searchDocument;
  const openDocument = sql`ts_filter(${posts.searchDocument}, '{a}')`;
  const columns = postListColumns(viewer, options.now);
  const mayReadAll = viewer
    ? sql`(${posts.postType} = 'free' or ${posts.authorId} = ${viewer.id} or ${columns.isUnlocked} or ${columns.isSubscribed})`
    : sql`(${posts.postType} = 'free')`;
  const rank = sql<number>`(case when ${mayReadAll} then ts_rank(${fullDocument}, ${query}) else ts_rank(${openDocument}, ${query}) end)::float4`;
  // The newest matches stand in for `posts` in the query below, so only they are read, filtered and ranked.
  const candidates = db
    .select()
    .from(posts)
    .where(sql`${posts.searchDocument} @@ ${query}`)
    .orderBy(sql`${posts.createdAt} desc nulls last, ${posts.id} desc nulls last`)
    .limit(POST_SEARCH_CANDIDATES)
    .as("posts");
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
