import { payoutStatusOf } from "@plaza/contracts/payments";
import type { AppContext } from "../../app-context";
import type { Transaction } from "../../db/client";
import { type Effects, inTransaction } from "../../lib/unit-of-work";
import { notify } from "../notifications/notifications.service";
import type { SubscriptionRow } from "./payments.repository";
import { findPayoutAccount } from "./payouts.repository";
import {
  expireUnpaidProcessorSubscriptions,
  findUserEmail,
  insertRenewalPaymentIfNew,
  listSubscriptionsDueForProcessorRenewal,
  type ProcessorPaymentRow,
} from "./processor-payments.repository";
import { paymentIdFor } from "./processor-payments.service";
import type { StripePaymentProvider } from "./stripe-provider";

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

/** In the app and by mail: a renewal needs the payer (authentication or another card), with a link to pay. */
export async function notifyRenewalNeedsPayer(
  tx: Transaction,
  effects: Effects,
  payment: ProcessorPaymentRow,
): Promise<void> {
  await notify(tx, effects, {
    userId: payment.payerId,
    type: "payment_action_required",
    actorId: payment.payeeId,
    entityType: "payment",
    entityId: payment.id,
    data: { amountCents: payment.amountCents, path: `/pay/${payment.id}` },
  });
}
