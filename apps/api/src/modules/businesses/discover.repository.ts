/** The Discover lists (newest, rating, distance, friends' visits) and the friends who visited a business. */
import type { BusinessCategory } from "@plaza/contracts/businesses";
import { and, desc, eq, gte, inArray, type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { type BusinessRow, businesses } from "../../db/schema/businesses";
import { checkins } from "../../db/schema/checkins";
import { follows } from "../../db/schema/follows";
import { users } from "../../db/schema/users";
import { encodeCursor, encodeValueCursor, type KeysetCursor, type Page, type ValueCursor } from "../../lib/cursor";
import { boundingBox, distanceInMetersSql, type Position, withinBoxSql } from "../../lib/geo";
import { byValue, newestFirst, type PageRequest, paginate } from "../../lib/paginate";
import { businessPersonaColumn } from "../users/user-summary.repository";
import type { Viewer } from "../users/viewer";
import { checkinsVisibleTo, openNowSql } from "./businesses.policy";

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

/** The cursor of a row of a Discover list ordered by its sort value, then id; `order` names the list. */
const byValueOf = (order: string) => (row: DiscoverRow) =>
  encodeValueCursor({ order, value: row.sortValue, id: row.business.id });

/** Published businesses, newest first (keyset on created_at, id); distances from `position` when given. */
export async function listBusinessesByNewest(
  db: Executor,
  filters: DiscoverFilters,
  position: Position | null,
  page: PageRequest<KeysetCursor>,
): Promise<Page<DiscoverRow>> {
  return paginate(
    page,
    newestFirst(businesses.createdAt, businesses.id),
    async ({ after, orderBy, limit }) =>
      (
        await db
          .select({
            business: businesses,
            sortValue: sql<number>`0`,
            distance: distanceOrNull(position),
            verified: ownerVerifiedSql,
          })
          .from(businesses)
          .where(and(...discoverConditions(filters), after))
          .orderBy(...orderBy)
          .limit(limit)
      ).map(toDiscoverRow),
    (row) => encodeCursor({ createdAt: row.business.createdAt, id: row.business.id }),
  );
}

/** Published businesses, best average rating first, then id (keyset on average_rating, id). */
export async function listBusinessesByRating(
  db: Executor,
  filters: DiscoverFilters,
  position: Position | null,
  page: PageRequest<ValueCursor>,
): Promise<Page<DiscoverRow>> {
  return paginate(
    page,
    byValue(businesses.averageRating, businesses.id, "desc", "numeric"),
    async ({ after, orderBy, limit }) =>
      (
        await db
          .select({
            business: businesses,
            sortValue: businesses.averageRating,
            distance: distanceOrNull(position),
            verified: ownerVerifiedSql,
          })
          .from(businesses)
          .where(and(...discoverConditions(filters), after))
          .orderBy(...orderBy)
          .limit(limit)
      ).map(toDiscoverRow),
    byValueOf("rating"),
  );
}

/**
 * Published businesses, nearest to `position` first, with their distance (keyset on distance, id). Reads the
 * businesses of the smallest circle around `position` that holds the page (and a row more, so it knows whether
 * there is a next page), not every business.
 */
export async function listBusinessesByDistance(
  db: Executor,
  filters: DiscoverFilters,
  position: Position,
  page: PageRequest<ValueCursor>,
): Promise<Page<DiscoverRow>> {
  for (const radius of NEAREST_SEARCH_RADII_METERS) {
    // A page after the cursor lies beyond it, so circles no wider than the cursor's distance cannot hold it.
    if (page.cursor && page.cursor.value >= radius) continue;
    const nearest = await selectNearestPage(db, filters, position, page, radius);
    if (nearest.nextCursor !== null) return nearest;
  }
  return selectNearestPage(db, filters, position, page, null);
}

/**
 * One nearest-first page, within `radius` metres of `position` (through the lat/lng index) or, with null, among
 * all published businesses, those without coordinates last.
 */
async function selectNearestPage(
  db: Executor,
  filters: DiscoverFilters,
  position: Position,
  page: PageRequest<ValueCursor>,
  radius: number | null,
): Promise<Page<DiscoverRow>> {
  const distance = distanceInMetersSql(businesses.latitude, businesses.longitude, position);
  const sortKey = radius === null ? sql<number>`coalesce(${distance}, ${NO_DISTANCE}::float8)` : distance;
  return paginate(
    page,
    byValue(sortKey, businesses.id, "asc", "float8"),
    async ({ after, orderBy, limit }) => {
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
            after,
          ),
        )
        .orderBy(...orderBy)
        .limit(limit);
      return rows.map((row) => {
        const sortValue = Number(row.sortValue);
        return {
          business: row.business,
          sortValue,
          distanceMeters: sortValue >= NO_DISTANCE ? null : sortValue,
          verified: row.verified,
        };
      });
    },
    byValueOf("distance"),
  );
}

/**
 * The friends' visits the viewer may see: check-ins (a review is a check-in) since `since` by people the viewer
 * follows, under the one visibility rule of check-ins (checkinsVisibleTo: blocks, account visibility, deletion,
 * the activity switch). Reached through follows_follower_created_idx and checkins_user_time_idx, so it reads the
 * viewer's friends' recent check-ins only, however many rows the tables hold.
 */
function friendVisitsWhere(viewer: Viewer, since: Date): SQL | undefined {
  return and(gte(checkins.checkedInAt, since), checkinsVisibleTo(viewer));
}

/**
 * Friends' picks: the published businesses where people the viewer follows checked in since `since`, most such
 * friends first, then id (keyset on score, id). Only businesses with at least one friend's visit are listed.
 */
export async function listBusinessesByFriends(
  db: Executor,
  viewer: Viewer,
  since: Date,
  filters: DiscoverFilters,
  position: Position | null,
  page: PageRequest<ValueCursor>,
): Promise<Page<DiscoverRow>> {
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
  return paginate(
    page,
    byValue(visits.score, businesses.id, "desc", "int"),
    async ({ after, orderBy, limit }) =>
      (
        await db
          .select({
            business: businesses,
            sortValue: visits.score,
            distance: distanceOrNull(position),
            verified: ownerVerifiedSql,
          })
          .from(visits)
          .innerJoin(businesses, eq(businesses.id, visits.businessId))
          .where(and(...discoverConditions(filters), after))
          .orderBy(...orderBy)
          .limit(limit)
      ).map(toDiscoverRow),
    byValueOf("friends"),
  );
}

/**
 * For each of `businessIds` (one page), the friends who checked in there since `since` (the same rule as
 * listBusinessesByFriends), newest visit first: who they are and whether they left a review.
 */
export async function listFriendVisitors(
  db: Executor,
  viewer: Viewer,
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
      speaksAs: businessPersonaColumn(),
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
    // A business account goes by its business's name (docs/PRODUCT.md "Businesses"), anyone else by first name.
    name: row.speaksAs?.name ?? (row.firstName?.trim() || row.username),
    reviewed: Boolean(row.reviewed),
    lastVisit: new Date(row.lastVisit),
  }));
}
