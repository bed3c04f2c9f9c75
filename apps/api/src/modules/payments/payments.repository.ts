import { and, asc, eq, isNotNull, isNull, lte, sql } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { ppvUnlocks, subscriptions } from "../../db/schema/payments";
import { posts } from "../../db/schema/posts";
import { users } from "../../db/schema/users";
import { encodeCursor, type KeysetCursor } from "../../lib/cursor";
import { newestFirst, type PageRequest, paginate } from "../../lib/paginate";
import { userSummaryColumns } from "../users/user-summary.repository";

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type PpvUnlockRow = typeof ppvUnlocks.$inferSelect;

/** Serialises the money calls of one pair (viewer and post, subscriber and creator) until the transaction ends. */
export async function lockPair(tx: Executor, scope: string, first: string, second: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`${scope}:${first}:${second}`}))`);
}

export async function findPaymentParty(db: Executor, userId: string) {
  const [row] = await db
    .select({
      id: users.id,
      username: users.username,
      profileType: users.profileType,
      isSuspended: users.isSuspended,
      suspendedUntil: users.suspendedUntil,
      isDeleted: users.isDeleted,
      subscriptionPriceCents: users.subscriptionPriceCents,
      accountVisibility: users.accountVisibility,
      customVisibleUsers: users.customVisibleUsers,
      isLimited: users.isLimited,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

export async function findPostForUnlock(db: Executor, postId: string) {
  const [row] = await db
    .select({ id: posts.id, authorId: posts.authorId, postType: posts.postType, priceCents: posts.priceCents })
    .from(posts)
    .where(eq(posts.id, postId));
  return row;
}

export async function findPpvUnlock(db: Executor, userId: string, postId: string): Promise<PpvUnlockRow | undefined> {
  const [row] = await db
    .select()
    .from(ppvUnlocks)
    .where(and(eq(ppvUnlocks.userId, userId), eq(ppvUnlocks.postId, postId)));
  return row;
}

export async function insertPpvUnlock(db: Executor, values: typeof ppvUnlocks.$inferInsert): Promise<PpvUnlockRow> {
  const [row] = await db.insert(ppvUnlocks).values(values).returning();
  if (!row) throw new Error("insert returned no row");
  return row;
}

export async function findSubscription(
  db: Executor,
  subscriberId: string,
  creatorId: string,
): Promise<SubscriptionRow | undefined> {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.subscriberId, subscriberId), eq(subscriptions.creatorId, creatorId)));
  return row;
}

export async function insertSubscription(
  db: Executor,
  values: typeof subscriptions.$inferInsert,
): Promise<SubscriptionRow> {
  const [row] = await db.insert(subscriptions).values(values).returning();
  if (!row) throw new Error("insert returned no row");
  return row;
}

/**
 * Moves a subscription to its next paid period only if it is still in the period the caller read: the period end
 * works as a version, so two runners (the job twice, or the job and a re-subscribe) cannot both claim a period.
 */
export async function advanceSubscriptionPeriod(
  db: Executor,
  subscription: { id: string; currentPeriodEnd: Date },
  next: { start: Date; end: Date; priceCents?: number; paymentMethod?: string },
  options: { isRenewal: boolean },
): Promise<SubscriptionRow | undefined> {
  const [row] = await db
    .update(subscriptions)
    .set({
      status: "active",
      cancelledAt: null,
      currentPeriodStart: next.start,
      currentPeriodEnd: next.end,
      ...(next.priceCents === undefined ? {} : { priceCents: next.priceCents }),
      ...(next.paymentMethod === undefined ? {} : { paymentMethod: next.paymentMethod }),
    })
    .where(
      and(
        eq(subscriptions.id, subscription.id),
        eq(subscriptions.currentPeriodEnd, subscription.currentPeriodEnd),
        // A renewal also requires that nobody cancelled in the meantime.
        options.isRenewal ? and(eq(subscriptions.status, "active"), isNull(subscriptions.cancelledAt)) : undefined,
      ),
    )
    .returning();
  return row;
}

/**
 * Cancelling (a date) or resuming (null). Like Stripe's cancel_at_period_end, a cancelled subscription stays
 * `active` until its paid period ends, so readers that check `status = 'active' and current_period_end > now`
 * (the post presenter) keep granting access; only renewal stops.
 */
export async function setSubscriptionCancelledAt(
  db: Executor,
  id: string,
  cancelledAt: Date | null,
): Promise<SubscriptionRow | undefined> {
  const [row] = await db.update(subscriptions).set({ cancelledAt }).where(eq(subscriptions.id, id)).returning();
  return row;
}

export async function expireSubscription(db: Executor, id: string, periodEnd: Date): Promise<void> {
  await db
    .update(subscriptions)
    .set({ status: "expired" })
    .where(and(eq(subscriptions.id, id), eq(subscriptions.currentPeriodEnd, periodEnd)));
}

/** Renewing subscriptions (active, not cancelled) whose paid period has ended, oldest first. */
export async function listSubscriptionsDueForRenewal(db: Executor, now: Date, limit: number) {
  return db
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.status, "active"),
        isNull(subscriptions.cancelledAt),
        lte(subscriptions.currentPeriodEnd, now),
      ),
    )
    .orderBy(asc(subscriptions.currentPeriodEnd), asc(subscriptions.id))
    .limit(limit);
}

/** Cancelled subscriptions whose last paid period has ended become expired. */
export async function expireEndedCancelledSubscriptions(db: Executor, now: Date): Promise<void> {
  await db
    .update(subscriptions)
    .set({ status: "expired" })
    .where(
      and(
        eq(subscriptions.status, "active"),
        isNotNull(subscriptions.cancelledAt),
        lte(subscriptions.currentPeriodEnd, now),
      ),
    );
}

export async function updateSubscriptionPrice(db: Executor, userId: string, priceCents: number): Promise<void> {
  await db.update(users).set({ subscriptionPriceCents: priceCents }).where(eq(users.id, userId));
}

/** The subscriber's subscriptions with their creators, newest first, keyset-paginated on (createdAt, id). */
export async function listSubscriptionsOf(db: Executor, subscriberId: string, page: PageRequest<KeysetCursor>) {
  return paginate(
    page,
    newestSubscriptionFirst,
    ({ after, orderBy, limit }) =>
      db
        .select({
          subscription: subscriptions,
          creator: { id: users.id, username: users.username, firstName: users.firstName },
        })
        .from(subscriptions)
        .innerJoin(users, eq(users.id, subscriptions.creatorId))
        .where(and(eq(subscriptions.subscriberId, subscriberId), after))
        .orderBy(...orderBy)
        .limit(limit),
    bySubscription,
  );
}

const newestSubscriptionFirst = newestFirst(subscriptions.createdAt, subscriptions.id);

const bySubscription = (row: { subscription: { createdAt: Date; id: string } }) => encodeCursor(row.subscription);

/**
 * A creator's subscribers with their profiles, newest first, keyset-paginated on (createdAt, id). Read through
 * subscriptions_creator_idx: a creator's subscriptions are sorted in memory (thousands at most per creator).
 */
export async function listSubscribersOf(db: Executor, creatorId: string, page: PageRequest<KeysetCursor>) {
  return paginate(
    page,
    newestSubscriptionFirst,
    ({ after, orderBy, limit }) =>
      db
        .select({ subscription: subscriptions, subscriber: userSummaryColumns() })
        .from(subscriptions)
        .innerJoin(users, eq(users.id, subscriptions.subscriberId))
        .where(and(eq(subscriptions.creatorId, creatorId), after))
        .orderBy(...orderBy)
        .limit(limit),
    bySubscription,
  );
}
