import { and, eq, gt, inArray, isNull, lt, or, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Executor } from "../../db/client";
import { businesses } from "../../db/schema/businesses";
import { checkins } from "../../db/schema/checkins";
import { type CouponRedemptionRow, type CouponRow, couponRedemptions, coupons } from "../../db/schema/coupons";
import { partnerships } from "../../db/schema/partnerships";
import { subscriptions } from "../../db/schema/payments";
import { users } from "../../db/schema/users";
import { encodeCursor, type KeysetCursor } from "../../lib/cursor";
import { newestFirst, type PageRequest, paginate } from "../../lib/paginate";

/**
 * A perk's partnership is still accepted (true for plain coupons). Read by the primary key of partnerships.
 * docs/PRODUCT.md "Partnerships": an ended partnership's perks are neither listed nor redeemable.
 */
export const perkIsLive = sql<boolean>`(${coupons.partnershipId} is null or exists (select 1 from ${partnerships}
  where ${partnerships.id} = ${coupons.partnershipId} and ${partnerships.status} = 'accepted'))`;

/**
 * `userId` subscribes to `creatorId` right now: a paid period running and not set to cancel (a cancelled or lapsed
 * subscription opens no perk). Answered by the unique (subscriber, creator) index.
 */
export function activeSubscriptionSql(userId: string, creatorId: SQL | string, now: Date) {
  return sql<boolean>`exists (select 1 from ${subscriptions} where ${subscriptions.subscriberId} = ${userId}
    and ${subscriptions.creatorId} = ${creatorId} and ${subscriptions.status} = 'active'
    and ${subscriptions.cancelledAt} is null and ${subscriptions.currentPeriodEnd} > ${now.toISOString()}::timestamptz)`;
}

export async function findCouponById(db: Executor, id: string): Promise<CouponRow | undefined> {
  const [row] = await db.select().from(coupons).where(eq(coupons.id, id)).limit(1);
  return row;
}

export async function findCouponByCode(db: Executor, businessId: string, code: string): Promise<CouponRow | undefined> {
  const [row] = await db
    .select()
    .from(coupons)
    .where(and(eq(coupons.businessId, businessId), sql`lower(${coupons.code}) = lower(${code})`))
    .limit(1);
  return row;
}

export async function insertCoupon(db: Executor, values: typeof coupons.$inferInsert): Promise<CouponRow> {
  const [row] = await db.insert(coupons).values(values).returning();
  if (!row) throw new Error("insert returned no row");
  return row;
}

export async function updateCoupon(db: Executor, id: string, values: Partial<typeof coupons.$inferInsert>) {
  const [row] = await db.update(coupons).set(values).where(eq(coupons.id, id)).returning();
  if (!row) throw new Error("update returned no row");
  return row;
}

export async function deleteCoupon(db: Executor, id: string): Promise<void> {
  await db.delete(coupons).where(eq(coupons.id, id));
}

export async function listCouponsOfBusiness(
  db: Executor,
  businessId: string,
  page: PageRequest<KeysetCursor>,
  options: { withEndedPerks: boolean } = { withEndedPerks: true },
) {
  return paginate(
    page,
    newestCouponFirst,
    ({ after, orderBy, limit }) =>
      db
        .select()
        .from(coupons)
        .where(and(eq(coupons.businessId, businessId), options.withEndedPerks ? undefined : perkIsLive, after))
        .orderBy(...orderBy)
        .limit(limit),
    encodeCursor,
  );
}

const newestCouponFirst = newestFirst(coupons.createdAt, coupons.id);

/** Coupons a customer can still get: active, not expired, not sold out, at a published business. */
export function listActiveCoupons(db: Executor, now: Date, page: PageRequest<KeysetCursor>) {
  return paginate(
    page,
    newestCouponFirst,
    ({ after, orderBy, limit }) =>
      db
        .select({ coupon: coupons, businessName: businesses.name })
        .from(coupons)
        .innerJoin(businesses, eq(businesses.id, coupons.businessId))
        .where(
          and(
            eq(businesses.isPublished, true),
            eq(coupons.isActive, true),
            or(isNull(coupons.expiresAt), gt(coupons.expiresAt, now)),
            or(isNull(coupons.maxRedemptions), lt(coupons.currentRedemptions, coupons.maxRedemptions)),
            perkIsLive,
            after,
          ),
        )
        .orderBy(...orderBy)
        .limit(limit),
    (row) => encodeCursor(row.coupon),
  );
}

/**
 * Takes one unit of a limited coupon in ONE conditional statement: under concurrent requests PostgreSQL
 * re-checks the WHERE clause after waiting for the row lock, so the counter never passes maxRedemptions.
 * Returns the new count, or undefined when the coupon is inactive, expired or sold out. For a perk, the same
 * statement also requires its partnership to be accepted and `userId` to subscribe to its creator at this moment.
 */
