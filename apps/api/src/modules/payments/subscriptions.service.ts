import type { PageQuery } from "@plaza/contracts/pagination";
import {
  dollarsToCents,
  type MySubscriptionView,
  PAYMENT_MESSAGES,
  type PaymentMethod,
  type PaymentStartedView,
  type SubscribeBody,
  type SubscriberView,
  type SubscriptionPriceBody,
  type SubscriptionStatusView,
  type SubscriptionView,
} from "@plaza/contracts/payments";
import type { AppContext } from "../../app-context";
import type { Executor, Transaction } from "../../db/client";
import type { UserRow } from "../../db/schema/users";
import { AppError, badRequest, forbidden, notFound } from "../../lib/app-error";
import { decodeCursor, mapPage, type Page } from "../../lib/cursor";
import type { IdempotentRequest, MoneyResponse } from "../../lib/idempotency-key";
import { notify } from "../notifications/notifications.service";
import { recordLedgerTransaction } from "./ledger.repository";
import { stripeProviderFor } from "./payment-provider";
import { isSuspendedAt } from "./payments.policy";
import { hasSubscriptionAccess, presentSubscriber, presentSubscription } from "./payments.presenter";
import {
  advanceSubscriptionPeriod,
  expireEndedCancelledSubscriptions,
  expireSubscription,
  findPaymentParty,
  findSubscription,
  insertSubscription,
  listSubscribersOf,
  listSubscriptionsDueForRenewal,
  listSubscriptionsOf,
  lockPair,
  setSubscriptionCancelledAt,
  updateSubscriptionPrice,
} from "./payments.repository";
import {
  addOneMonth,
  charge,
  intentReference,
  peekIdempotentReplay,
  refusalOfPayment,
  runMoneyCall,
} from "./payments.service";
import { findOpenPayment } from "./processor-payments.repository";
import { answerOpenPayment, requireActivePayee, startProcessorPayment } from "./processor-payments.service";
import { renewThroughProcessor } from "./processor-renewals.service";
import type { StripePaymentProvider } from "./stripe-provider";

/** Subscriptions: subscribing, cancelling, the creator's price, the lists, and the monthly renewal job. */

/**
 * POST /api/subscriptions: one month at the creator's current price. An existing paid period is answered as it
 * is (a cancelled one is resumed) without a charge; a lapsed one starts a new paid period.
 */
export async function subscribe(
  context: AppContext,
  subscriber: UserRow,
  body: SubscribeBody,
  idempotency: IdempotentRequest | null,
): Promise<MoneyResponse<SubscriptionView | PaymentStartedView>> {
  const stripe = stripeProviderFor(context.env);
  if (stripe) return subscribeWithProcessor(context, stripe, subscriber, body, idempotency);
  return runMoneyCall(context, idempotency, async (tx, effects) => {
    const creator = await checkSubscribe(context, tx, subscriber, body);

    await lockPair(tx, "subscription", subscriber.id, creator.id);
    const now = context.clock.now();
    const existing = await findSubscription(tx, subscriber.id, creator.id);
    if (existing && hasSubscriptionAccess(existing, now)) {
      if (existing.cancelledAt === null) return { status: 200, body: presentSubscription(existing, now) };
      const resumed = await setSubscriptionCancelledAt(tx, existing.id, null);
      return { status: 200, body: presentSubscription(resumed ?? existing, now) };
    }

    const priceCents = creator.subscriptionPriceCents;
    const period = { start: now, end: addOneMonth(now) };
    // Claim the period before charging: the renewal job claims lapsed periods the same way, so only one charges.
    const subscription = existing
      ? await advanceSubscriptionPeriod(
          tx,
          existing,
          { ...period, priceCents, paymentMethod: body.paymentMethod },
          { isRenewal: false },
        )
      : await insertSubscription(tx, {
          subscriberId: subscriber.id,
          creatorId: creator.id,
          priceCents,
          status: "active",
          paymentMethod: body.paymentMethod,
          currentPeriodStart: period.start,
          currentPeriodEnd: period.end,
          createdAt: now,
        });
    if (!subscription) {
      // The renewal job renewed this lapsed subscription a moment ago: it is paid for, answer it as it is.
      const renewed = await findSubscription(tx, subscriber.id, creator.id);
      if (!renewed) throw new AppError("CONFLICT", 409, PAYMENT_MESSAGES.subscribeFailed);
      return { status: 200, body: presentSubscription(renewed, now) };
    }
    const paid = await charge(context, priceCents, body, intentReference(subscriber.id, idempotency));
    await recordLedgerTransaction(tx, {
      kind: "subscription",
      payerId: subscriber.id,
      payeeId: creator.id,
      amountCents: priceCents,
      paymentMethod: body.paymentMethod,
      provider: paid.provider,
      providerReference: paid.reference,
      createdAt: now,
    });
    await notify(tx, effects, {
      userId: creator.id,
      type: "new_subscriber",
      actorId: subscriber.id,
      entityType: "subscription",
      entityId: subscription.id,
      data: { amountCents: priceCents },
    });
    return { status: existing ? 200 : 201, body: presentSubscription(subscription, now) };
  });
}

