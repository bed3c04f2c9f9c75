import { TIP_RATE_LIMIT } from "@plaza/contracts/constants";
import type { PageQuery } from "@plaza/contracts/pagination";
import {
  dollarsToCents,
  type MySubscriptionView,
  PAYMENT_MESSAGES,
  type PaymentMethod,
  type PpvUnlockBody,
  type PpvUnlockView,
  type SpendingLineView,
  type SubscribeBody,
  type SubscriberView,
  type SubscriptionPriceBody,
  type SubscriptionStatusView,
  type SubscriptionView,
  TIP_TEXTS,
  type TipBody,
  type TipView,
  type TransactionKind,
  type WalletLineView,
  type WalletView,
} from "@plaza/contracts/payments";
import type { AppContext } from "../../app-context";
import type { Executor, Transaction } from "../../db/client";
import type { UserRow } from "../../db/schema/users";
import { AppError, badRequest, forbidden, notFound, tooManyRequests } from "../../lib/app-error";
import { decodeCursor, encodeCursor, mapPage, type Page, toPage } from "../../lib/cursor";
import { notify } from "../notifications/notifications.service";
import { canSeeAuthorPosts } from "../posts/posts.policy";
import { isBlockedEitherWay, isFollowing } from "../relationships/relationships.repository";
import { claimIdempotencyKey, type IdempotentRequest, type MoneyResponse, saveIdempotentResponse } from "./idempotency";
import {
  listSpendingLines,
  listWalletLines,
  recordLedgerTransaction,
  sumSpending,
  sumWallet,
} from "./ledger.repository";
import { paymentProviderFor } from "./payment-provider";
import { type Payee, type PayeeRefusal, payeeRefusal } from "./payments.policy";
import {
  hasSubscriptionAccess,
  presentPpvUnlock,
  presentSpendingLine,
  presentSubscriber,
  presentSubscription,
  presentTip,
  presentWalletLine,
} from "./payments.presenter";
import {
  advanceSubscriptionPeriod,
  expireEndedCancelledSubscriptions,
  expireSubscription,
  findPaymentParty,
  findPostForUnlock,
  findPpvUnlock,
  findSubscription,
  insertPpvUnlock,
  insertSubscription,
  listSubscribersOf,
  listSubscriptionsDueForRenewal,
  listSubscriptionsOf,
  lockPair,
  setSubscriptionCancelledAt,
  updateSubscriptionPrice,
} from "./payments.repository";

/** One paid subscription period: a calendar month. */
export function addOneMonth(date: Date): Date {
  const next = new Date(date.getTime());
  next.setUTCMonth(next.getUTCMonth() + 1);
  return next;
}

/**
 * Runs one money call in one transaction, behind its Idempotency-Key when there is one: the key is claimed first,
 * the money moves, and the answer is stored with the key before commit. Any error rolls everything back (the key
 * included), so a refused or declined request may be retried with the same key.
 */
async function runMoneyCall<T>(
  context: AppContext,
  idempotency: IdempotentRequest | null,
  work: (tx: Transaction) => Promise<{ status: number; body: T }>,
): Promise<MoneyResponse<T>> {
  return context.db.transaction(async (tx) => {
    if (idempotency) {
      const replay = await claimIdempotencyKey(tx, idempotency, context.clock.now());
      if (replay) return replay as MoneyResponse<T>;
    }
    const result = await work(tx);
    if (idempotency) await saveIdempotentResponse(tx, idempotency, result);
    return { ...result, isReplay: false };
  });
}

/** The provider reference of one user intent: the idempotency key when sent, otherwise a fresh id. */
function intentReference(payerId: string, idempotency: IdempotentRequest | null): string {
  return idempotency ? `${payerId}:${idempotency.route}:${idempotency.key}` : crypto.randomUUID();
}

interface Payment {
  paymentMethod: PaymentMethod;
  cardLast4?: string;
}

