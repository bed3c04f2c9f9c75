import { TIP_RATE_LIMIT } from "@plaza/contracts/constants";
import {
  dollarsToCents,
  PAYMENT_MESSAGES,
  type PaymentMethod,
  type PaymentStartedView,
  type PpvUnlockBody,
  type PpvUnlockView,
  TIP_TEXTS,
  type TipBody,
  type TipView,
  type TransactionKind,
} from "@plaza/contracts/payments";
import type { AppContext } from "../../app-context";
import type { Executor, Transaction } from "../../db/client";
import type { UserRow } from "../../db/schema/users";
import { badRequest, conflict, forbidden, notFound, tooManyRequests } from "../../lib/app-error";
import type { IdempotentRequest, MoneyResponse } from "../../lib/idempotency-key";
import { type Effects, inTransaction } from "../../lib/unit-of-work";
import { notify } from "../notifications/notifications.service";
import { canSeeAuthorPosts } from "../posts/posts.policy";
import { isBlockedEitherWay, isFollowing } from "../relationships/relationships.repository";
import { claimIdempotencyKey, findIdempotencyKey, saveIdempotentResponse } from "./idempotency.repository";
import { recordLedgerTransaction } from "./ledger.repository";
import { paymentProviderFor, stripeProviderFor } from "./payment-provider";
import { type Payee, type PayeeRefusal, payeeRefusal } from "./payments.policy";
import { presentPpvUnlock, presentTip } from "./payments.presenter";
import { findPaymentParty, findPostForUnlock, findPpvUnlock, insertPpvUnlock, lockPair } from "./payments.repository";
import { findOpenPayment } from "./processor-payments.repository";
import { answerOpenPayment, requireActivePayee, startProcessorPayment } from "./processor-payments.service";

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
export async function runMoneyCall<T>(
  context: AppContext,
  idempotency: IdempotentRequest | null,
  work: (tx: Transaction, effects: Effects) => Promise<{ status: number; body: T }>,
): Promise<MoneyResponse<T>> {
  return inTransaction(context, async (tx, effects) => {
    if (idempotency) {
      const replay = await claimIdempotencyKey(tx, idempotency, context.clock.now());
      if (replay) return replay as MoneyResponse<T>;
    }
    const result = await work(tx, effects);
    if (idempotency) await saveIdempotentResponse(tx, idempotency, result);
    return { ...result, isReplay: false };
  });
}

/** The provider reference of one user intent: the idempotency key when sent, otherwise a fresh id. */
export function intentReference(payerId: string, idempotency: IdempotentRequest | null): string {
  return idempotency ? `${payerId}:${idempotency.route}:${idempotency.key}` : crypto.randomUUID();
}

export interface Payment {
  paymentMethod: PaymentMethod;
  cardLast4?: string;
}

export async function charge(context: AppContext, amountCents: number, payment: Payment, reference: string) {
  const provider = paymentProviderFor(context.env);
  if (provider.mode !== "immediate") throw new Error(`${provider.name} payments are intents, not immediate charges`);
  const result = await provider.charge({
    amountCents,
    method: payment.paymentMethod,
    cardLast4: payment.cardLast4,
    idempotencyReference: reference,
  });
  return { provider: provider.name, reference: result.reference };
}