/** The rules of subscribing: someone else, a creator, not suspended, deleted or blocked. */
async function checkSubscribe(context: AppContext, tx: Executor, subscriber: UserRow, body: SubscribeBody) {
  if (body.creatorId === subscriber.id) throw badRequest(PAYMENT_MESSAGES.cannotSubscribeSelf, "creatorId");
  const creator = await findPaymentParty(tx, body.creatorId);
  if (!creator) throw notFound(PAYMENT_MESSAGES.creatorNotFound);
  const refusal = await refusalOfPayment(tx, subscriber.id, creator, "subscription", context.clock.now());
  if (refusal === "deleted") throw notFound(PAYMENT_MESSAGES.creatorNotFound);
  if (refusal === "suspended") throw forbidden(PAYMENT_MESSAGES.creatorUnavailable);
  if (refusal === "blocked") throw forbidden(PAYMENT_MESSAGES.subscribeBlocked);
  if (refusal === "notCreator") throw badRequest(PAYMENT_MESSAGES.notACreator, "creatorId");
  return creator;
}

/**
 * Subscribing through a processor: a running period is answered as it is (a cancelled one resumed) without a
 * payment; otherwise a PaymentIntent for one month that saves the card for renewals (202). The subscription
 * starts when its `payment_intent.succeeded` arrives.
 */
async function subscribeWithProcessor(
  context: AppContext,
  stripe: StripePaymentProvider,
  subscriber: UserRow,
  body: SubscribeBody,
  idempotency: IdempotentRequest | null,
): Promise<MoneyResponse<SubscriptionView | PaymentStartedView>> {
  const replay = await peekIdempotentReplay(context, idempotency);
  if (replay) return replay as MoneyResponse<SubscriptionView>;
  type Answer = { status: number; body: SubscriptionView | PaymentStartedView };
  const prepared = await context.db.transaction(
    async (tx): Promise<{ answer: Answer } | { priceCents: number; connectedAccountId: string }> => {
      const creator = await checkSubscribe(context, tx, subscriber, body);
      const now = context.clock.now();
      const existing = await findSubscription(tx, subscriber.id, creator.id);
      if (existing && hasSubscriptionAccess(existing, now)) {
        const resumed =
          existing.cancelledAt === null ? existing : await setSubscriptionCancelledAt(tx, existing.id, null);
        return { answer: { status: 200, body: presentSubscription(resumed ?? existing, now) } };
      }
      const connectedAccountId = await requireActivePayee(tx, creator.id);
      const open = await findOpenPayment(tx, subscriber.id, "subscription", creator.id, null);
      if (open) return { answer: answerOpenPayment(open) };
      return { priceCents: creator.subscriptionPriceCents, connectedAccountId };
    },
  );
  if ("answer" in prepared) return runMoneyCall(context, idempotency, async () => prepared.answer);
  const plan = {
    kind: "subscription" as const,
    payeeId: body.creatorId,
    amountCents: prepared.priceCents,
    savePaymentMethod: true,
    description: "Monthly subscription on Plaza",
  };
  const reference = intentReference(subscriber.id, idempotency);
  return startProcessorPayment(
    context,
    stripe,
    subscriber,
    plan,
    prepared.connectedAccountId,
    reference,
    idempotency,
    runMoneyCall,
  );
}

/** DELETE /api/subscriptions/{creatorId}: stops renewal; access stays until the end of the paid period. */
export async function cancelSubscription(
  context: AppContext,
  subscriber: UserRow,
  creatorId: string,
): Promise<SubscriptionView> {
  const now = context.clock.now();
  const existing = await findSubscription(context.db, subscriber.id, creatorId);
  if (!existing || !hasSubscriptionAccess(existing, now)) throw notFound(PAYMENT_MESSAGES.noActiveSubscription);
  if (existing.cancelledAt !== null) return presentSubscription(existing, now);
  const cancelled = await setSubscriptionCancelledAt(context.db, existing.id, now);
  return presentSubscription(cancelled ?? existing, now);
}

/** GET /api/subscriptions/status/{creatorId}: the creator's current price and the viewer's subscription. */
export async function getSubscriptionStatus(
  context: AppContext,
  viewer: UserRow,
  creatorId: string,
): Promise<SubscriptionStatusView> {
  const creator = await findPaymentParty(context.db, creatorId);
  if (!creator || creator.isDeleted) throw notFound(PAYMENT_MESSAGES.creatorNotFound);
  const now = context.clock.now();
  const subscription = await findSubscription(context.db, viewer.id, creatorId);
  return {
    creatorId,
    priceCents: creator.subscriptionPriceCents,
    isSubscribed: subscription ? hasSubscriptionAccess(subscription, now) : false,
    subscription: subscription ? presentSubscription(subscription, now) : null,
  };
}

