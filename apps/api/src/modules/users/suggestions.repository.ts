import { and, asc, desc, eq, isNotNull, ne, notExists, notInArray, type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { type BusinessRow, businesses } from "../../db/schema/businesses";
import { checkins } from "../../db/schema/checkins";
import { follows } from "../../db/schema/follows";
import { type UserRow, users } from "../../db/schema/users";
import { boundingBox, distanceInMetersSql, type Position, withinBoxSql } from "../../lib/geo";
import { notBlockedWith } from "../relationships/relationships.repository";
import { type UserSummaryRow, userSummaryColumns } from "./user-summary.repository";

// "People and places to follow": who may be suggested to a viewer, and the queries that pick them.

/**
 * People to suggest to the viewer: public, active accounts they do not follow yet and are not blocked with, in
 * the viewer's city first (when they gave one), then the most followed. `isNearby` says which came from the city.
 */
export async function findSuggestedUsers(
  db: Executor,
  viewer: Pick<UserRow, "id" | "city">,
  limit: number,
  excludeIds: string[] = [],
): Promise<(SuggestedUserRow & { isNearby: boolean })[]> {
  const city = viewer.city?.trim() || null;
  const isNearby = city ? sql<boolean>`coalesce(lower(${users.city}) = lower(${city}), false)` : sql<boolean>`false`;
  const rows = await db
    .select({ user: suggestedUserColumns, isNearby })
    .from(users)
    .where(and(suggestableAccount(db, viewer.id), excludeIds.length > 0 ? notInArray(users.id, excludeIds) : undefined))
    // Without a city there is nothing to rank by place (and PostgreSQL refuses a constant in ORDER BY).
    .orderBy(...(city ? [desc(isNearby)] : []), desc(users.followersCount), asc(users.id))
    .limit(limit);
  return rows.map((row) => ({ ...row.user, isNearby: row.isNearby }));
}

/** Accounts a viewer may be suggested: public, active, not themselves, not followed yet, not blocked either way. */
function suggestableAccount(db: Executor, viewerId: string): SQL | undefined {
  return and(
    ne(users.id, viewerId),
    eq(users.isDeleted, false),
    eq(users.isSuspended, false),
    eq(users.isSuperuser, false),
    eq(users.accountVisibility, "public"),
    notExists(
      db
        .select({ one: sql`1` })
        .from(follows)
        .where(and(eq(follows.followerId, viewerId), eq(follows.followingId, users.id))),
    ),
    notBlockedWith(viewerId, users.id),
  );
}

/** A suggested account as read: its summary and follower count. */
export type SuggestedUserRow = UserSummaryRow & { followersCount: number };
const suggestedUserColumns = { ...userSummaryColumns(), followersCount: users.followersCount };

export type SuggestedBusinessRow = SuggestedUserRow & {
  business: Pick<BusinessRow, "id" | "name" | "category" | "logoImageUrl">;
  distanceMeters: number | null;
};

/** Where the app last knew the user to be: their stored position, else their latest check-in's; null if neither. */
export async function findLastKnownPosition(
  db: Executor,
  user: Pick<UserRow, "id" | "latitude" | "longitude">,
): Promise<Position | null> {
  if (user.latitude !== null && user.longitude !== null) return { latitude: user.latitude, longitude: user.longitude };
  const [row] = await db
    // A check-in keeps no position of its own: the business's (the visit was within 200 m of it) stands in.
    .select({ latitude: businesses.latitude, longitude: businesses.longitude })
    .from(checkins)
    .innerJoin(businesses, eq(businesses.id, checkins.businessId))
    .where(and(eq(checkins.userId, user.id), isNotNull(businesses.latitude), isNotNull(businesses.longitude)))
    .orderBy(desc(checkins.checkedInAt))
    .limit(1);
  return row && row.latitude !== null && row.longitude !== null
    ? { latitude: row.latitude, longitude: row.longitude }
    : null;
}

/**
 * Published businesses near the viewer whose owners they may follow: within `radiusMeters` of `position` (the
 * viewer's last known one), nearest first; without a position, those whose owner is in the viewer's city, most checked-in
 * first. Nothing when the viewer gave neither.
 */
export async function findNearbyBusinessOwners(
  db: Executor,
  viewer: Pick<UserRow, "id" | "city">,
  position: Position | null,
  radiusMeters: number,
  limit: number,
): Promise<SuggestedBusinessRow[]> {
  const city = viewer.city?.trim() || null;
  if (!position && !city) return [];
  const business = {
    id: businesses.id,
    name: businesses.name,
    category: businesses.category,
    logoImageUrl: businesses.logoImageUrl,
  };
  if (position) {
    const distance = distanceInMetersSql(businesses.latitude, businesses.longitude, position);
    const rows = await db
      .select({ user: suggestedUserColumns, business, distance })
      .from(businesses)
      .innerJoin(users, eq(users.id, businesses.ownerId))
      .where(
        and(
          eq(businesses.isPublished, true),
          ...withinBoxSql(businesses.latitude, businesses.longitude, boundingBox(position, radiusMeters)),
          sql`${distance} <= ${radiusMeters}::float8`,
          suggestableAccount(db, viewer.id),
        ),
      )
      .orderBy(asc(distance), asc(businesses.id))
      .limit(limit);
    return rows.map((row) => ({ ...row.user, business: row.business, distanceMeters: row.distance }));
  }
  const rows = await db
    .select({ user: suggestedUserColumns, business })
    .from(businesses)
    .innerJoin(users, eq(users.id, businesses.ownerId))
    .where(
      and(
        eq(businesses.isPublished, true),
        sql`lower(${users.city}) = lower(${city})`,
        suggestableAccount(db, viewer.id),
      ),
    )
    .orderBy(desc(businesses.totalCheckIns), asc(businesses.id))
    .limit(limit);
  return rows.map((row) => ({ ...row.user, business: row.business, distanceMeters: null }));
}
