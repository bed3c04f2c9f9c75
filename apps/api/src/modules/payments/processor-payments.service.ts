import { createHash } from "node:crypto";
import {
  PAYMENT_MESSAGES,
  PAYMENT_UPDATED_EVENT,
  PAYOUT_TEXTS,
  type PaymentStartedView,
  type PaymentView,
  type ProcessorPaymentStatus,
  type TransactionKind,
} from "@plaza/contracts/payments";
import type Stripe from "stripe";
import type { AppContext } from "../../app-context";
import type { Executor, Transaction } from "../../db/client";
import { badRequest, conflict, notFound } from "../../lib/app-error";
import type { IdempotentRequest, MoneyResponse } from "../../lib/idempotency-key";
import { type Effects, inTransaction } from "../../lib/unit-of-work";
import { notify } from "../notifications/notifications.service";
import { recordLedgerTransaction, recordReversal } from "./ledger.repository";
import { stripeProviderFor } from "./payment-provider";
import {
  findPpvUnlock,
  findSubscription,
  insertPpvUnlock,
  insertSubscription,
  lockPair,
  type SubscriptionRow,
} from "./payments.repository";
import { findPayoutAccount, payoutStatusOf, updatePayoutAccountFromStripe } from "./payouts.repository";
import {
  clearRefundDue,
  deletePpvUnlockOfTransaction,
  expireSubscriptionNow,
  expireUnpaidProcessorSubscriptions,
  findOpenPayment,
  findPaymentByIntent,
  findPaymentOfPayer,
  findPersonName,
  findUserEmail,
  insertPaymentIfNew,
  insertRenewalPaymentIfNew,
  listPaymentsDueRefund,
  listSubscriptionsDueForProcessorRenewal,
  lockPaymentByIntent,
  type ProcessorPaymentRow,
  paymentExists,
  recordProcessorEvent,
  setSubscriptionPaidPeriod,
  updatePayment,
} from "./processor-payments.repository";
import type { StripePaymentProvider } from "./stripe-provider";

/**
 * Payments through a network processor (Stripe, docs/decisions/0002-stripe-connect.md). No provider call runs
 * inside a database transaction: the PaymentIntent is created first, then a pending payment is committed; the
 * ledger posts, and what was bought takes effect, only on the verified `payment_intent.succeeded` webhook.
 */

/** What a money call wants to buy, once its rules have passed. */
export interface PaymentPlan {
  kind: TransactionKind;
  payeeId: string;
  amountCents: number;
  postId?: string | null;
  message?: string | null;
  /** For a subscription: save the payment method on the creator's account for renewals. */
  savePaymentMethod?: boolean;
  description: string;
}

