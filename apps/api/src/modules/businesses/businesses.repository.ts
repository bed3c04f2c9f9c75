import type { BusinessCategory } from "@plaza/contracts/businesses";
import { and, desc, eq, gt, gte, inArray, isNotNull, type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { type BusinessRow, businesses } from "../../db/schema/businesses";
import { type CheckinRow, checkins } from "../../db/schema/checkins";
import { couponRedemptions, coupons } from "../../db/schema/coupons";
import { follows } from "../../db/schema/follows";
import { users } from "../../db/schema/users";
import { afterValue, type KeysetCursor, olderThan, type ValueCursor } from "../../lib/cursor";
import { boundingBox, distanceInMetersSql, type Position, withinBoxSql } from "../../lib/geo";
import type { PostViewer } from "../posts/posts.policy";
import { checkinsVisibleTo, openNowSql } from "./businesses.policy";
import type { CheckinAuthor } from "./businesses.presenter";

const authorColumns = {
  id: users.id,
  username: users.username,
  firstName: users.firstName,
  lastName: users.lastName,
  profileImageUrl: users.profileImageUrl,
  isVerified: users.isVerified,
};

export async function findBusinessById(db: Executor, id: string): Promise<BusinessRow | undefined> {
  const [row] = await db.select().from(businesses).where(eq(businesses.id, id)).limit(1);
  return row;
}

export async function findBusinessByOwner(db: Executor, ownerId: string): Promise<BusinessRow | undefined> {
  const [row] = await db.select().from(businesses).where(eq(businesses.ownerId, ownerId)).limit(1);
  return row;
}

/** Reads the business and locks its row until the transaction ends (check-ins at one business run one by one). */
export async function lockBusiness(tx: Executor, id: string): Promise<BusinessRow | undefined> {
  const [row] = await tx.select().from(businesses).where(eq(businesses.id, id)).for("update").limit(1);
  return row;
}

export async function insertBusiness(db: Executor, values: typeof businesses.$inferInsert): Promise<BusinessRow> {
  const [row] = await db.insert(businesses).values(values).returning();
  if (!row) throw new Error("insert returned no row");
  return row;
}

export async function updateBusiness(
  db: Executor,
  id: string,
  values: Partial<typeof businesses.$inferInsert>,
): Promise<BusinessRow> {
  const [row] = await db.update(businesses).set(values).where(eq(businesses.id, id)).returning();
  if (!row) throw new Error("update returned no row");
  return row;
}

export async function countCoupons(db: Executor, businessId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(coupons)
    .where(eq(coupons.businessId, businessId));
  return row?.count ?? 0;
}

/** Businesses without coordinates sort after every real distance. */
const NO_DISTANCE = 1e12;

/**
 * How far the nearest-first list looks before it gives up on a box (metres): each step is a range over the lat/lng
 * index. A page is complete inside a circle once the circle holds more than a page after the cursor; otherwise the
 * next, wider circle is tried, and past the last every business is ordered.
 */
const NEAREST_SEARCH_RADII_METERS = [1_000, 4_000, 16_000, 64_000, 256_000, 1_024_000];

/** What narrows the Discover list, whatever its order. */
export interface DiscoverFilters {
  category?: BusinessCategory;
  /** "Search this area": only businesses within `radiusMeters` of `centre`. */
  area: { centre: Position; radiusMeters: number } | null;
  /** "Open now": only businesses open at this moment in their own time zone. */
  openAt?: Date;
}

/** A page of the Discover list: rows, each with its sort value (for the cursor) and distance when asked for. */
export interface DiscoverRow {
  business: BusinessRow;
  sortValue: number;
  distanceMeters: number | null;
  /** The owner's Verified badge (docs/PRODUCT.md "Local discovery"). */
  verified: boolean;
}

/**
 * The owner's Verified badge as a column of a business list: a primary-key probe inside the list's own query, so a
 * page stays one query.
 */
export const ownerVerifiedSql = sql<boolean>`coalesce((select ${users.isVerified} from ${users} where ${users.id} = ${businesses.ownerId}), false)`;

/**
 * The conditions every Discover order shares: published, the category, the area (a bounding box the lat/lng index
 * can range over, then the exact haversine), and open now (businesses.policy `openNowSql`).
 */
function discoverConditions(filters: DiscoverFilters): SQL[] {
  const conditions: SQL[] = [eq(businesses.isPublished, true)];
  if (filters.category) conditions.push(eq(businesses.category, filters.category));
  if (filters.openAt) conditions.push(openNowSql(filters.openAt));
  if (filters.area) {
    const { centre, radiusMeters } = filters.area;
    conditions.push(
      ...withinBoxSql(businesses.latitude, businesses.longitude, boundingBox(centre, radiusMeters)),
      sql`${distanceInMetersSql(businesses.latitude, businesses.longitude, centre)} <= ${radiusMeters}::float8`,
    );
  }
  return conditions;
}

function distanceOrNull(position: Position | null) {
  return position
    ? distanceInMetersSql(businesses.latitude, businesses.longitude, position)
    : sql<number | null>`null::float8`;
}

function toDiscoverRow(row: {
  business: BusinessRow;
  sortValue: unknown;
  distance: unknown;
  verified: boolean;
}): DiscoverRow {
  return {
    business: row.business,
    verified: row.verified,
    sortValue: Number(row.sortValue),
    distanceMeters: row.distance === null || row.distance === undefined ? null : Number(row.distance),
  };
}

/** Published businesses, newest first (keyset on created_at, id); distances from `position` when given. */
export async function listBusinessesByNewest(
  db: Executor,
  filters: DiscoverFilters,
  position: Position | null,
  limit: number,
  cursor: KeysetCursor | null,
): Promise<DiscoverRow[]> {
  const rows = await db
    .select({
      business: businesses,
      sortValue: sql<number>`0`,
      distance: distanceOrNull(position),
      verified: ownerVerifiedSql,
    })
    .from(businesses)
    .where(and(...discoverConditions(filters), olderThan(cursor, businesses.createdAt, businesses.id)))
    .orderBy(desc(businesses.createdAt), desc(businesses.id))
    .limit(limit + 1);
  return rows.map(toDiscoverRow);
}

/** Published businesses, best average rating first, then id (keyset on average_rating, id). */
export async function listBusinessesByRating(
  db: Executor,
  filters: DiscoverFilters,
  position: Position | null,
  limit: number,
  cursor: ValueCursor | null,
): Promise<DiscoverRow[]> {
  const rows = await db
    .select({
      business: businesses,
      sortValue: businesses.averageRating,
      distance: distanceOrNull(position),
      verified: ownerVerifiedSql,
    })
    .from(businesses)
    .where(
      and(
        ...discoverConditions(filters),
        afterValue(cursor, businesses.averageRating, businesses.id, "desc", "numeric"),
      ),
    )
    .orderBy(desc(businesses.averageRating), desc(businesses.id))
    .limit(limit + 1);
  return rows.map(toDiscoverRow);
}

/**
 * Published businesses, nearest to `position` first, with their distance (keyset on distance, id): limit + 1 rows
 * when there are more. Reads the businesses of the smallest circle around `position` that holds the page, not every
 * business.
 */
export async function listBusinessesByDistance(
  db: Executor,
  filters: DiscoverFilters,
  position: Position,
  limit: number,
  cursor: ValueCursor | null,
): Promise<DiscoverRow[]> {
  for (const radius of NEAREST_SEARCH_RADII_METERS) {
    // A page after the cursor lies beyond it, so circles no wider than the cursor's distance cannot hold it.
    if (cursor && cursor.value >= radius) continue;
    const rows = await selectNearestPage(db, filters, position, limit, cursor, radius);
    if (rows.length > limit) return rows;
  }
  return selectNearestPage(db, filters, position, limit, cursor, null);
}

/**
 * One nearest-first page, within `radius` metres of `position` (through the lat/lng index) or, with null, among
 * all published businesses, those without coordinates last.
 */
async function selectNearestPage(
  db: Executor,
  filters: DiscoverFilters,
  position: Position,
  limit: number,
  cursor: ValueCursor | null,
  radius: number | null,
): Promise<DiscoverRow[]> {
  const distance = distanceInMetersSql(businesses.latitude, businesses.longitude, position);
  const sortKey = radius === null ? sql<number>`coalesce(${distance}, ${NO_DISTANCE}::float8)` : distance;
  const rows = await db
    .select({ business: businesses, sortValue: sortKey, verified: ownerVerifiedSql })
    .from(businesses)
    .where(
      and(
        ...discoverConditions(filters),
        ...(radius === null
          ? []
          : [
              ...withinBoxSql(businesses.latitude, businesses.longitude, boundingBox(position, radius)),
              sql`${distance} <= ${radius}::float8`,
            ]),
        afterValue(cursor, sortKey, businesses.id, "asc", "float8"),
      ),
    )
    .orderBy(sortKey, businesses.id)
    .limit(limit + 1);
  return rows.map((row) => {
    const sortValue = Number(row.sortValue);
    return {
      business: row.business,
      sortValue,
      distanceMeters: sortValue >= NO_DISTANCE ? null : sortValue,
      verified: row.verified,
    };
  });
}

/**
 * The friends' visits the viewer may see: check-ins (a review is a check-in) since `since` by people the viewer
 * follows, under the one visibility rule of check-ins (checkinsVisibleTo: blocks, account visibility, deletion,
 * the activity switch). Reached through follows_follower_created_idx and checkins_user_time_idx, so it reads the
 * viewer's friends' recent check-ins only, however many rows the tables hold.
 */
function friendVisitsWhere(viewer: PostViewer, since: Date): SQL | undefined {
  return and(gte(checkins.checkedInAt, since), checkinsVisibleTo(viewer));
}

/**
 * Friends' picks: the published businesses where people the viewer follows checked in since `since`, most such
 * friends first, then id (keyset on score, id). Only businesses with at least one friend's visit are listed.
 */
export async function listBusinessesByFriends(
  db: Executor,
  viewer: PostViewer,
  since: Date,
  filters: DiscoverFilters,
  position: Position | null,
  limit: number,
  cursor: ValueCursor | null,
): Promise<DiscoverRow[]> {
  const visits = db
    .select({
      businessId: checkins.businessId,
      score: sql<number>`count(distinct ${checkins.userId})::int`.as("score"),
    })
    .from(follows)
    .innerJoin(checkins, eq(checkins.userId, follows.followingId))
    .innerJoin(users, eq(users.id, checkins.userId))
    .where(and(eq(follows.followerId, viewer.id), friendVisitsWhere(viewer, since)))
    .groupBy(checkins.businessId)
    .as("friend_visits");
  const rows = await db
    .select({
      business: businesses,
      sortValue: visits.score,
      distance: distanceOrNull(position),
      verified: ownerVerifiedSql,
    })
    .from(visits)
    .innerJoin(businesses, eq(businesses.id, visits.businessId))
    .where(and(...discoverConditions(filters), afterValue(cursor, visits.score, businesses.id, "desc", "int")))
    .orderBy(desc(visits.score), desc(businesses.id))
    .limit(limit + 1);
  return rows.map(toDiscoverRow);
}

/**
 * For each of `businessIds` (one page), the friends who checked in there since `since` (the same rule as
 * listBusinessesByFriends), newest visit first: who they are and whether they left a review.
 */
export async function listFriendVisitors(
  db: Executor,
  viewer: PostViewer,
  since: Date,
  businessIds: string[],
): Promise<{ businessId: string; name: string; reviewed: boolean; lastVisit: Date }[]> {
  if (businessIds.length === 0) return [];
  const lastVisit = sql<Date>`max(${checkins.checkedInAt})`;
  const rows = await db
    .select({
      businessId: checkins.businessId,
      username: users.username,
      firstName: users.firstName,
      reviewed: sql<boolean>`bool_or(${checkins.rating} is not null)`,
      lastVisit,
    })
    .from(follows)
    .innerJoin(checkins, eq(checkins.userId, follows.followingId))
    .innerJoin(users, eq(users.id, checkins.userId))
    .where(
      and(
        eq(follows.followerId, viewer.id),
        inArray(checkins.businessId, businessIds),
        friendVisitsWhere(viewer, since),
      ),
    )
    .groupBy(checkins.businessId, users.id, users.username, users.firstName)
    .orderBy(desc(lastVisit), users.id);
  return rows.map((row) => ({
    businessId: row.businessId,
    name: row.firstName?.trim() || row.username,
    reviewed: Boolean(row.reviewed),
    lastVisit: new Date(row.lastVisit),
  }));
}

export async function findLatestCheckinSince(
  db: Executor,
  userId: string,
  businessId: string,
  since: Date,
): Promise<CheckinRow | undefined> {
  const [row] = await db
    .select()
    .from(checkins)
    .where(and(eq(checkins.userId, userId), eq(checkins.businessId, businessId), gt(checkins.checkedInAt, since)))
    .orderBy(desc(checkins.checkedInAt))
    .limit(1);
  return row;
}

export async function insertCheckin(db: Executor, values: typeof checkins.$inferInsert): Promise<CheckinRow> {
  const [row] = await db.insert(checkins).values(values).returning();
  if (!row) throw new Error("insert returned no row");
  return row;
}

/** Counts one more check-in (and review, with its rating) on the business's counter columns. */
export async function addCheckinToCounters(db: Executor, businessId: string, rating: number | null): Promise<void> {
  const ratingValue = rating ?? 0;
  const reviewIncrement = rating === null ? 0 : 1;
  await db
    .update(businesses)
    .set({
      totalCheckIns: sql`${businesses.totalCheckIns} + 1`,
      ratingSum: sql`${businesses.ratingSum} + ${ratingValue}`,
      totalReviews: sql`${businesses.totalReviews} + ${reviewIncrement}`,
      averageRating: sql`coalesce(round((${businesses.ratingSum} + ${ratingValue})::numeric / nullif(${businesses.totalReviews} + ${reviewIncrement}, 0), 2), 0)`,
    })
    .where(eq(businesses.id, businessId));
}

/**
 * Recent check-ins at a business with their authors, newest first, of the visitors the viewer may see
 * (checkinsVisibleTo); `onlyReviews` keeps the rated ones.
 */
export async function listCheckins(
  db: Executor,
  businessId: string,
  options: { viewer: PostViewer; limit: number; cursor: KeysetCursor | null; onlyReviews: boolean },
): Promise<{ checkin: CheckinRow; user: CheckinAuthor }[]> {
  const { cursor } = options;
  return db
    .select({ checkin: checkins, user: authorColumns })
    .from(checkins)
    .innerJoin(users, eq(users.id, checkins.userId))
    .where(
      and(
        eq(checkins.businessId, businessId),
        checkinsVisibleTo(options.viewer),
        options.onlyReviews ? sql`${checkins.rating} is not null` : undefined,
        olderThan(cursor, checkins.checkedInAt, checkins.id),
      ),
    )
    .orderBy(desc(checkins.checkedInAt), desc(checkins.id))
    .limit(options.limit + 1);
}

/** Check-ins and reviews of people the viewer follows who share their activity with the viewer, newest first. */
export async function listFriendActivity(
  db: Executor,
  viewer: PostViewer,
  limit: number,
  cursor: KeysetCursor | null,
): Promise<{ checkin: CheckinRow; user: CheckinAuthor; businessName: string }[]> {
  return db
    .select({ checkin: checkins, user: authorColumns, businessName: businesses.name })
    .from(checkins)
    .innerJoin(follows, and(eq(follows.followingId, checkins.userId), eq(follows.followerId, viewer.id)))
    .innerJoin(users, eq(users.id, checkins.userId))
    .innerJoin(businesses, eq(businesses.id, checkins.businessId))
    .where(and(checkinsVisibleTo(viewer), olderThan(cursor, checkins.checkedInAt, checkins.id)))
    .orderBy(desc(checkins.checkedInAt), desc(checkins.id))
    .limit(limit + 1);
}

/** Check-ins, reviews and redemptions per UTC day since `since`. */
export async function countActivityPerDay(db: Executor, businessId: string, since: Date) {
  const checkinDay = sql<string>`to_char(${checkins.checkedInAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  const checkinRows = await db
    .select({
      day: checkinDay,
      checkIns: sql<number>`count(*)::int`,
      reviews: sql<number>`count(${checkins.rating})::int`,
    })
    .from(checkins)
    .where(and(eq(checkins.businessId, businessId), gte(checkins.checkedInAt, since)))
    .groupBy(checkinDay);
  const redemptionDay = sql<string>`to_char(${couponRedemptions.redeemedAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  const redemptionRows = await db
    .select({ day: redemptionDay, redemptions: sql<number>`count(*)::int` })
    .from(couponRedemptions)
    .innerJoin(coupons, eq(coupons.id, couponRedemptions.couponId))
    .where(and(eq(coupons.businessId, businessId), gte(couponRedemptions.redeemedAt, since)))
    .groupBy(redemptionDay);
  return { checkinRows, redemptionRows };
}

/**
 * Verified reviews (rated check-ins) at a business, newest first, of the reviewers the viewer may see
 * (checkinsVisibleTo: account visibility, blocks either way, deleted accounts hidden); limit + 1 rows.
 */
export async function listReviews(
  db: Executor,
  businessId: string,
  options: { viewer: PostViewer | null; limit: number; cursor: KeysetCursor | null },
): Promise<{ checkin: CheckinRow; user: CheckinAuthor }[]> {
  const { cursor } = options;
  return db
    .select({ checkin: checkins, user: authorColumns })
    .from(checkins)
    .innerJoin(users, eq(users.id, checkins.userId))
    .where(
      and(
        eq(checkins.businessId, businessId),
        isNotNull(checkins.rating),
        checkinsVisibleTo(options.viewer),
        olderThan(cursor, checkins.checkedInAt, checkins.id),
      ),
    )
    .orderBy(desc(checkins.checkedInAt), desc(checkins.id))
    .limit(options.limit + 1);
}

/** A review (rated check-in) with its business's owner and name. */
export async function findReviewWithBusiness(db: Executor, checkinId: string) {
  const [row] = await db
    .select({ checkin: checkins, user: authorColumns, ownerId: businesses.ownerId, businessName: businesses.name })
    .from(checkins)
    .innerJoin(businesses, eq(businesses.id, checkins.businessId))
    .innerJoin(users, eq(users.id, checkins.userId))
    .where(and(eq(checkins.id, checkinId), isNotNull(checkins.rating)))
    .limit(1);
  return row;
}

export async function setOwnerReply(
  db: Executor,
  checkinId: string,
  reply: { text: string; at: Date } | null,
): Promise<CheckinRow> {
  const [row] = await db
    .update(checkins)
    .set({ ownerReply: reply?.text ?? null, ownerReplyAt: reply?.at ?? null })
    .where(eq(checkins.id, checkinId))
    .returning();
  if (!row) throw new Error("update returned no row");
  return row;
}
