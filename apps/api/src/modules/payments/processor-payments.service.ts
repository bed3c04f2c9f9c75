import { createHash } from "node:crypto";
import {
  PAYMENT_MESSAGES,
  PAYOUT_TEXTS,
  type PayeeReadinessView,
  type PaymentStartedView,
  type PaymentView,
  type ProcessorPaymentStatus,
  payoutStatusOf,
  type TransactionKind,
} from "@plaza/contracts/payments";
import type { AppContext } from "../../app-context";
import type { Executor, Transaction } from "../../db/client";
import { conflict, notFound } from "../../lib/app-error";
import type { IdempotentRequest, MoneyResponse } from "../../lib/idempotency-key";
import type { Effects } from "../../lib/unit-of-work";
import { shownName } from "../users/users.presenter";
import { stripeProviderFor } from "./payment-provider";
import { findPayoutAccount } from "./payouts.repository";
import {
  findOpenPayment,
  findPaymentOfPayer,
  findPersonName,
  insertPaymentIfNew,
  type ProcessorPaymentRow,
  paymentExists,
} from "./processor-payments.repository";
import type { StripePaymentProvider } from "./stripe-provider";

/**
 * Payments through a network processor (Stripe, docs/decisions/0002-stripe-connect.md). No provider call runs
 * inside a database transaction: the PaymentIntent is created first, then a pending payment is committed; the
 * ledger posts, and what was bought takes effect, only on the verified `payment_intent.succeeded` webhook.
 * This file starts payments; processor-settlement.service.ts applies the webhooks' events, processor-refunds and
 * processor-renewals.service.ts run the refund and renewal jobs.
 */

/** What a money call wants to buy, once its rules have passed. */
export interface PaymentPlan {
  kind: TransactionKind;
  payeeId: string;
  amountCents: number;
  postId?: string | null;
  /** For a ticket: its event (the open payment holds a seat). */
  eventId?: string | null;
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

/**
 * Why money cannot reach the payee's connected account yet ("{name} can't receive payments yet"), or null when
 * its account can take charges. Undefined when there is no such person.
 */
async function payeeNotReady(
  db: Executor,
  payeeId: string,
): Promise<{ accountId: string; message: null } | { accountId: null; message: string } | undefined> {
  const account = await findPayoutAccount(db, payeeId);
  if (account && payoutStatusOf(account) === "active") return { accountId: account.accountId, message: null };
  const person = await findPersonName(db, payeeId);
  if (!person) return undefined;
  return { accountId: null, message: PAYOUT_TEXTS.cannotReceiveYet(shownName(person)) };
}

/** 409 unless the payee's connected account can take charges: "{first and last name} can't receive payments yet". */
export async function requireActivePayee(db: Executor, payeeId: string): Promise<string> {
  const ready = await payeeNotReady(db, payeeId);
  if (ready?.accountId) return ready.accountId;
  throw conflict(ready?.message ?? PAYOUT_TEXTS.cannotReceiveYet("This user"), "PAYEE_NOT_CONNECTED");
}

/** GET /api/payouts/readiness/{userId}: the same rule, asked before a pay button is pressed. */
export async function payeeReadiness(context: AppContext, payeeId: string): Promise<PayeeReadinessView> {
  if (!stripeProviderFor(context.env)) {
    if (!(await findPersonName(context.db, payeeId))) throw notFound(PAYMENT_MESSAGES.receiverNotFound);
    return { canReceive: true, message: null };
  }
  const ready = await payeeNotReady(context.db, payeeId);
  if (!ready) throw notFound(PAYMENT_MESSAGES.receiverNotFound);
  return { canReceive: ready.message === null, message: ready.message };
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
      eventId: plan.eventId ?? null,
      message: plan.message ?? null,
      createdAt: now,
      updatedAt: now,
    });
    if (!inserted && plan.kind !== "tip" && plan.kind !== "ticket") {
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

export function presentPayment(payment: ProcessorPaymentRow): PaymentView {
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
