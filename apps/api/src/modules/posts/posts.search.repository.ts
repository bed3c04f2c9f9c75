import { and, desc, eq, sql } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { postSearchDocument, posts } from "../../db/schema/posts";
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
 * made within the radius, newest first. The radius is a bounding box on posts_lat_lng_idx plus exact haversine,
 * as in the feed's filter; the box bounds the rows read, and only they are sorted.
 */
export function selectNearbyPosts(db: Executor, options: NearbyOptions) {
  const { viewer } = options;
  const conditions = [
    authorVisibleTo(null),
    sql`${users.isDeleted} = false`,
    authorNotSuspended(options.now),
    ...locationConditions({ ...options.centre, radius: options.radiusMiles }),
    olderThan(options.cursor, posts.createdAt, posts.id),
  ];
  if (viewer) conditions.push(notBlockedWith(viewer.id, posts.authorId));
  return db
    .select(postListColumns(viewer, options.now))
    .from(posts)
    .innerJoin(users, eq(users.id, posts.authorId))
    .where(and(...conditions))
    .orderBy(desc(posts.createdAt), desc(posts.id))
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
 * Posts whose title, content or tags match, that the viewer may see (the feed's rule: author visibility, blocks,
 * deletion; suspended authors hidden from others), best match first. Matching goes through posts_search_idx (GIN).
 * A locked post (pay-per-view not unlocked, subscribers-only without a subscription) shows only its title and tags
 * to the viewer, so only those may match and rank it: its hidden text gives nothing away.
 */
export function selectPostSearch(db: Executor, options: PostSearchOptions) {
  const { viewer } = options;
  const query = sql`to_tsquery('english', ${options.tsquery})`;
  const fullDocument = postSearchDocument(posts.title, posts.content, posts.tags);
  const openDocument = postSearchDocument(posts.title, sql`''`, posts.tags);
  const columns = postListColumns(viewer, options.now);
  const mayReadAll = viewer
    ? sql`(${posts.postType} = 'free' or ${posts.authorId} = ${viewer.id} or ${columns.isUnlocked} or ${columns.isSubscribed})`
    : sql`(${posts.postType} = 'free')`;
  const rank = sql<number>`(case when ${mayReadAll} then ts_rank(${fullDocument}, ${query}) else ts_rank(${openDocument}, ${query}) end)::float4`;
  const conditions = [
    sql`${fullDocument} @@ ${query}`,
    sql`(${mayReadAll} or ${openDocument} @@ ${query})`,
    ...visibleToViewer(viewer),
  ];
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
    .from(posts)
    .innerJoin(users, eq(users.id, posts.authorId))
    .where(and(...conditions))
    .orderBy(desc(rank), desc(posts.createdAt), desc(posts.id))
    .limit(options.limit);
}
