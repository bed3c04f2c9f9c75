import { PAYMENT_UPDATED_EVENT, type ProcessorPaymentStatus } from "@plaza/contracts/payments";
import type Stripe from "stripe";
import type { AppContext } from "../../app-context";
import type { Transaction } from "../../db/client";
import { type Effects, inTransaction } from "../../lib/unit-of-work";
import { endRefundedTicket } from "../events/tickets.service";
import { notify } from "../notifications/notifications.service";
import { settleTicketPayment } from "./event-tickets.service";
import { recordLedgerTransaction, recordReversal } from "./ledger.repository";
import { findPpvUnlock, findSubscription, insertPpvUnlock, insertSubscription, lockPair } from "./payments.repository";
import { updatePayoutAccountFromStripe } from "./payouts.repository";
import {
  deletePpvUnlockOfTransaction,
  expireSubscriptionNow,
  findPaymentByIntent,
  lockPaymentByIntent,
  type ProcessorPaymentRow,
  recordProcessorEvent,
  setSubscriptionPaidPeriod,
  updatePayment,
} from "./processor-payments.repository";
import { presentPayment } from "./processor-payments.service";
import { PAYMENT_REFUNDS_JOB } from "./processor-refunds.service";
import { notifyRenewalNeedsPayer } from "./processor-renewals.service";
import type { StripePaymentProvider } from "./stripe-provider";

/**
 * Settling processor payments from Stripe's verified webhook events (stripe-webhook.service.ts receives them):
 * a succeeded intent posts the ledger and gives what was bought, a failed one is marked, a refund or a dispute
 * reverses it (docs/decisions/0002-stripe-connect.md).
 */

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
  } else if (payment.kind === "ticket" && !(await settleTicketPayment(tx, payment, transaction.id, now))) {
    // No seat for it any more (its hold expired and the seat was sold, or the event was cancelled): refunded in full.
    return updatePayment(tx, payment.id, { refundDue: true, updatedAt: now });
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
    } else if (payment.kind === "ticket") {
      await endRefundedTicket(tx, payment.id, now);
    }
    return updatePayment(tx, payment.id, { status: "refunded", reversedCents, updatedAt: now });
  }
  return updatePayment(tx, payment.id, { status: "refunded", updatedAt: now });
}
