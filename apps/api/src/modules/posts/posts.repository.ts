import type { LocationQuery } from "@plaza/contracts/location";
import { and, desc, eq, type Placeholder, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Executor } from "../../db/client";
import { businesses } from "../../db/schema/businesses";
import { coupons } from "../../db/schema/coupons";
import { partnerships } from "../../db/schema/partnerships";
import { ledgerTransactions, ppvUnlocks, subscriptions } from "../../db/schema/payments";
import { likes, postColumns, postMedia, posts } from "../../db/schema/posts";
import { uploads } from "../../db/schema/uploads";
import { users } from "../../db/schema/users";
import { encodeCursor, type KeysetCursor, type Page } from "../../lib/cursor";
import { boundingBox, distanceInMetersSql, METERS_PER_MILE, withinBoxSql } from "../../lib/geo";
import { newestFirst, type PageRequest, paginate } from "../../lib/paginate";
import { notBlockedWith } from "../relationships/relationships.repository";
import { type UserSummaryRow, userSummaryColumns } from "../users/user-summary.repository";
import { authorVisibleTo } from "../users/users.policy";
import type { Viewer } from "../users/viewer";
import { canViewFullSql } from "./posts.policy";

/** A post as lists and services read it: every column but the stored search document (only search reads it). */
export type PostRow = Omit<typeof posts.$inferSelect, "searchDocument">;
/** The posts columns a filter reads: of `posts` itself or of an alias of it. */
type PostColumns = Record<
  "id" | "createdAt" | "city" | "state" | "country" | "countryCode" | "latitude" | "longitude",
  AnyPgColumn
>;
export type NewPostRow = typeof posts.$inferInsert;

/** A post's or comment's author: a person in a list (a business account speaks as its business). */
export const authorColumns = userSummaryColumns();

/** A post with its author and what the viewer has done with it, read in one query. */
export interface PostListRow {
  post: PostRow;
  /** The author; a business account's posts are signed with its business's name and logo (speaksAs). */
  author: UserSummaryRow;
  isLiked: boolean;
  isUnlocked: boolean;
  isSubscribed: boolean;
  /** For the author only: someone paid for the post (a tip or an unlock), so its type and price are fixed. */
  priceLocked: boolean;
  /** The tagged place, read by its primary key inside the list query. */
  business: { id: string; name: string } | null;
  /** The post's media items in order. */
  media: PostMediaJson[];
  /** The partner perk attached to the post while its partnership is accepted, else null. */
  perk: PostPerkJson | null;
}

/** A post's attached perk as the list query returns it (json). */
export interface PostPerkJson {
  id: string;
  title: string;
  businessId: string;
  businessName: string;
  discountType: "percentage" | "fixed" | "freeItem";
  discountValue: number | string;
}

/**
 * The attached perk, read by primary keys inside the list query (no query per post). Null once the partnership
 * ended (docs/PRODUCT.md "Partnerships": an ended partnership's perks are no longer shown).
 */
const perkColumn = sql<PostPerkJson | null>`(case when ${posts.perkCouponId} is null then null else (
  select json_build_object('id', ${coupons.id}, 'title', ${coupons.title}, 'businessId', ${businesses.id},
    'businessName', ${businesses.name}, 'discountType', ${coupons.discountType}, 'discountValue', ${coupons.discountValue})
  from ${coupons} join ${partnerships} on ${partnerships.id} = ${coupons.partnershipId}
  join ${businesses} on ${businesses.id} = ${coupons.businessId}
  where ${coupons.id} = ${posts.perkCouponId} and ${partnerships.status} = 'accepted') end)`;

export type NewPostMediaRow = typeof postMedia.$inferInsert;

/** A media item as the post list query returns it (json, so camelCase keys are written out below). */
export interface PostMediaJson {
  type: "image" | "video";
  url: string;
  uploadId: string | null;
  width: number;
  height: number;
  placeholder: string | null;
  variantWidths: number[];
  alt: string | null;
  /** The upload's processing state (the picture and video jobs); null for pictures stored before there were jobs. */
  processingStatus: "processing" | "ready" | "failed" | null;
  durationSeconds: number | null;
}

/**
 * A post's media items as one json array, read by the primary key (post_id, position) inside the list query, so a
 * page stays one query. An item's state, size, widths, length and placeholder come from its upload while there is
 * one, which the picture and video jobs update (a post made while its picture was processing shows it ready).
 */