async function charge(context: AppContext, amountCents: number, payment: Payment, reference: string) {
  const provider = paymentProviderFor(context.env);
  const result = await provider.charge({
    amountCents,
    method: payment.paymentMethod,
    cardLast4: payment.cardLast4,
    idempotencyReference: reference,
  });
  return { provider: provider.name, reference: result.reference };
}

/** Asks the one "can receive money" rule (payments.policy) about a payment from `payerId` to `payee`. */
async function refusalOfPayment(
  db: Executor,
  payerId: string,
  payee: Payee & { id: string },
  kind: TransactionKind,
  now: Date,
): Promise<PayeeRefusal | null> {
  return payeeRefusal(payee, kind, { isBlockedEitherWay: await isBlockedEitherWay(db, payerId, payee.id), now });
}

/**
 * Counts one tip attempt against the sender's rolling limit (each tip notifies its receiver, so a burst is spam).
 * Asked after the Idempotency-Key is claimed, so a retry that replays a stored answer is never refused.
 */
async function assertTipRateAllowed(context: AppContext, payerId: string): Promise<void> {
  const limit = context.env.TIPS_PER_MINUTE;
  const attempt = await context.rateLimiter.hit(`tips:${payerId}`, limit, TIP_RATE_LIMIT.windowMs);
  if (!attempt.allowed) throw tooManyRequests(TIP_TEXTS.rateLimited, attempt.retryAfterMs);
}

/** POST /api/tips: the whole amount goes to the receiver's wallet. */
export async function sendTip(
  context: AppContext,
  payer: UserRow,
  body: TipBody,
  idempotency: IdempotentRequest | null,
): Promise<MoneyResponse<TipView>> {
  return runMoneyCall(context, idempotency, async (tx) => {
    if (body.receiverId === payer.id) throw badRequest(PAYMENT_MESSAGES.cannotTipSelf, "receiverId");
    await assertTipRateAllowed(context, payer.id);
    const receiver = await findPaymentParty(tx, body.receiverId);
    if (!receiver) throw notFound(PAYMENT_MESSAGES.receiverNotFound);
    const refusal = await refusalOfPayment(tx, payer.id, receiver, "tip", context.clock.now());
    if (refusal === "blocked") throw forbidden(PAYMENT_MESSAGES.tipBlocked);
    if (refusal) throw forbidden(PAYMENT_MESSAGES.receiverUnavailable);
    const amountCents = dollarsToCents(body.amount);
    const paid = await charge(context, amountCents, body, intentReference(payer.id, idempotency));
    const transaction = await recordLedgerTransaction(tx, {
      kind: "tip",
      payerId: payer.id,
      payeeId: receiver.id,
      amountCents,
      paymentMethod: body.paymentMethod,
      provider: paid.provider,
      providerReference: paid.reference,
      message: body.message ? body.message : null,
      createdAt: context.clock.now(),
    });
    await notify(tx, {
      userId: receiver.id,
      type: "tip",
      actorId: payer.id,
      entityType: "tip",
      entityId: transaction.id,
      data: { amountCents, message: transaction.message },
    });
    return { status: 201, body: presentTip(transaction, receiver.id) };
  });
}

/**
 * POST /api/ppv-unlocks: charges the post's own price once per viewer and post. A second call answers the existing
 * unlock (200) and charges nothing; the author never pays.
 */