export async function claimRedemption(
  db: Executor,
  couponId: string,
  now: Date,
  userId: string,
): Promise<number | undefined> {
  const [row] = await db
    .update(coupons)
    .set({ currentRedemptions: sql`${coupons.currentRedemptions} + 1` })
    .where(
      and(
        eq(coupons.id, couponId),
        eq(coupons.isActive, true),
        or(isNull(coupons.maxRedemptions), lt(coupons.currentRedemptions, coupons.maxRedemptions)),
        or(isNull(coupons.expiresAt), gt(coupons.expiresAt, now)),
        perkIsLive,
        or(isNull(coupons.partnerCreatorId), activeSubscriptionSql(userId, sql`${coupons.partnerCreatorId}`, now)),
      ),
    )
    .returning({ currentRedemptions: coupons.currentRedemptions });
  return row?.currentRedemptions;
}

export async function insertRedemption(
  db: Executor,
  values: typeof couponRedemptions.$inferInsert,
): Promise<CouponRedemptionRow> {
  const [row] = await db.insert(couponRedemptions).values(values).returning();
  if (!row) throw new Error("insert returned no row");
  return row;
}

const redeemerColumns = {
  id: users.id,
  username: users.username,
  firstName: users.firstName,
  lastName: users.lastName,
};

/** One page of a coupon's redemptions (an ordinary coupon's: a perk's are only counted per week), newest first. */
export async function listRedemptionsOfCoupon(db: Executor, couponId: string, page: PageRequest<KeysetCursor>) {
  return paginate(
    page,
    newestRedemptionFirst,
    ({ after, orderBy, limit }) =>
      db
        .select({ redemption: couponRedemptions, user: redeemerColumns })
        .from(couponRedemptions)
        .innerJoin(users, eq(users.id, couponRedemptions.userId))
        .where(and(eq(couponRedemptions.couponId, couponId), after))
        .orderBy(...orderBy)
        .limit(limit),
    byRedemption,
  );
}

const newestRedemptionFirst = newestFirst(couponRedemptions.redeemedAt, couponRedemptions.id);

/** The cursor of a redemption in a list ordered by (redeemedAt desc, id desc). */
const byRedemption = (row: { redemption: { redeemedAt: Date; id: string } }) =>
  encodeCursor({ createdAt: row.redemption.redeemedAt, id: row.redemption.id });

export function listRedemptionsOfUser(db: Executor, userId: string, page: PageRequest<KeysetCursor>) {
  return paginate(
    page,
    newestRedemptionFirst,
    ({ after, orderBy, limit }) =>
      db
        .select({
          redemption: couponRedemptions,
          couponTitle: coupons.title,
          expiresAt: coupons.expiresAt,
          businessId: businesses.id,
          businessName: businesses.name,
        })
        .from(couponRedemptions)
        .innerJoin(coupons, eq(coupons.id, couponRedemptions.couponId))
        .innerJoin(businesses, eq(businesses.id, coupons.businessId))
        .where(and(eq(couponRedemptions.userId, userId), after))
        .orderBy(...orderBy)
        .limit(limit),
    byRedemption,
  );
}

/** A redemption code of one of the business's coupons, with its row locked for the till. */
export async function findRedemptionByCodeForBusiness(db: Executor, businessId: string, code: string) {
  const [row] = await db
    .select({
      redemption: couponRedemptions,
      coupon: { title: coupons.title, partnerCreatorId: coupons.partnerCreatorId, expiresAt: coupons.expiresAt },
    })
    .from(couponRedemptions)
    .innerJoin(coupons, eq(coupons.id, couponRedemptions.couponId))
    .where(and(eq(couponRedemptions.code, code), eq(coupons.businessId, businessId)))
    .limit(1);
  return row;
}

/** Marks a code used only if it was not used yet; undefined when someone else got there first. */
export async function markRedemptionUsed(db: Executor, id: string, now: Date) {
  const [row] = await db
    .update(couponRedemptions)
    .set({ usedAt: now })
    .where(and(eq(couponRedemptions.id, id), isNull(couponRedemptions.usedAt)))
    .returning();
  return row;
}

/**
 * Everything redeeming needs to know, in one query: the coupon, its business, whether the user already redeemed
 * it, and the user's latest check-in at the business since `since`.
 */