const mediaColumn = sql<PostMediaJson[]>`coalesce((select json_agg(json_build_object(
  'type', ${postMedia.type}, 'url', ${postMedia.url}, 'uploadId', ${postMedia.uploadId},
  'width', coalesce(${uploads.width}, ${postMedia.width}), 'height', coalesce(${uploads.height}, ${postMedia.height}),
  'placeholder', coalesce(${postMedia.placeholder}, ${uploads.placeholder}), 'variantWidths', coalesce(${uploads.variantWidths}, ${postMedia.variantWidths}), 'alt', ${postMedia.alt},
  'processingStatus', ${uploads.processingStatus}, 'durationSeconds', ${uploads.durationSeconds}
) order by ${postMedia.position}) from ${postMedia} left join ${uploads} on ${uploads.id} = ${postMedia.uploadId}
where ${postMedia.postId} = ${posts.id}), '[]'::json)`;

/** Stores a new post's media items (inside the post's transaction). */
export async function insertPostMedia(db: Executor, rows: NewPostMediaRow[]): Promise<void> {
  if (rows.length > 0) await db.insert(postMedia).values(rows);
}

/** The tagged business's id and name as json (a primary-key probe), so a page stays one query. */
const businessColumn = sql<{
  id: string;
  name: string;
} | null>`(select json_build_object('id', ${businesses.id}, 'name', ${businesses.name}) from ${businesses} where ${businesses.id} = ${posts.businessId})`;

/**
 * The columns of a post list: the post, its author and four per-viewer facts as correlated EXISTS
 * (each answered by a primary-key or unique index), so a page of any length is one query.
 */
export function postListColumns(viewer: Viewer | null, now: Date | Placeholder) {
  const nowValue = now instanceof Date ? now.toISOString() : now;
  if (!viewer) {
    return {
      post: postColumns,
      author: authorColumns,
      isLiked: sql<boolean>`false`,
      isUnlocked: sql<boolean>`false`,
      isSubscribed: sql<boolean>`false`,
      priceLocked: sql<boolean>`false`,
      business: businessColumn,
      media: mediaColumn,
      perk: perkColumn,
    };
  }
  return {
    post: postColumns,
    author: authorColumns,
    isLiked: sql<boolean>`exists (select 1 from ${likes} where ${likes.postId} = ${posts.id} and ${likes.userId} = ${viewer.id})`,
    isUnlocked: sql<boolean>`exists (select 1 from ${ppvUnlocks} where ${ppvUnlocks.postId} = ${posts.id} and ${ppvUnlocks.userId} = ${viewer.id})`,
    isSubscribed: sql<boolean>`exists (select 1 from ${subscriptions} where ${subscriptions.subscriberId} = ${viewer.id} and ${subscriptions.creatorId} = ${posts.authorId} and ${subscriptions.status} = 'active' and ${subscriptions.currentPeriodEnd} > ${nowValue}::timestamptz)`,
    // Asked only of the viewer's own posts, through ledger_transactions_post_idx.
    priceLocked: sql<boolean>`(${posts.authorId} = ${viewer.id} and exists (select 1 from ${ledgerTransactions} where ${ledgerTransactions.postId} = ${posts.id}))`,
    business: businessColumn,
    media: mediaColumn,
    perk: perkColumn,
  };
}

/**
 * Conditions every list shares: the author (the joined `users` row, whose id is `authorId`) is visible to the
 * viewer, not blocked either way, not being deleted.
 */
export function visibleToViewer(viewer: Viewer | null, authorId: AnyPgColumn = posts.authorId): SQL[] {
  const conditions = [authorVisibleTo(viewer)];
  // Read on posts (not only on their authors, as the feed's author list does): a hidden post stays out too.
  if (authorId === posts.authorId) conditions.push(postShownTo(viewer));
  if (viewer) {
    conditions.push(notBlockedWith(viewer.id, authorId));
    conditions.push(sql`(${users.isDeleted} = false or ${users.id} = ${viewer.id})`);
  } else {
    conditions.push(sql`${users.isDeleted} = false`);
  }
  return conditions;
}

/**
 * A post a moderator hid is shown to its author only, one a moderator deleted to nobody (the author's notice names
 * it; an appeal can bring either back). `table` is `posts` or an alias of it.
 */
export function postShownTo(
  viewer: Viewer | null,
  table: { hiddenAt: AnyPgColumn; removedAt: AnyPgColumn; authorId: AnyPgColumn } = posts,
): SQL {
  if (!viewer) return sql`(${table.removedAt} is null and ${table.hiddenAt} is null)`;
  return sql`(${table.removedAt} is null and (${table.hiddenAt} is null or ${table.authorId} = ${viewer.id}))`;
}