export async function unlockPost(
  context: AppContext,
  viewer: UserRow,
  body: PpvUnlockBody,
  idempotency: IdempotentRequest | null,
): Promise<MoneyResponse<PpvUnlockView>> {
  return runMoneyCall(context, idempotency, async (tx) => {
    const post = await findPostForUnlock(tx, body.postId);
    if (!post) throw notFound(PAYMENT_MESSAGES.postNotFound);
    if (post.postType !== "ppv" || !post.priceCents || post.priceCents <= 0) {
      throw badRequest(PAYMENT_MESSAGES.notPayPerView, "postId");
    }
    if (post.authorId === viewer.id) throw badRequest(PAYMENT_MESSAGES.ownPost, "postId");
    if (dollarsToCents(body.amount) !== post.priceCents) throw badRequest(PAYMENT_MESSAGES.priceMismatch, "amount");
    const author = await findPaymentParty(tx, post.authorId);
    if (!author) throw notFound(PAYMENT_MESSAGES.postNotFound);
    const refusal = await refusalOfPayment(tx, viewer.id, author, "ppv_unlock", context.clock.now());
    if (refusal === "deleted") throw notFound(PAYMENT_MESSAGES.postNotFound);
    if (refusal === "blocked") throw forbidden(PAYMENT_MESSAGES.unlockBlocked);
    // Only a post the viewer may see can be bought (a private author's posts are for followers).
    const isFollower = author.accountVisibility === "private" && (await isFollowing(tx, viewer.id, author.id));
    if (!canSeeAuthorPosts(viewer, author, isFollower)) throw forbidden(PAYMENT_MESSAGES.unlockBlocked);

    await lockPair(tx, "ppv", viewer.id, post.id);
    const existing = await findPpvUnlock(tx, viewer.id, post.id);
    if (existing) return { status: 200, body: presentPpvUnlock(existing, post.priceCents) };
    // A suspended author, or one who is no longer a creator, sells nothing (what was bought stays bought).
    if (refusal) throw forbidden(PAYMENT_MESSAGES.unlockUnavailable);

    const paid = await charge(context, post.priceCents, body, intentReference(viewer.id, idempotency));
    const now = context.clock.now();
    const transaction = await recordLedgerTransaction(tx, {
      kind: "ppv_unlock",
      payerId: viewer.id,
      payeeId: post.authorId,
      amountCents: post.priceCents,
      paymentMethod: body.paymentMethod,
      provider: paid.provider,
      providerReference: paid.reference,
      postId: post.id,
      createdAt: now,
    });
    const unlock = await insertPpvUnlock(tx, {
      userId: viewer.id,
      postId: post.id,
      transactionId: transaction.id,
      createdAt: now,
    });
    await notify(tx, {
      userId: post.authorId,
      type: "ppv_unlock",
      actorId: viewer.id,
      entityType: "post",
      entityId: post.id,
      data: { amountCents: post.priceCents },
    });
    return { status: 201, body: presentPpvUnlock(unlock, post.priceCents) };
  });
}

/**
 * POST /api/subscriptions: one month at the creator's current price. An existing paid period is answered as it
 * is (a cancelled one is resumed) without a charge; a lapsed one starts a new paid period.
 */
