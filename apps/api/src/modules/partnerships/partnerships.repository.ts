import { and, desc, eq, gt, inArray, isNull, lt, or, sql } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { businesses } from "../../db/schema/businesses";
import { couponRedemptions, coupons } from "../../db/schema/coupons";
import { type PartnershipRow, partnerships } from "../../db/schema/partnerships";
import { users } from "../../db/schema/users";
import { businessPersonaColumn, userSummaryColumns } from "../users/user-summary.repository";

export async function insertPartnership(
  db: Executor,
  values: typeof partnerships.$inferInsert,
): Promise<PartnershipRow> {
  const [row] = await db.insert(partnerships).values(values).returning();
  if (!row) throw new Error("insert returned no row");
  return row;
}

export async function findPartnershipById(db: Executor, id: string) {
  const [row] = await db
    .select({
      partnership: partnerships,
      business: { id: businesses.id, name: businesses.name, ownerId: businesses.ownerId },
    })
    .from(partnerships)
    .innerJoin(businesses, eq(businesses.id, partnerships.businessId))
    .where(eq(partnerships.id, id))
    .limit(1);
  return row;
}

/** The pending or accepted partnership of a pair (at most one, by the partial unique index). */
export async function findOpenPartnership(
  db: Executor,
  businessId: string,
  creatorId: string,
): Promise<PartnershipRow | undefined> {
  const [row] = await db
    .select()
    .from(partnerships)
    .where(
      and(
        eq(partnerships.businessId, businessId),
        eq(partnerships.creatorId, creatorId),
        inArray(partnerships.status, ["pending", "accepted"]),
      ),
    )
    .limit(1);
  return row;
}

/**
 * Moves a partnership from one of `from` to `to` in one conditional UPDATE, so two answers (or an answer and an
 * end) racing each other cannot both win. Undefined when it was not in `from` any more.
 */
export async function transitionPartnership(
  db: Executor,
  id: string,
  from: PartnershipRow["status"][],
  to: PartnershipRow["status"],
  now: Date,
): Promise<PartnershipRow | undefined> {
  const [row] = await db
    .update(partnerships)
    .set({ status: to, ...(to === "ended" ? { endedAt: now } : { respondedAt: now }) })
    .where(and(eq(partnerships.id, id), inArray(partnerships.status, from)))
    .returning();
  return row;
}

/** The user's partnerships on either side (as creator, or as owner of the business), newest first. */
export async function listPartnershipsOfUser(db: Executor, userId: string, status?: PartnershipRow["status"]) {
  return db
    .select({
      partnership: partnerships,
      businessName: businesses.name,
      ownerId: businesses.ownerId,
      creator: userSummaryColumns(),
    })
    .from(partnerships)
    .innerJoin(businesses, eq(businesses.id, partnerships.businessId))
    .innerJoin(users, eq(users.id, partnerships.creatorId))
    .where(
      and(
        or(eq(partnerships.creatorId, userId), eq(businesses.ownerId, userId)),
        status ? eq(partnerships.status, status) : undefined,
      ),
    )
    .orderBy(desc(partnerships.createdAt), desc(partnerships.id))
    .limit(200);
}

/**
 * A creator's live perks: coupons of accepted partnerships that are active, not expired, not sold out, at a
 * published business. One query through coupons_partnership_idx.
 */
export async function listLivePerksOfCreator(db: Executor, creatorId: string, now: Date) {
  return db
    .select({ coupon: coupons, businessName: businesses.name })
    .from(partnerships)
    .innerJoin(coupons, eq(coupons.partnershipId, partnerships.id))
    .innerJoin(businesses, eq(businesses.id, partnerships.businessId))
    .where(
      and(
        eq(partnerships.creatorId, creatorId),
        eq(partnerships.status, "accepted"),
        eq(businesses.isPublished, true),
        eq(coupons.isActive, true),
        or(isNull(coupons.expiresAt), gt(coupons.expiresAt, now)),
        or(isNull(coupons.maxRedemptions), lt(coupons.currentRedemptions, coupons.maxRedemptions)),
      ),
    )
    .orderBy(desc(coupons.createdAt), desc(coupons.id))
    .limit(50);
}

/** One live perk of the creator (for attaching it to a post), or undefined. */
export async function findLivePerkOfCreator(db: Executor, creatorId: string, couponId: string, now: Date) {
  const [row] = await db
    .select({ id: coupons.id })
    .from(coupons)
    .innerJoin(partnerships, eq(partnerships.id, coupons.partnershipId))
    .where(
      and(
        eq(coupons.id, couponId),
        eq(partnerships.creatorId, creatorId),
        eq(partnerships.status, "accepted"),
        eq(coupons.isActive, true),
        or(isNull(coupons.expiresAt), gt(coupons.expiresAt, now)),
      ),
    )
    .limit(1);
  return row;
}

/**
 * Redemptions of the business's perks per partner creator, counted the one way a business may learn of them:
 * completed weeks (before `before`, a Monday 00:00 UTC) in which at least `minimum` different people redeemed, summed;
 * other weeks and the running one add nothing (docs/decisions/0006-check-ins-coupons-perks.md). Creators of every
 * partnership the business ever had, so ended ones keep their history.
 */
export async function countRedemptionsPerPartner(
  db: Executor,
  businessId: string,
  { before, minimum }: { before: Date; minimum: number },
) {
  // Two tables in the outer query, so drizzle names each column with its table: the inner `coupons` shadows the
  // outer one, and `users.id` is the outer row's creator.
  const week = sql`date_trunc('week', ${couponRedemptions.redeemedAt}, 'UTC')`;
  const countedWeeks = sql<number>`coalesce((select sum(counted.redemptions) from (
      select count(*) as redemptions, count(distinct ${couponRedemptions.userId}) as people
      from ${couponRedemptions} inner join ${coupons} on ${coupons.id} = ${couponRedemptions.couponId}
      where ${coupons.businessId} = ${businessId} and ${coupons.partnerCreatorId} = ${users.id}
        and ${couponRedemptions.redeemedAt} < ${before.toISOString()}::timestamptz
      group by ${week}) as counted where counted.people >= ${minimum}), 0)::int`;
  return db
    .select({
      creatorId: users.id,
      username: users.username,
      firstName: users.firstName,
      lastName: users.lastName,
      speaksAs: businessPersonaColumn(),
      status: sql<PartnershipRow["status"]>`(select ${partnerships.status} from ${partnerships}
        where ${partnerships.businessId} = ${businessId} and ${partnerships.creatorId} = ${users.id}
        order by ${partnerships.createdAt} desc limit 1)`,
      redemptions: countedWeeks,
    })
    .from(coupons)
    .innerJoin(users, eq(users.id, coupons.partnerCreatorId))
    .where(eq(coupons.businessId, businessId))
    .groupBy(users.id, users.username, users.firstName, users.lastName)
    .orderBy(desc(countedWeeks), users.id);
}