/**
 * The location filter as conditions: city/state/country compare case-insensitively through the lower()
 * indexes; a radius narrows by a bounding box on the lat/lng index, then keeps exact haversine distances.
 */
export function locationConditions(location: LocationQuery, table: PostColumns = posts): SQL[] {
  const conditions: SQL[] = [];
  if (location.city) conditions.push(sql`lower(${table.city}) = lower(${location.city})`);
  if (location.state) conditions.push(sql`lower(${table.state}) = lower(${location.state})`);
  if (location.country) conditions.push(sql`lower(${table.country}) = lower(${location.country})`);
  if (location.countryCode) conditions.push(sql`upper(${table.countryCode}) = upper(${location.countryCode})`);
  if (location.latitude !== undefined && location.longitude !== undefined && location.radius !== undefined) {
    const centre = { latitude: location.latitude, longitude: location.longitude };
    const radiusMeters = location.radius * METERS_PER_MILE;
    conditions.push(...withinBoxSql(table.latitude, table.longitude, boundingBox(centre, radiusMeters)));
    conditions.push(sql`${distanceInMetersSql(table.latitude, table.longitude, centre)} <= ${radiusMeters}::float8`);
  }
  return conditions;
}

export interface TrendingOptions {
  viewer: Viewer | null;
  location: LocationQuery;
  since: Date;
  limit: number;
  now: Date;
}

/** The most-liked posts since `since` that the viewer may see, optionally near a place. */
export function selectTrending(db: Executor, options: TrendingOptions): Promise<PostListRow[]> {
  return db
    .select(postListColumns(options.viewer, options.now))
    .from(posts)
    .innerJoin(users, eq(users.id, posts.authorId))
    .where(
      and(
        sql`${posts.createdAt} >= ${options.since.toISOString()}::timestamptz`,
        ...visibleToViewer(options.viewer),
        ...suspendedAuthorsHidden(options.viewer, options.now),
        ...locationConditions(options.location),
      ),
    )
    .orderBy(desc(posts.likeCount), desc(posts.createdAt), desc(posts.id))
    .limit(options.limit);
}

/**
 * Conditions of the public surfaces (nearby, search for signed-out viewers): the author is not suspended
 * (a suspension without an end, or one that has not ended yet, hides their posts from strangers).
 */
export function authorNotSuspended(now: Date): SQL {
  return sql`not (${users.isSuspended} and (${users.suspendedUntil} is null or ${users.suspendedUntil} > ${now.toISOString()}::timestamptz))`;
}

/**
 * Suspended authors' posts hidden, as search, nearby and trending do: from everyone but the author themself and
 * superusers (docs/PRODUCT.md "Closing the outside review").
 */
export function suspendedAuthorsHidden(viewer: Viewer | null, now: Date): SQL[] {
  if (!viewer) return [authorNotSuspended(now)];
  if (viewer.isSuperuser) return [];
  return [sql`(${authorNotSuspended(now)} or ${users.id} = ${viewer.id})`];
}

/** Changes a post's editable fields and stamps editedAt; returns false when the post is gone. */
export async function updatePostRow(db: Executor, postId: string, values: Partial<NewPostRow>): Promise<boolean> {
  const updated = await db.update(posts).set(values).where(eq(posts.id, postId)).returning({ id: posts.id });
  return updated.length > 0;
}

/** The cursor of a post in a list ordered by (createdAt desc, id desc). */
export const byPostCreation = (row: { post: { createdAt: Date; id: string } }) => encodeCursor(row.post);

/** One author's posts, newest first (the caller has checked that the viewer may see them). */
export function selectAuthorPosts(
  db: Executor,
  options: { authorId: string; viewer: Viewer | null; now: Date },
  page: PageRequest<KeysetCursor>,
): Promise<Page<PostListRow>> {
  return paginate(
    page,
    newestFirst(posts.createdAt, posts.id),
    ({ after, orderBy, limit }) =>
      db
        .select(postListColumns(options.viewer, options.now))
        .from(posts)
        .innerJoin(users, eq(users.id, posts.authorId))
        .where(and(eq(posts.authorId, options.authorId), postShownTo(options.viewer), after))
        .orderBy(...orderBy)
        .limit(limit),
    byPostCreation,
  );
}

/**
 * A business's customers' photos: posts tagged to it that hold a picture and that the viewer may see in full, under
 * the feeds' one rule (author visibility incl. private accounts, blocks either way, deletion; suspended authors
 * hidden from others), newest first, through posts_business_created_idx.
 */