export async function subscribe(
  context: AppContext,
  subscriber: UserRow,
  body: SubscribeBody,
  idempotency: IdempotentRequest | null,
): Promise<MoneyResponse<SubscriptionView>> {
  return runMoneyCall(context, idempotency, async (tx) => {
    if (body.creatorId === subscriber.id) throw badRequest(PAYMENT_MESSAGES.cannotSubscribeSelf, "creatorId");
    const creator = await findPaymentParty(tx, body.creatorId);
    if (!creator) throw notFound(PAYMENT_MESSAGES.creatorNotFound);
    const refusal = await refusalOfPayment(tx, subscriber.id, creator, "subscription", context.clock.now());
    if (refusal === "deleted") throw notFound(PAYMENT_MESSAGES.creatorNotFound);
    if (refusal === "suspended") throw forbidden(PAYMENT_MESSAGES.creatorUnavailable);
    if (refusal === "blocked") throw forbidden(PAYMENT_MESSAGES.subscribeBlocked);
    if (refusal === "notCreator") throw badRequest(PAYMENT_MESSAGES.notACreator, "creatorId");

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
    await notify(tx, {
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

/** GET /api/wallet: balance and earnings by source, derived from the ledger, with the latest lines. */
export async function getWallet(context: AppContext, user: UserRow, recentCount: number): Promise<WalletView> {
  const [totals, spent, lines] = await Promise.all([
    sumWallet(context.db, user.id),
    sumSpending(context.db, user.id),
    listWalletLines(context.db, user.id, { limit: recentCount, cursor: null }),
  ]);
  return {
    balanceCents: totals.balanceCents,
    currency: "USD",
    earnings: {
      tipsCents: totals.byKind.tip,
      ppvCents: totals.byKind.ppv_unlock,
      subscriptionsCents: totals.byKind.subscription,
    },
    spending: {
      tipsCents: spent.tip,
      ppvCents: spent.ppv_unlock,
      subscriptionsCents: spent.subscription,
      totalCents: spent.tip + spent.ppv_unlock + spent.subscription,
    },
    recentLines: lines.slice(0, recentCount).map(presentWalletLine),
  };
}

/** The cursor of a row of a list ordered by (createdAt desc, id desc). */
const byCreation = (row: { createdAt: Date; id: string }) => encodeCursor(row);
const bySubscription = (row: { subscription: { createdAt: Date; id: string } }) => encodeCursor(row.subscription);

/** GET /api/wallet/lines: the user's ledger lines, newest first. */
export async function listWallet(context: AppContext, user: UserRow, query: PageQuery): Promise<Page<WalletLineView>> {
  const rows = await listWalletLines(context.db, user.id, { limit: query.limit, cursor: decodeCursor(query.cursor) });
  return mapPage(toPage(rows, query.limit, byCreation), presentWalletLine);
}

/** GET /api/subscriptions: the signed-in user's subscriptions. */
export async function listMySubscriptions(
  context: AppContext,
  subscriber: UserRow,
  query: PageQuery,
): Promise<Page<MySubscriptionView>> {
  const now = context.clock.now();
  const page = { limit: query.limit, cursor: decodeCursor(query.cursor) };
  const rows = await listSubscriptionsOf(context.db, subscriber.id, page);
  return mapPage(toPage(rows, query.limit, bySubscription), (row) => ({
    ...presentSubscription(row.subscription, now),
    creator: row.creator,
  }));
}

/** GET /api/wallet/spending: the user's own payments, newest first. */
export async function listSpending(
  context: AppContext,
  user: UserRow,
  query: PageQuery,
): Promise<Page<SpendingLineView>> {
  const rows = await listSpendingLines(context.db, user.id, { limit: query.limit, cursor: decodeCursor(query.cursor) });
  return mapPage(toPage(rows, query.limit, byCreation), presentSpendingLine);
}

/** GET /api/subscriptions/subscribers: the signed-in creator's subscribers, newest first (Patreon's patron list). */
export async function listMySubscribers(
  context: AppContext,
  creator: UserRow,
  query: PageQuery,
): Promise<Page<SubscriberView>> {
  const now = context.clock.now();
  const rows = await listSubscribersOf(context.db, creator.id, {
    limit: query.limit,
    cursor: decodeCursor(query.cursor),
  });
  return mapPage(toPage(rows, query.limit, bySubscription), (row) => presentSubscriber(row, now));
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
  if (!creator || !subscriber || subscriber.isDeleted) return false;
  return (await refusalOfPayment(tx, subscriber.id, creator, "subscription", now)) === null;
}

/**
 * The renewal job: charges each active subscription whose period has ended, once per period. Each renewal claims
 * its period with a conditional update (WHERE current_period_end = the end it read) in the transaction that
 * records the charge, so re-runs, restarts and concurrent runners never charge a period twice. A declined renewal
 * expires the subscription, and so does one the "can receive money" rule refuses (the creator is suspended,
 * deleted, blocks or is blocked by the subscriber, or is no longer a creator) or whose subscriber is deleting
 * their account: it lapses at the end of the period already paid, and nothing is charged. Returns how many
 * periods were charged.
 */
export async function renewDueSubscriptions(context: AppContext): Promise<number> {
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