/** PATCH /api/users/subscription-price: creators only; applies to new subscriptions. */
export async function setSubscriptionPrice(
  context: AppContext,
  creator: UserRow,
  body: SubscriptionPriceBody,
): Promise<{ subscriptionPriceCents: number }> {
  if (creator.profileType !== "creator") throw forbidden(PAYMENT_MESSAGES.creatorsOnly, "CREATORS_ONLY");
  const priceCents = dollarsToCents(body.price);
  await updateSubscriptionPrice(context.db, creator.id, priceCents);
  return { subscriptionPriceCents: priceCents };
}

/** GET /api/subscriptions: the signed-in user's subscriptions. */
export async function listMySubscriptions(
  context: AppContext,
  subscriber: UserRow,
  query: PageQuery,
): Promise<Page<MySubscriptionView>> {
  const now = context.clock.now();
  const page = { limit: query.limit, cursor: decodeCursor(query.cursor) };
  return mapPage(await listSubscriptionsOf(context.db, subscriber.id, page), (row) => ({
    ...presentSubscription(row.subscription, now),
    creator: row.creator,
  }));
}

/** GET /api/subscriptions/subscribers: the signed-in creator's subscribers, newest first (Patreon's patron list). */
export async function listMySubscribers(
  context: AppContext,
  creator: UserRow,
  query: PageQuery,
): Promise<Page<SubscriberView>> {
  const now = context.clock.now();
  const page = await listSubscribersOf(context.db, creator.id, {
    limit: query.limit,
    cursor: decodeCursor(query.cursor),
  });
  return mapPage(page, (row) => presentSubscriber(row, now));
}

const RENEWAL_BATCH = 100;

/** Whether a due subscription may be charged again: the creator can still receive it, the subscriber stays. */
async function mayRenew(
  tx: Transaction,
  subscription: { subscriberId: string; creatorId: string },
  now: Date,
): Promise<boolean> {
  const creator = await findPaymentParty(tx, subscription.creatorId);
  const subscriber = await findPaymentParty(tx, subscription.subscriberId);
  // A suspended subscriber can't pay (every write of theirs is refused): the subscription lapses at the period's end.
  if (!creator || !subscriber || subscriber.isDeleted || isSuspendedAt(subscriber, now)) return false;
  return (await refusalOfPayment(tx, subscriber.id, creator, "subscription", now)) === null;
}

/**
 * The renewal job: charges each active subscription whose period has ended, once per period. Each renewal claims
 * its period with a conditional update (WHERE current_period_end = the end it read) in the transaction that
 * records the charge, so re-runs, restarts and concurrent runners never charge a period twice. A declined renewal
 * expires the subscription, and so does one the "can receive money" rule refuses (the creator is suspended,
 * deleted, blocks or is blocked by the subscriber, or is no longer a creator) or whose subscriber is deleting
 * their account or suspended: it lapses at the end of the period already paid, and nothing is charged. Returns how many
 * periods were charged.
 */
export async function renewDueSubscriptions(context: AppContext): Promise<number> {
  // With a processor, renewals are off-session PaymentIntents settled by webhooks (processor-renewals and processor-settlement.service).
  const stripe = stripeProviderFor(context.env);
  if (stripe) {
    await expireEndedCancelledSubscriptions(context.db, context.clock.now());
    return renewThroughProcessor(context, stripe, mayRenew);
  }
  const now = context.clock.now();
  await expireEndedCancelledSubscriptions(context.db, now);
  let renewed = 0;
  const seen = new Set<string>();
  for (;;) {
    const due = (await listSubscriptionsDueForRenewal(context.db, now, RENEWAL_BATCH)).filter(
      (subscription) => !seen.has(subscription.id),
    );
    if (due.length === 0) return renewed;
    for (const subscription of due) {
      seen.add(subscription.id);
      // Periods follow each other; after a long outage the new one starts now rather than charging missed months.
      const nextEnd = addOneMonth(subscription.currentPeriodEnd);
      const start = nextEnd.getTime() > now.getTime() ? subscription.currentPeriodEnd : now;
      const period = { start, end: addOneMonth(start) };
      try {
        const didRenew = await context.db.transaction(async (tx) => {
          if (!(await mayRenew(tx, subscription, now))) {
            await expireSubscription(tx, subscription.id, subscription.currentPeriodEnd);
            return false;
          }
          const claimed = await advanceSubscriptionPeriod(tx, subscription, period, { isRenewal: true });
          if (!claimed) return false;
          const paid = await charge(
            context,
            subscription.priceCents,
            { paymentMethod: subscription.paymentMethod as PaymentMethod },
            `renewal:${subscription.id}:${period.start.toISOString()}`,
          );
          await recordLedgerTransaction(tx, {
            kind: "subscription",
            payerId: subscription.subscriberId,
            payeeId: subscription.creatorId,
            amountCents: subscription.priceCents,
            paymentMethod: subscription.paymentMethod,
            provider: paid.provider,
            providerReference: paid.reference,
            createdAt: now,
          });
          return true;
        });
        if (didRenew) renewed += 1;
      } catch (error) {
        if (!(error instanceof AppError && error.statusCode === 402)) throw error;
        await expireSubscription(context.db, subscription.id, subscription.currentPeriodEnd);
      }
    }
  }
}