export function selectBusinessPhotoPosts(
  db: Executor,
  options: { businessId: string; viewer: Viewer | null; now: Date },
  page: PageRequest<KeysetCursor>,
): Promise<Page<PostListRow>> {
  const { viewer } = options;
  const columns = postListColumns(viewer, options.now);
  const conditions = [
    eq(posts.businessId, options.businessId),
    sql`exists (select 1 from ${postMedia} where ${postMedia.postId} = ${posts.id} and ${postMedia.type} = 'image')`,
    canViewFullSql(viewer, columns),
    ...visibleToViewer(viewer),
  ];
  if (!viewer) conditions.push(authorNotSuspended(options.now));
  else if (!viewer.isSuperuser)
    conditions.push(sql`(${authorNotSuspended(options.now)} or ${users.id} = ${viewer.id})`);
  return paginate(
    page,
    newestFirst(posts.createdAt, posts.id, { nullsLast: true }),
    ({ after, orderBy, limit }) =>
      db
        .select(columns)
        .from(posts)
        .innerJoin(users, eq(users.id, posts.authorId))
        .where(and(...conditions, after))
        .orderBy(...orderBy)
        .limit(limit),
    byPostCreation,
  );
}

/** One post with its author and the viewer's facts, or undefined. Visibility is the caller's to check. */
export async function selectPostForViewer(
  db: Executor,
  postId: string,
  viewer: Viewer | null,
  now: Date,
): Promise<PostListRow | undefined> {
  const [row] = await db
    .select(postListColumns(viewer, now))
    .from(posts)
    .innerJoin(users, eq(users.id, posts.authorId))
    .where(eq(posts.id, postId))
    .limit(1);
  return row;
}

export async function findPostById(
  db: Executor,
  postId: string,
  options: { forUpdate?: boolean } = {},
): Promise<PostRow | undefined> {
  const query = db.select(postColumns).from(posts).where(eq(posts.id, postId)).limit(1);
  const [row] = options.forUpdate ? await query.for("update") : await query;
  return row;
}

/**
 * Stores a post and adds it to its author's posts count in one statement: a data-modifying WITH runs as a whole or
 * not at all, so the count never misses a post, and a post without media needs no BEGIN and COMMIT round trips
 * around two statements (POST /api/posts p99 under a celebrity's followers' reads, bench/results/history.md).
 */
export async function insertPostCountingAuthor(db: Executor, values: NewPostRow): Promise<string> {
  const insert = db.insert(posts).values(values).returning({ id: posts.id });
  const count = db
    .update(users)
    .set({ postsCount: sql`greatest(0, ${users.postsCount} + 1)` })
    .where(eq(users.id, values.authorId));
  // An embedded query comes in parentheses of its own: "with inserted as (insert …), counted as (update …)".
  const result = (await db.execute(
    sql`with inserted as ${insert}, counted as ${count} select id from inserted`,
  )) as unknown as { rows: { id: string }[] };
  const id = result.rows[0]?.id;
  if (!id) throw new Error("insert into posts returned no row");
  return id;
}

/** True when money moved for this post (a tip or an unlock recorded in the append-only ledger). */
export async function hasLedgerTransactions(db: Executor, postId: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(ledgerTransactions)
    .where(eq(ledgerTransactions.postId, postId))
    .limit(1);
  return row !== undefined;
}

/** Sets or clears a post's `removedAt`; returns the post when it changed (removed once, restored once). */
export async function markPostRemoved(db: Executor, postId: string, removedAt: Date | null) {
  const [row] = await db
    .update(posts)
    .set({ removedAt })
    .where(and(eq(posts.id, postId), removedAt ? sql`${posts.removedAt} is null` : sql`${posts.removedAt} is not null`))
    .returning({ id: posts.id, authorId: posts.authorId });
  return row;
}

export async function deletePostRow(db: Executor, postId: string): Promise<boolean> {
  const deleted = await db.delete(posts).where(eq(posts.id, postId)).returning({ id: posts.id });
  return deleted.length > 0;
}

export async function changePostsCount(db: Executor, userId: string, delta: 1 | -1): Promise<void> {
  await db
    .update(users)
    .set({ postsCount: sql`greatest(0, ${users.postsCount} + ${delta})` })
    .where(eq(users.id, userId));
}

/** True when someone bought the post (an unlock in the append-only ledger, read through ledger_transactions_post_idx). */
export async function hasUnlockPurchases(db: Executor, postId: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(ledgerTransactions)
    .where(and(eq(ledgerTransactions.postId, postId), eq(ledgerTransactions.kind, "ppv_unlock")))
    .limit(1);
  return row !== undefined;
}