export async function findCouponForRedemption(
  db: Executor,
  input: { couponId: string; userId: string; since: Date; now: Date },
) {
  const partner = alias(users, "partner");
  const [row] = await db
    .select({
      coupon: coupons,
      business: businesses,
      partner: { id: partner.id, username: partner.username, firstName: partner.firstName, lastName: partner.lastName },
      perkIsLive,
      isSubscribed: sql<boolean>`(${coupons.partnerCreatorId} is not null and ${activeSubscriptionSql(input.userId, sql`${coupons.partnerCreatorId}`, input.now)})`,
      hasRedeemed: sql<boolean>`exists (select 1 from ${couponRedemptions}
        where ${couponRedemptions.couponId} = ${coupons.id} and ${couponRedemptions.userId} = ${input.userId})`,
      checkinId: sql<string | null>`(select ${checkins.id} from ${checkins}
        where ${checkins.userId} = ${input.userId} and ${checkins.businessId} = ${businesses.id}
          and ${checkins.checkedInAt} > ${input.since.toISOString()}
        order by ${checkins.checkedInAt} desc limit 1)`,
    })
    .from(coupons)
    .innerJoin(businesses, eq(businesses.id, coupons.businessId))
    .leftJoin(partner, eq(partner.id, coupons.partnerCreatorId))
    .where(eq(coupons.id, input.couponId))
    .limit(1);
  return row;
}

/**
 * What the redemption rule needs to know about one viewer for a page of coupons, in two indexed reads: which of
 * them the viewer already redeemed (with their till code), and at which of their businesses the viewer has a check-in since `since`.
 */
export interface RedeemFacts {
  /** The viewer's redemptions of the page's coupons, by coupon id. */
  redemptions: Map<string, Pick<CouponRedemptionRow, "code" | "redeemedAt" | "usedAt">>;
  checkedInBusinessIds: Set<string>;
  /** Partnerships (of the page's perks) that are still accepted. */
  livePartnershipIds: Set<string>;
  /** Partner creators (of the page's perks) the viewer subscribes to now. */
  subscribedCreatorIds: Set<string>;
  /** Display facts of the page's partner creators. */
  partners: Map<string, { id: string; username: string; firstName: string | null; lastName: string | null }>;
  /** Businesses of the page that the viewer owns (they see their perks' codes). */
  ownedBusinessIds: Set<string>;
}

export async function findRedeemFacts(
  db: Executor,
  input: {
    userId: string;
    couponIds: string[];
    businessIds: string[];
    since: Date;
    now: Date;
    partnershipIds: string[];
    partnerCreatorIds: string[];
  },
): Promise<RedeemFacts> {
  const empty: RedeemFacts = {
    redemptions: new Map(),
    checkedInBusinessIds: new Set(),
    livePartnershipIds: new Set(),
    subscribedCreatorIds: new Set(),
    partners: new Map(),
    ownedBusinessIds: new Set(),
  };
  if (input.couponIds.length === 0) return empty;
  const hasPerks = input.partnerCreatorIds.length > 0;
  const [redeemed, checkedIn, live, partnerRows, owned] = await Promise.all([
    db
      .select({
        couponId: couponRedemptions.couponId,
        code: couponRedemptions.code,
        redeemedAt: couponRedemptions.redeemedAt,
        usedAt: couponRedemptions.usedAt,
      })
      .from(couponRedemptions)
      .where(and(eq(couponRedemptions.userId, input.userId), inArray(couponRedemptions.couponId, input.couponIds))),
    db
      .selectDistinct({ businessId: checkins.businessId })
      .from(checkins)
      .where(
        and(
          eq(checkins.userId, input.userId),
          inArray(checkins.businessId, input.businessIds),
          gt(checkins.checkedInAt, input.since),
        ),
      ),
    input.partnershipIds.length === 0
      ? Promise.resolve([])
      : db
          .select({ id: partnerships.id })
          .from(partnerships)
          .where(and(inArray(partnerships.id, input.partnershipIds), eq(partnerships.status, "accepted"))),
    hasPerks
      ? db
          .select({
            id: users.id,
            username: users.username,
            firstName: users.firstName,
            lastName: users.lastName,
            isSubscribed: activeSubscriptionSql(input.userId, sql`${users.id}`, input.now),
          })
          .from(users)
          .where(inArray(users.id, input.partnerCreatorIds))
      : Promise.resolve([]),
    hasPerks
      ? db
          .select({ id: businesses.id })
          .from(businesses)
          .where(and(inArray(businesses.id, input.businessIds), eq(businesses.ownerId, input.userId)))
      : Promise.resolve([]),
  ]);
  return {
    redemptions: new Map(redeemed.map(({ couponId, ...redemption }) => [couponId, redemption])),
    checkedInBusinessIds: new Set(checkedIn.map((row) => row.businessId)),
    livePartnershipIds: new Set(live.map((row) => row.id)),
    subscribedCreatorIds: new Set(partnerRows.filter((row) => row.isSubscribed).map((row) => row.id)),
    partners: new Map(partnerRows.map(({ isSubscribed: _, ...partner }) => [partner.id, partner])),
    ownedBusinessIds: new Set(owned.map((row) => row.id)),
  };
}
