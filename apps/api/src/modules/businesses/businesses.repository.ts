import { and, desc, eq, gt, gte, isNotNull, sql } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { type BusinessRow, businesses } from "../../db/schema/businesses";
import { type CheckinRow, checkins } from "../../db/schema/checkins";
import { couponRedemptions, coupons } from "../../db/schema/coupons";
import { follows } from "../../db/schema/follows";
import { users } from "../../db/schema/users";
import { encodeCursor, type KeysetCursor, type Page } from "../../lib/cursor";
import { newestFirst, type PageRequest, paginate } from "../../lib/paginate";
import { userSummaryColumns } from "../users/user-summary.repository";
import type { Viewer } from "../users/viewer";
import { checkinsVisibleTo } from "./businesses.policy";
import type { CheckinAuthor } from "./businesses.presenter";

/** A check-in's visitor: a person in a list (a business account speaks as its business). */
const authorColumns = userSummaryColumns();

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

/** The rating and review of a visit that has none yet; undefined when it was rated meanwhile (a second tap). */
export async function rateCheckin(db: Executor, checkinId: string, rating: number, review: string | null) {
  const [row] = await db
    .update(checkins)
    .set({ rating, review })
    .where(and(eq(checkins.id, checkinId), sql`${checkins.rating} is null`))
    .returning();
  return row;
}

/** A visit already counted is rated: the rating joins the business's sum, review count and average. */
export async function addReviewToCounters(db: Executor, businessId: string, rating: number): Promise<void> {
  await db
    .update(businesses)
    .set({
      ratingSum: sql`${businesses.ratingSum} + ${rating}`,
      totalReviews: sql`${businesses.totalReviews} + 1`,
      averageRating: sql`round((${businesses.ratingSum} + ${rating})::numeric / (${businesses.totalReviews} + 1), 2)`,
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
  options: { viewer: Viewer; onlyReviews: boolean },
  page: PageRequest<KeysetCursor>,
): Promise<Page<{ checkin: CheckinRow; user: CheckinAuthor }>> {
  return paginate(
    page,
    newestCheckinFirst,
    ({ after, orderBy, limit }) =>
      db
        .select({ checkin: checkins, user: authorColumns })
        .from(checkins)
        .innerJoin(users, eq(users.id, checkins.userId))
        .where(
          and(
            eq(checkins.businessId, businessId),
            checkinsVisibleTo(options.viewer),
            options.onlyReviews ? sql`${checkins.rating} is not null` : undefined,
            after,
          ),
        )
        .orderBy(...orderBy)
        .limit(limit),
    byCheckin,
  );
}

/** Check-in lists are ordered by (checkedInAt desc, id desc). */
const newestCheckinFirst = newestFirst(checkins.checkedInAt, checkins.id);

/** The cursor of a check-in in a list ordered by (checkedInAt desc, id desc). */
const byCheckin = (row: { checkin: { checkedInAt: Date; id: string } }) =>
  encodeCursor({ createdAt: row.checkin.checkedInAt, id: row.checkin.id });

/** Check-ins and reviews of people the viewer follows who share their activity with the viewer, newest first. */
export async function listFriendActivity(
  db: Executor,
  viewer: Viewer,
  page: PageRequest<KeysetCursor>,
): Promise<Page<{ checkin: CheckinRow; user: CheckinAuthor; businessName: string }>> {
  return paginate(
    page,
    newestCheckinFirst,
    ({ after, orderBy, limit }) =>
      db
        .select({ checkin: checkins, user: authorColumns, businessName: businesses.name })
        .from(checkins)
        .innerJoin(follows, and(eq(follows.followingId, checkins.userId), eq(follows.followerId, viewer.id)))
        .innerJoin(users, eq(users.id, checkins.userId))
        .innerJoin(businesses, eq(businesses.id, checkins.businessId))
        .where(and(checkinsVisibleTo(viewer), after))
        .orderBy(...orderBy)
        .limit(limit),
    byCheckin,
  );
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
 * (checkinsVisibleTo: account visibility, blocks either way, deleted accounts hidden).
 */
export async function listReviews(
  db: Executor,
  businessId: string,
  viewer: Viewer | null,
  page: PageRequest<KeysetCursor>,
): Promise<Page<{ checkin: CheckinRow; user: CheckinAuthor }>> {
  return paginate(
    page,
    newestCheckinFirst,
    ({ after, orderBy, limit }) =>
      db
        .select({ checkin: checkins, user: authorColumns })
        .from(checkins)
        .innerJoin(users, eq(users.id, checkins.userId))
        .where(and(eq(checkins.businessId, businessId), isNotNull(checkins.rating), checkinsVisibleTo(viewer), after))
        .orderBy(...orderBy)
        .limit(limit),
    byCheckin,
  );
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

/** How many of the business's reviews (check-ins with a rating) gave each number of stars, 1 to 5. */
export async function countRatingsOf(
  db: Executor,
  businessId: string,
): Promise<{ "1": number; "2": number; "3": number; "4": number; "5": number }> {
  const rows = await db
    .select({ rating: checkins.rating, count: sql<string>`count(*)` })
    .from(checkins)
    .where(and(eq(checkins.businessId, businessId), isNotNull(checkins.rating)))
    .groupBy(checkins.rating);
  const counts = { "1": 0, "2": 0, "3": 0, "4": 0, "5": 0 };
  for (const row of rows) {
    const key = String(row.rating) as keyof typeof counts;
    if (key in counts) counts[key] = Number(row.count);
  }
  return counts;
}
