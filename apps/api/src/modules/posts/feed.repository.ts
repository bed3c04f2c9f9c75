/** The feed query: one prepared statement per page (docs/decisions/0004-feed-and-search.md "Feed"). */
import type { LocationQuery } from "@plaza/contracts/location";
import { and, desc, eq, type Placeholder, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Executor } from "../../db/client";
import { preparedStatement } from "../../db/prepared";
import { follows } from "../../db/schema/follows";
import { posts } from "../../db/schema/posts";
import { users } from "../../db/schema/users";
import { type KeysetCursor, olderThan } from "../../lib/cursor";
import type { Viewer } from "../users/viewer";
import {
  locationConditions,
  type PostListRow,
  postListColumns,
  postShownTo,
  visibleToViewer,
} from "./posts.repository";

/** A cursor whose values are bound when a prepared statement runs. */
interface PlaceholderCursor {
  createdAt: Placeholder;
  id: Placeholder;
}

export interface FeedOptions {
  viewer: Viewer;
  location: LocationQuery;
  cursor: KeysetCursor | null;
  /** Rows to fetch (page size + 1, so the caller knows whether there is a next page). */
  limit: number;
  now: Date;
}

/** The newest posts of one author at a time, inside the feed query (the alias keeps it apart from the outer `posts`). */
const candidate = alias(posts, "candidate");

/**
 * The viewer's and followed users' posts, newest first: one query whatever the page length, and whatever the
 * number of posts the followed accounts have.
 * 1. `authors`: the followed users and the viewer, filtered per author (visibility, blocks, deletion).
 * 2. `heads`: each author's newest post after the cursor, one entry of posts_author_created_idx per author (index
 *    only: created_at and id; "nulls last" as in the index, so each scan stops at once).
 * 3. `threshold`: the `limit`-th newest head. The `limit` newest heads are `limit` distinct posts at or above it,
 *    so every post of the page is at or above it too; without that many heads there is no threshold.
 * 4. Only the authors whose head is at or above the threshold (at most `limit` of them, ties aside) are read
 *    further: each one's newest `limit` posts down to the threshold, again from the index (the threshold is an
 *    index condition), and the newest `limit` of those make the page. Only those rows are read in full.
 * So a page costs one index probe per followed author plus at most limit × limit index entries, never all their
 * posts, and page 50 costs what page 1 does.
 */
export function selectFeedPage(db: Executor, options: FeedOptions) {
  return feedQuery(db, options);
}

/** selectFeedPage with any of its values left as placeholders (see readFeedPage). */
function feedQuery(
  db: Executor,
  options: {
    viewer: Viewer;
    location: LocationQuery;
    cursor: KeysetCursor | PlaceholderCursor | null;
    limit: number | Placeholder;
    now: Date | Placeholder;
  },
) {
  const { viewer, limit } = options;
  const authorPosts = (authorId: SQL) =>
    and(
      sql`${candidate.authorId} = ${authorId}`,
      postShownTo(viewer, candidate),
      ...locationConditions(options.location, candidate),
      olderThan(options.cursor, candidate.createdAt, candidate.id),
    );
  const newestFirst = sql`${candidate.createdAt} desc nulls last, ${candidate.id} desc nulls last`;
  // The threshold as a row value; with fewer heads than a page there is none, and everything is at or above it.
  const threshold = sql`(
    coalesce((select created_at from threshold), '-infinity'::timestamptz),
    coalesce((select id from threshold), '00000000-0000-0000-0000-000000000000'::uuid)
  )`;
  const pageIds = sql`(
    with authors as (
      select ${users.id} as author_id
      from (
        select ${follows.followingId} as author_id from ${follows} where ${follows.followerId} = ${viewer.id}
        union all select ${viewer.id}::uuid
      ) as followed
      inner join ${users} on ${users.id} = followed.author_id
      where ${and(...visibleToViewer(viewer, users.id))}
    ),
    heads as (
      select authors.author_id, head.created_at, head.id
      from authors
      cross join lateral (
        select ${candidate.createdAt} as created_at, ${candidate.id} as id
        from ${posts} as ${candidate}
        where ${authorPosts(sql`authors.author_id`)}
        order by ${newestFirst}
        limit 1
      ) as head
    ),
    threshold as (
      select created_at, id from heads order by created_at desc, id desc offset ${limit} - 1 limit 1
    )
    select latest.id
    from heads
    cross join lateral (
      select ${candidate.id} as id, ${candidate.createdAt} as created_at
      from ${posts} as ${candidate}
      where ${authorPosts(sql`heads.author_id`)}
        and (${candidate.createdAt}, ${candidate.id}) >= ${threshold}
      order by ${newestFirst}
      limit ${limit}
    ) as latest
    where (heads.created_at, heads.id) >= ${threshold}
    order by latest.created_at desc, latest.id desc
    limit ${limit}
  )`;
  return db
    .select(postListColumns(viewer, options.now))
    .from(posts)
    .innerJoin(users, eq(users.id, posts.authorId))
    .where(sql`${posts.id} in ${pageIds}`)
    .orderBy(desc(posts.createdAt), desc(posts.id))
    .limit(limit);
}

/** Builds a placeholder for a string value: drizzle sends it as a bind parameter of a prepared statement. */
const stringParam = (name: string) => sql.placeholder(name) as unknown as string;

/** The placeholder values of a prepared feed statement. */
export function feedStatementValues(options: FeedOptions): Record<string, unknown> {
  return {
    viewerId: options.viewer.id,
    limit: options.limit,
    now: options.now.toISOString(),
    ...(options.cursor ? { cursorCreatedAt: options.cursor.createdAt.toISOString(), cursorId: options.cursor.id } : {}),
  };
}

/**
 * Reads a feed page. Without a location filter (the common case) it runs a named prepared statement: the query
 * text is built once per shape instead of on every request, and PostgreSQL can reuse the plan. With a filter it
 * builds the query as selectFeedPage does.
 */
export function readFeedPage(db: Executor, options: FeedOptions): Promise<PostListRow[]> {
  if (Object.values(options.location).some((value) => value !== undefined)) return selectFeedPage(db, options);
  const isSuperuser = options.viewer.isSuperuser;
  const hasCursor = options.cursor !== null;
  const name = `feed_${isSuperuser ? "all" : "visible"}_${hasCursor ? "after" : "first"}`;
  const statement = preparedStatement(db, name, () =>
    unpreparedFeedQuery(db, { isSuperuser, hasCursor }).prepare(name),
  );
  return statement.execute(feedStatementValues(options));
}

/**
 * The unfiltered feed for one shape with its values as placeholders: readFeedPage prepares it, and the benchmark
 * runs it through the driver.
 */
export function unpreparedFeedQuery(db: Executor, options: { isSuperuser: boolean; hasCursor: boolean }) {
  return feedQuery(db, {
    viewer: { id: stringParam("viewerId"), isSuperuser: options.isSuperuser },
    location: {},
    cursor: options.hasCursor
      ? { createdAt: sql.placeholder("cursorCreatedAt"), id: sql.placeholder("cursorId") }
      : null,
    limit: sql.placeholder("limit"),
    now: sql.placeholder("now"),
  });
}