/** Plaza's payment id of one user intent: derived from the Idempotency-Key, so a retry names the same payment. */
export function paymentIdFor(reference: string): string {
  const hex = createHash("sha256").update(`plaza-payment:${reference}`).digest("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** 409 unless the payee's connected account can take charges: "{first and last name} can't receive payments yet". */
export async function requireActivePayee(db: Executor, payeeId: string): Promise<string> {
  const account = await findPayoutAccount(db, payeeId);
  if (account && payoutStatusOf(account) === "active") return account.accountId;
  const person = await findPersonName(db, payeeId);
  const name = [person?.firstName, person?.lastName].filter(Boolean).join(" ") || person?.username || "This user";
  throw conflict(PAYOUT_TEXTS.cannotReceiveYet(name), "PAYEE_NOT_CONNECTED");
}

/**
 * Starts a processor payment: creates the PaymentIntent on the payee's account (outside any transaction), then
 * commits the pending payment and the Idempotency-Key's answer together. A retry with the same key gets the same
 * intent from Stripe (its idempotency key) and then the stored answer.
 */
export async function startProcessorPayment(
  context: AppContext,
  stripe: StripePaymentProvider,
  payer: { id: string; email: string },
  plan: PaymentPlan,
  connectedAccountId: string,
  reference: string,
  idempotency: IdempotentRequest | null,
  runMoneyCall: <T>(
    context: AppContext,
    idempotency: IdempotentRequest | null,
    work: (tx: Transaction, effects: Effects) => Promise<{ status: number; body: T }>,
  ) => Promise<MoneyResponse<T>>,
): Promise<MoneyResponse<PaymentStartedView>> {
  const paymentId = paymentIdFor(reference);
  const customerId = plan.savePaymentMethod
    ? await stripe.createCustomer(connectedAccountId, payer.id, payer.email)
    : undefined;
  const intent = await stripe.createPaymentIntent({
    paymentId,
    kind: plan.kind,
    payerId: payer.id,
    amountCents: plan.amountCents,
    connectedAccountId,
    idempotencyKey: `plaza-payment-${paymentId}`,
    customerId,
    description: plan.description,
  });
  if (!intent.clientSecret) throw new Error(`PaymentIntent ${intent.id} came back without a client secret`);
  const clientSecret = intent.clientSecret;
  return runMoneyCall(context, idempotency, async (tx) => {
    const now = context.clock.now();
    const inserted = await insertPaymentIfNew(tx, {
      id: paymentId,
      kind: plan.kind,
      payerId: payer.id,
      payeeId: plan.payeeId,
      amountCents: plan.amountCents,
      provider: stripe.name,
      intentId: intent.id,
      connectedAccountId,
      clientSecret,
      postId: plan.postId ?? null,
      message: plan.message ?? null,
      createdAt: now,
      updatedAt: now,
    });
    if (!inserted && plan.kind !== "tip") {
      // Not a retry of this payment: another request for the same post or creator won the race (the one-open
      // payment indexes). Its intent is the one to pay; the one created here never reaches a browser, so nobody can
      // confirm it.
      const same = await paymentExists(tx, paymentId);
      const open = same ? undefined : await findOpenPayment(tx, payer.id, plan.kind, plan.payeeId, plan.postId ?? null);
      if (open) return answerOpenPayment(open);
    }
    return {
      status: 202,
      body: { paymentId, status: "requires_payment" as const, clientSecret, stripeAccount: connectedAccountId },
    };
  });
}

/** GET /api/payments/{paymentId}: its payer only (anyone else: 404). */
export async function getPayment(context: AppContext, payerId: string, paymentId: string): Promise<PaymentView> {
  const payment = await findPaymentOfPayer(context.db, payerId, paymentId);
  if (!payment) throw notFound(PAYOUT_TEXTS.paymentNotFound);
  return presentPayment(payment);
}

function presentPayment(payment: ProcessorPaymentRow): PaymentView {
  const status = payment.status as ProcessorPaymentStatus;
  return {
    paymentId: payment.id,
    kind: payment.kind,
    status,
    amountCents: payment.amountCents,
    payeeId: payment.payeeId,
    postId: payment.postId,
    clientSecret: status === "requires_payment" ? payment.clientSecret : null,
    stripeAccount: payment.connectedAccountId,
  };
}

/**
 * The answer to an unlock or a subscription asked for while its payment is open: the same PaymentIntent to confirm
 * (a second tab pays the same intent, which Stripe charges once), or 409 while the bank is still working on it.
 */
export function answerOpenPayment(open: ProcessorPaymentRow): { status: 202; body: PaymentStartedView } {
  const started = presentStarted(open);
  if (started) return { status: 202, body: started };
  const message =
    open.kind === "subscription" ? PAYMENT_MESSAGES.subscribeInProgress : PAYMENT_MESSAGES.unlockInProgress;
  throw conflict(message, "PAYMENT_IN_PROGRESS");
}

export function presentStarted(payment: ProcessorPaymentRow): PaymentStartedView | null {
  if (payment.status !== "requires_payment" || !payment.clientSecret) return null;
  return {
    paymentId: payment.id,
    status: "requires_payment",
    clientSecret: payment.clientSecret,
    stripeAccount: payment.connectedAccountId,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Webhooks

/** Reads the event from the raw body and signature: a bad or missing signature is a 400 and changes nothing. */
export function verifyStripeEvent(
  stripe: StripePaymentProvider,
  rawBody: Buffer | undefined,
  signature: string | string[] | undefined,
): Stripe.Event {
  if (!rawBody || typeof signature !== "string" || signature === "") {
    throw badRequest("Missing Stripe-Signature", "Stripe-Signature");
  }
  try {
    return stripe.constructEvent(rawBody, signature);
  } catch {
    throw badRequest("Invalid Stripe-Signature", "Stripe-Signature");
  }
}

/** The id of an expandable field (a string id, or the expanded object). */
function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === "string" ? value : value.id;
}

/**
 * Applies one verified event exactly once: the event id is recorded in the same transaction as its effect, and
 * each effect checks the payment's state (by PaymentIntent), so a repeat or a reordered event moves no money.
 * Provider calls the event needs (the charge's fee) are made before the transaction.
 */
export async function applyStripeEvent(
  context: AppContext,
  stripe: StripePaymentProvider,
  event: Stripe.Event,
): Promise<void> {
  let feeCents = 0;
  if (event.type === "payment_intent.succeeded") {
    const intent = event.data.object;
    const chargeId = idOf(intent.latest_charge);
    const account = event.account ?? (await findPaymentByIntent(context.db, intent.id))?.connectedAccountId;
    if (chargeId && account) feeCents = await stripe.feeOfCharge(chargeId, account);
  }
  await inTransaction(context, async (tx, effects) => {
    const changed = await applyInTransaction(context, tx, effects, event, feeCents);
    if (!changed) return;
    // After commit, like the notifications it made: the payer's open tabs refetch the payment and find it settled.
    effects.publish(changed.payerId, { type: PAYMENT_UPDATED_EVENT, payload: presentPayment(changed) });
    if (changed.refundDue) effects.requestJob(PAYMENT_REFUNDS_JOB);
  });
}

/** The effect of one event in its transaction (null when it changed no payment): see applyStripeEvent. */
async function applyInTransaction(
  context: AppContext,
  tx: Transaction,
  effects: Effects,
  event: Stripe.Event,
  feeCents: number,
): Promise<ProcessorPaymentRow | null> {
  const fresh = await recordProcessorEvent(tx, { id: event.id, type: event.type, receivedAt: context.clock.now() });
  if (!fresh) return null;
  switch (event.type) {
    case "payment_intent.succeeded":
      return settleSucceeded(context, tx, effects, event.data.object, feeCents);
    case "payment_intent.processing":
      return moveStatus(context, tx, event.data.object.id, ["requires_payment"], "processing");
    case "payment_intent.payment_failed":
      return settleFailed(context, tx, effects, event.data.object);
    case "charge.refunded": {
      // Refunds may be partial, and each one sends this event with the charge's refunded total so far.
      const charge = event.data.object;
      const intentId = idOf(charge.payment_intent);
      return intentId
        ? reverse(context, tx, intentId, { takenBackCents: charge.amount_refunded, isWhole: charge.refunded })
        : null;
    }
    case "charge.dispute.created": {
      // A chargeback ends what was bought, and takes back the disputed amount.
      const dispute = event.data.object;
      const intentId = idOf(dispute.payment_intent);
      return intentId
        ? reverse(context, tx, intentId, { takenBackCents: dispute.amount ?? null, isWhole: true })
        : null;
    }
    case "account.updated":
      await updatePayoutAccountFromStripe(tx, event.data.object, context.clock.now());
      return null;
    default:
      return null;
  }
}

/** The job that refunds payments marked `refundDue` (a second payment for something already bought). */
export const PAYMENT_REFUNDS_JOB = "payment-refunds";
const REFUND_BATCH = 50;

/**
 * Refunds every payment marked `refundDue`, in full, on its creator's account. Stripe's idempotency key makes a
 * repeated run ask once; the mark goes when Stripe has the refund, and `charge.refunded` reverses the ledger.
 * A refund Stripe refuses stays marked and is retried with the job. Returns how many were refunded.
 */
export async function refundDuePayments(context: AppContext): Promise<number> {
  const stripe = stripeProviderFor(context.env);
  if (!stripe) return 0;
  const due = await listPaymentsDueRefund(context.db, REFUND_BATCH);
  let refunded = 0;
  for (const payment of due) {
    await stripe.refundPayment({
      intentId: payment.intentId,
      connectedAccountId: payment.connectedAccountId,
      paymentId: payment.id,
      reason: "duplicate",
    });
    await clearRefundDue(context.db, payment.id, context.clock.now());
    refunded += 1;
  }
  return refunded;
}

async function moveStatus(
  context: AppContext,
  tx: Transaction,
  intentId: string,
  from: ProcessorPaymentStatus[],
  to: ProcessorPaymentStatus,
): Promise<ProcessorPaymentRow | null> {
  const payment = await lockPaymentByIntent(tx, intentId);
  if (!payment || !from.includes(payment.status as ProcessorPaymentStatus)) return null;
  return updatePayment(tx, payment.id, { status: to, updatedAt: context.clock.now() });
}

/** `payment_intent.succeeded`: the ledger first (with the fee as its own entry), then what was bought. */
async function settleSucceeded(
  context: AppContext,
  tx: Transaction,
  effects: Effects,
  intent: Stripe.PaymentIntent,
  feeCents: number,
): Promise<ProcessorPaymentRow | null> {
  const payment = await lockPaymentByIntent(tx, intent.id);
  // Only an open payment settles: a succeeded one already moved its money, a refunded one never will.
  if (!payment || !["requires_payment", "processing", "failed"].includes(payment.status)) return null;
  const now = context.clock.now();
  const fee = Math.min(Math.max(0, Math.trunc(feeCents)), payment.amountCents);
  const transaction = await recordLedgerTransaction(tx, {
    kind: payment.kind,
    payerId: payment.payerId,
    payeeId: payment.payeeId,
    amountCents: payment.amountCents,
    feeCents: fee,
    paymentMethod: "card",
    provider: payment.provider,
    providerReference: intent.id,
    postId: payment.postId,
    message: payment.message,
    createdAt: now,
  });
  const settled = await updatePayment(tx, payment.id, {
    status: "succeeded",
    transactionId: transaction.id,
    feeCents: fee,
    updatedAt: now,
  });
  if (payment.kind === "tip") {
    await notify(tx, effects, {
      userId: payment.payeeId,
      type: "tip",
      actorId: payment.payerId,
      entityType: "tip",
      entityId: transaction.id,
      data: { amountCents: payment.amountCents, message: payment.message },
    });
  } else if (payment.kind === "ppv_unlock" && payment.postId) {
    await lockPair(tx, "ppv", payment.payerId, payment.postId);
    if (await findPpvUnlock(tx, payment.payerId, payment.postId)) {
      // Already bought with another payment (say, a failed intent completed in another tab): unlocking twice never
      // charges twice, so this one is refunded in full after the commit.
      return updatePayment(tx, payment.id, { refundDue: true, updatedAt: now });
    }
    await insertPpvUnlock(tx, {
      userId: payment.payerId,
      postId: payment.postId,
      transactionId: transaction.id,
      createdAt: now,
    });
    await notify(tx, effects, {
      userId: payment.payeeId,
      type: "ppv_unlock",
      actorId: payment.payerId,
      entityType: "post",
      entityId: payment.postId,
      data: { amountCents: payment.amountCents },
    });
  } else if (payment.kind === "subscription") {
    await startOrExtendSubscription(context, tx, effects, payment, intent);
  }
  return settled;
}

const addMonth = (date: Date) => {
  const next = new Date(date.getTime());
  next.setUTCMonth(next.getUTCMonth() + 1);
  return next;
};

/**
 * A paid month: a renewal extends the period it pays for (from its end, or from now if it already lapsed); a
 * first payment starts a subscription, or adds a month to one that still runs. The payment method is saved for
 * the off-session renewals.
 */
async function startOrExtendSubscription(
  context: AppContext,
  tx: Transaction,
  effects: Effects,
  payment: ProcessorPaymentRow,
  intent: Stripe.PaymentIntent,
): Promise<void> {
  const now = context.clock.now();
  await lockPair(tx, "subscription", payment.payerId, payment.payeeId);
  const existing = await findSubscription(tx, payment.payerId, payment.payeeId);
  const saved = {
    processorCustomerId: idOf(intent.customer) ?? existing?.processorCustomerId ?? null,
    processorPaymentMethodId: idOf(intent.payment_method) ?? existing?.processorPaymentMethodId ?? null,
  };
  if (!existing) {
    const created = await insertSubscription(tx, {
      subscriberId: payment.payerId,
      creatorId: payment.payeeId,
      priceCents: payment.amountCents,
      status: "active",
      paymentMethod: "card",
      currentPeriodStart: now,
      currentPeriodEnd: addMonth(now),
      createdAt: now,
      ...saved,
    });
    await notifyNewSubscriber(tx, effects, payment, created.id);
    return;
  }
  const running = existing.status === "active" && existing.currentPeriodEnd.getTime() > now.getTime();
  const start = running ? existing.currentPeriodEnd : now;
  await setSubscriptionPaidPeriod(tx, existing.id, {
    status: "active",
    cancelledAt: payment.isRenewal ? existing.cancelledAt : null,
    priceCents: payment.amountCents,
    currentPeriodStart: start,
    currentPeriodEnd: addMonth(start),
    ...saved,
  });
  if (!payment.isRenewal && !running) await notifyNewSubscriber(tx, effects, payment, existing.id);
}

async function notifyNewSubscriber(
  tx: Transaction,
  effects: Effects,
  payment: ProcessorPaymentRow,
  subscriptionId: string,
) {
  await notify(tx, effects, {
    userId: payment.payeeId,
    type: "new_subscriber",
    actorId: payment.payerId,
    entityType: "subscription",
    entityId: subscriptionId,
    data: { amountCents: payment.amountCents },
  });
}

/** `payment_intent.payment_failed`: the payment failed; a renewal's payer is told how to pay. */
async function settleFailed(
  context: AppContext,
  tx: Transaction,
  effects: Effects,
  intent: Stripe.PaymentIntent,
): Promise<ProcessorPaymentRow | null> {
  const failed = await moveStatus(context, tx, intent.id, ["requires_payment", "processing"], "failed");
  if (failed?.isRenewal) await notifyRenewalNeedsPayer(tx, effects, failed);
  return failed;
}

/** In the app and by mail: a renewal needs the payer (authentication or another card), with a link to pay. */
async function notifyRenewalNeedsPayer(tx: Transaction, effects: Effects, payment: ProcessorPaymentRow): Promise<void> {
  await notify(tx, effects, {
    userId: payment.payerId,
    type: "payment_action_required",
    actorId: payment.payeeId,
    entityType: "payment",
    entityId: payment.id,
    data: { amountCents: payment.amountCents, path: `/pay/${payment.id}` },
  });
}

/**
 * `charge.refunded` / `charge.dispute.created`: posts the reversing entries for what was taken back and not
 * reversed yet (`takenBackCents` is the charge's total so far; a repeated or reordered event finds nothing new), and
 * once all of it is taken back, or for a dispute, ends what was bought. A partial refund keeps the purchase, as a
 * shop's partial refund does. An event about a payment that has not succeeded yet marks it refunded, so a late
 * `payment_intent.succeeded` moves no money.
 */
async function reverse(
  context: AppContext,
  tx: Transaction,
  intentId: string,
  taken: { takenBackCents: number | null; isWhole: boolean },
): Promise<ProcessorPaymentRow | null> {
  const payment = await lockPaymentByIntent(tx, intentId);
  if (!payment || payment.status === "refunded") return null;
  const now = context.clock.now();
  if (payment.status === "succeeded" && payment.transactionId) {
    const target = Math.min(payment.amountCents, taken.takenBackCents ?? payment.amountCents);
    const due = target - payment.reversedCents;
    const reversal = due > 0 ? await recordReversal(tx, payment.transactionId, now, due) : null;
    const reversedCents = payment.reversedCents + (reversal?.amountCents ?? 0);
    const endsPurchase = taken.isWhole || reversedCents >= payment.amountCents;
    if (!endsPurchase) {
      return reversal ? updatePayment(tx, payment.id, { reversedCents, updatedAt: now }) : null;
    }
    if (payment.kind === "ppv_unlock" && payment.postId) {
      await deletePpvUnlockOfTransaction(tx, payment.transactionId, payment.payerId);
    } else if (payment.kind === "subscription") {
      await expireSubscriptionNow(tx, payment.payerId, payment.payeeId, now);
    }
    return updatePayment(tx, payment.id, { status: "refunded", reversedCents, updatedAt: now });
  }
  return updatePayment(tx, payment.id, { status: "refunded", updatedAt: now });
}

// ---------------------------------------------------------------------------------------------------------------
// Renewals

/** Renewals are tried this long before the period ends, so a card that needs its holder can still be paid. */
export const RENEWAL_LEAD_MS = 3 * 24 * 60 * 60 * 1000;
const RENEWAL_BATCH = 100;

/**
 * The monthly renewal through the processor, off-session with the payment method the first payment saved on the
 * creator's account. Each period is charged once (a payment id and Stripe idempotency key derived from the
 * subscription and period). A renewal that needs the payer (3-D Secure, a declined card) notifies them in the app
 * and by mail with a link to pay; a subscription whose period ended without a paid (or paying) renewal lapses.
 * `mayRenew` is the same "can still be paid" rule as the built-in provider's job. Returns renewals started.
 */
export async function renewThroughProcessor(
  context: AppContext,
  stripe: StripePaymentProvider,
  mayRenew: (tx: Transaction, subscription: SubscriptionRow, now: Date) => Promise<boolean>,
): Promise<number> {
  const now = context.clock.now();
  let started = 0;
  const seen = new Set<string>();
  for (;;) {
    const until = new Date(now.getTime() + RENEWAL_LEAD_MS);
    const due = (await listSubscriptionsDueForProcessorRenewal(context.db, until, RENEWAL_BATCH)).filter(
      (subscription) => !seen.has(subscription.id),
    );
    if (due.length === 0) break;
    for (const subscription of due) {
      seen.add(subscription.id);
      if (await renewOne(context, stripe, subscription, mayRenew)) started += 1;
    }
  }
  await lapseUnpaid(context, now);
  return started;
}

async function renewOne(
  context: AppContext,
  stripe: StripePaymentProvider,
  subscription: SubscriptionRow,
  mayRenew: (tx: Transaction, subscription: SubscriptionRow, now: Date) => Promise<boolean>,
): Promise<boolean> {
  const now = context.clock.now();
  const target = await context.db.transaction(async (tx) => {
    if (!(await mayRenew(tx, subscription, now))) return null;
    const account = await findPayoutAccount(tx, subscription.creatorId);
    if (!account || payoutStatusOf(account) !== "active") return null;
    const payer = await findUserEmail(tx, subscription.subscriberId);
    return payer ? { accountId: account.accountId, email: payer.email } : null;
  });
  // Nothing to charge: it lapses at the end of the paid period (lapseUnpaid).
  if (!target) return false;
  const paymentId = paymentIdFor(`renewal:${subscription.id}:${subscription.currentPeriodEnd.toISOString()}`);
  const intent = {
    paymentId,
    kind: "subscription",
    payerId: subscription.subscriberId,
    amountCents: subscription.priceCents,
    connectedAccountId: target.accountId,
    idempotencyKey: `plaza-payment-${paymentId}`,
    description: "Monthly subscription renewal on Plaza",
  };
  const { processorCustomerId: customerId, processorPaymentMethodId: paymentMethodId } = subscription;
  const result =
    customerId && paymentMethodId
      ? await stripe.chargeOffSession({ ...intent, customerId, paymentMethodId })
      : await stripe.createPaymentIntent({ ...intent, customerId: customerId ?? undefined });
  const paying = result.status === "succeeded" || result.status === "processing";
  await inTransaction(context, async (tx, effects) => {
    const payment = await insertRenewalPaymentIfNew(tx, {
      id: paymentId,
      kind: "subscription",
      payerId: subscription.subscriberId,
      payeeId: subscription.creatorId,
      amountCents: subscription.priceCents,
      provider: stripe.name,
      intentId: result.id,
      connectedAccountId: target.accountId,
      clientSecret: result.clientSecret,
      subscriptionId: subscription.id,
      isRenewal: true,
      status: paying ? "processing" : "requires_payment",
      createdAt: now,
      updatedAt: now,
    });
    if (payment && !paying) await notifyRenewalNeedsPayer(tx, effects, payment);
  });
  return true;
}

/** Subscriptions whose period ended without a renewal that is paid or being paid: they lapse now. */
async function lapseUnpaid(context: AppContext, now: Date): Promise<void> {
  await expireUnpaidProcessorSubscriptions(context.db, now);
}