/** Asks the one "can receive money" rule (payments.policy) about a payment from `payerId` to `payee`. */
export async function refusalOfPayment(
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

/** The rules of a tip (self, rate, receiver, blocks); answers the receiver. */
async function checkTip(context: AppContext, tx: Executor, payer: UserRow, body: TipBody) {
  if (body.receiverId === payer.id) throw badRequest(PAYMENT_MESSAGES.cannotTipSelf, "receiverId");
  await assertTipRateAllowed(context, payer.id);
  const receiver = await findPaymentParty(tx, body.receiverId);
  if (!receiver) throw notFound(PAYMENT_MESSAGES.receiverNotFound);
  const refusal = await refusalOfPayment(tx, payer.id, receiver, "tip", context.clock.now());
  if (refusal === "blocked") throw forbidden(PAYMENT_MESSAGES.tipBlocked);
  if (refusal) throw forbidden(PAYMENT_MESSAGES.receiverUnavailable);
  return receiver;
}

/**
 * A stored answer of this Idempotency-Key, read before any provider call (a retry must not create anything);
 * a key used with another body is 409. Null when the key is new (it is claimed when the payment is committed).
 */
export async function peekIdempotentReplay(
  context: AppContext,
  idempotency: IdempotentRequest | null,
): Promise<MoneyResponse<unknown> | null> {
  if (!idempotency) return null;
  const existing = await findIdempotencyKey(context.db, idempotency.userId, idempotency.key);
  if (!existing) return null;
  if (
    existing.route !== idempotency.route ||
    existing.requestHash !== idempotency.requestHash ||
    existing.responseStatus === null
  ) {
    throw conflict(PAYMENT_MESSAGES.idempotencyKeyReused, "IDEMPOTENCY_KEY_REUSED");
  }
  return { status: existing.responseStatus, body: existing.responseBody, isReplay: true };
}

/** POST /api/tips: the whole amount goes to the receiver's wallet. */
export async function sendTip(
  context: AppContext,
  payer: UserRow,
  body: TipBody,
  idempotency: IdempotentRequest | null,
): Promise<MoneyResponse<TipView | PaymentStartedView>> {
  const stripe = stripeProviderFor(context.env);
  if (stripe) {
    const replay = await peekIdempotentReplay(context, idempotency);
    if (replay) return replay as MoneyResponse<PaymentStartedView>;
    const { receiverId, connectedAccountId } = await context.db.transaction(async (tx) => {
      const receiver = await checkTip(context, tx, payer, body);
      return { receiverId: receiver.id, connectedAccountId: await requireActivePayee(tx, receiver.id) };
    });
    const amountCents = dollarsToCents(body.amount);
    const plan = { kind: "tip" as const, payeeId: receiverId, amountCents, message: body.message || null };
    const reference = intentReference(payer.id, idempotency);
    const description = "Tip on Plaza";
    return startProcessorPayment(
      context,
      stripe,
      payer,
      { ...plan, description },
      connectedAccountId,
      reference,
      idempotency,
      runMoneyCall,
    );
  }
  return runMoneyCall(context, idempotency, async (tx, effects) => {
    const receiver = await checkTip(context, tx, payer, body);
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
    await notify(tx, effects, {
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
): Promise<MoneyResponse<PpvUnlockView | PaymentStartedView>> {
  const stripe = stripeProviderFor(context.env);
  if (stripe) {
    const replay = await peekIdempotentReplay(context, idempotency);
    if (replay) return replay as MoneyResponse<PaymentStartedView>;
    const prepared = await context.db.transaction(async (tx) => {
      const { post, author, refusal } = await checkUnlock(tx, viewer, body, context.clock.now());
      const existing = await findPpvUnlock(tx, viewer.id, post.id);
      if (existing) return { answer: { status: 200, body: presentPpvUnlock(existing, post.priceCents) } };
      if (refusal) throw forbidden(PAYMENT_MESSAGES.unlockUnavailable);
      const connectedAccountId = await requireActivePayee(tx, author.id);
      const open = await findOpenPayment(tx, viewer.id, "ppv_unlock", author.id, post.id);
      if (open) return { answer: answerOpenPayment(open) };
      return { post, connectedAccountId };
    });
    if ("answer" in prepared && prepared.answer) {
      const { answer } = prepared;
      return runMoneyCall<PpvUnlockView | PaymentStartedView>(context, idempotency, async () => answer);
    }
    if (!("post" in prepared) || !prepared.post) throw new Error("unreachable");
    const { post, connectedAccountId } = prepared;
    const plan = {
      kind: "ppv_unlock" as const,
      payeeId: post.authorId,
      amountCents: post.priceCents,
      postId: post.id,
      description: "Pay-per-view post on Plaza",
    };
    const reference = intentReference(viewer.id, idempotency);
    return startProcessorPayment(
      context,
      stripe,
      viewer,
      plan,
      connectedAccountId,
      reference,
      idempotency,
      runMoneyCall,
    );
  }
  return runMoneyCall(context, idempotency, async (tx, effects) => {
    const { post, refusal } = await checkUnlock(tx, viewer, body, context.clock.now());

    await lockPair(tx, "ppv", viewer.id, post.id);
    const existing = await findPpvUnlock(tx, viewer.id, post.id);
    if (existing) return { status: 200, body: presentPpvUnlock(existing, post.priceCents) };
    // A suspended author, or one who is no longer a creator, sells nothing (what was bought stays bought).
    if (refusal) throw forbidden(PAYMENT_MESSAGES.unlockUnavailable);
    const { priceCents } = post;

    const paid = await charge(context, priceCents, body, intentReference(viewer.id, idempotency));
    const now = context.clock.now();
    const transaction = await recordLedgerTransaction(tx, {
      kind: "ppv_unlock",
      payerId: viewer.id,
      payeeId: post.authorId,
      amountCents: priceCents,
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
    await notify(tx, effects, {
      userId: post.authorId,
      type: "ppv_unlock",
      actorId: viewer.id,
      entityType: "post",
      entityId: post.id,
      data: { amountCents: priceCents },
    });
    return { status: 201, body: presentPpvUnlock(unlock, priceCents) };
  });
}

/** The rules of an unlock: a priced pay-per-view post of someone else, visible to the viewer. */
async function checkUnlock(tx: Executor, viewer: UserRow, body: PpvUnlockBody, now: Date) {
  {
    const post = await findPostForUnlock(tx, body.postId);
    if (!post) throw notFound(PAYMENT_MESSAGES.postNotFound);
    if (post.postType !== "ppv" || !post.priceCents || post.priceCents <= 0) {
      throw badRequest(PAYMENT_MESSAGES.notPayPerView, "postId");
    }
    if (post.authorId === viewer.id) throw badRequest(PAYMENT_MESSAGES.ownPost, "postId");
    if (dollarsToCents(body.amount) !== post.priceCents) throw badRequest(PAYMENT_MESSAGES.priceMismatch, "amount");
    const author = await findPaymentParty(tx, post.authorId);
    if (!author) throw notFound(PAYMENT_MESSAGES.postNotFound);
    const refusal = await refusalOfPayment(tx, viewer.id, author, "ppv_unlock", now);
    if (refusal === "deleted") throw notFound(PAYMENT_MESSAGES.postNotFound);
    if (refusal === "blocked") throw forbidden(PAYMENT_MESSAGES.unlockBlocked);
    // Only a post the viewer may see can be bought (a private author's posts are for followers).
    const isFollower =
      (author.accountVisibility === "private" || author.isLimited) && (await isFollowing(tx, viewer.id, author.id));
    if (!canSeeAuthorPosts(viewer, author, isFollower)) throw forbidden(PAYMENT_MESSAGES.unlockBlocked);
    return { post: { ...post, priceCents: post.priceCents }, author, refusal };
  }
}
