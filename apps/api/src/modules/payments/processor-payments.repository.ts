import type { TransactionKind } from "@plaza/contracts/payments";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Executor, Transaction } from "../../db/client";
import { ppvUnlocks, processorEvents, processorPayments, subscriptions } from "../../db/schema/payments";
import { users } from "../../db/schema/users";
import { businessPersonaColumn } from "../users/user-summary.repository";
import type { SubscriptionRow } from "./payments.repository";

/** The queries of payments through a network processor (processor-*.service.ts). */

export type ProcessorPaymentRow = typeof processorPayments.$inferSelect;
export type NewProcessorPayment = typeof processorPayments.$inferInsert;

/** The names a "can't receive payments yet" message shows for a user (a business account's business's). */
export async function findPersonName(db: Executor, userId: string) {
  const [person] = await db
    .select({
      firstName: users.firstName,
      lastName: users.lastName,
      username: users.username,
      speaksAs: businessPersonaColumn(),
    })
    .from(users)
    .where(eq(users.id, userId));
  return person;
}

/** The address a renewal's PaymentIntent is made for. */
export async function findUserEmail(db: Executor, userId: string): Promise<{ email: string } | undefined> {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return row;
}

/**
 * Inserts a pending payment unless a row conflicts (the same payment id, or another open payment for the same
 * thing by the one-open-payment indexes); true when it was inserted.
 */
export async function insertPaymentIfNew(db: Executor, values: NewProcessorPayment): Promise<boolean> {
  const inserted = await db
    .insert(processorPayments)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: processorPayments.id });
  return inserted.length > 0;
}

/** Inserts a renewal's payment unless its period's payment exists already; the new row, or undefined. */
export async function insertRenewalPaymentIfNew(
  db: Executor,
  values: NewProcessorPayment,
): Promise<ProcessorPaymentRow | undefined> {
  const [payment] = await db.insert(processorPayments).values(values).onConflictDoNothing().returning();
  return payment;
}

export async function paymentExists(db: Executor, paymentId: string): Promise<boolean> {
  const [same] = await db
    .select({ id: processorPayments.id })
    .from(processorPayments)
    .where(eq(processorPayments.id, paymentId));
  return same !== undefined;
}

/** The payment if `payerId` made it. */
export async function findPaymentOfPayer(
  db: Executor,
  payerId: string,
  paymentId: string,
): Promise<ProcessorPaymentRow | undefined> {
  const [payment] = await db
    .select()
    .from(processorPayments)
    .where(and(eq(processorPayments.id, paymentId), eq(processorPayments.payerId, payerId)));
  return payment;
}

/** An open (unpaid) payment of this payer for the same thing, answered again instead of a second intent. */
export async function findOpenPayment(
  db: Executor,
  payerId: string,
  kind: TransactionKind,
  payeeId: string,
  postId: string | null,
): Promise<ProcessorPaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(processorPayments)
    .where(
      and(
        eq(processorPayments.payerId, payerId),
        eq(processorPayments.kind, kind),
        eq(processorPayments.payeeId, payeeId),
        postId ? eq(processorPayments.postId, postId) : sql`${processorPayments.postId} is null`,
        inArray(processorPayments.status, ["requires_payment", "processing"]),
        eq(processorPayments.isRenewal, false),
      ),
    )
    .limit(1);
  return row;
}

export async function findPaymentByIntent(db: Executor, intentId: string): Promise<ProcessorPaymentRow | undefined> {
  const [row] = await db.select().from(processorPayments).where(eq(processorPayments.intentId, intentId));
  return row;
}

/** The payment of a PaymentIntent, locked (FOR UPDATE) until the transaction ends. */
export async function lockPaymentByIntent(tx: Transaction, intentId: string): Promise<ProcessorPaymentRow | undefined> {
  const [row] = await tx.select().from(processorPayments).where(eq(processorPayments.intentId, intentId)).for("update");
  return row;
}

/** Sets the payment's fields; the updated row (a payment that vanished is an error). */
export async function updatePayment(
  db: Executor,
  id: string,
  values: Partial<NewProcessorPayment>,
): Promise<ProcessorPaymentRow> {
  const [row] = await db.update(processorPayments).set(values).where(eq(processorPayments.id, id)).returning();
  if (!row) throw new Error(`payment ${id} vanished`);
  return row;
}

/** Payments marked for a refund, longest waiting first. */
export async function listPaymentsDueRefund(db: Executor, limit: number): Promise<ProcessorPaymentRow[]> {
  return db
    .select()
    .from(processorPayments)
    .where(eq(processorPayments.refundDue, true))
    .orderBy(processorPayments.updatedAt)
    .limit(limit);
}

export async function clearRefundDue(db: Executor, paymentId: string, now: Date): Promise<void> {
  await db
    .update(processorPayments)
    .set({ refundDue: false, updatedAt: now })
    .where(eq(processorPayments.id, paymentId));
}

/** Records a webhook event's id; false when it was recorded before (a repeat, which then changes nothing). */
export async function recordProcessorEvent(
  db: Executor,
  event: { id: string; type: string; receivedAt: Date },
): Promise<boolean> {
  const [fresh] = await db
    .insert(processorEvents)
    .values(event)
    .onConflictDoNothing()
    .returning({ id: processorEvents.id });
  return fresh !== undefined;
}

/** A paid period (and the payment method saved for renewals) on an existing subscription. */
export async function setSubscriptionPaidPeriod(
  db: Executor,
  subscriptionId: string,
  values: Pick<
    Partial<typeof subscriptions.$inferInsert>,
    | "status"
    | "cancelledAt"
    | "priceCents"
    | "currentPeriodStart"
    | "currentPeriodEnd"
    | "processorCustomerId"
    | "processorPaymentMethodId"
  >,
): Promise<void> {
  await db.update(subscriptions).set(values).where(eq(subscriptions.id, subscriptionId));
}

/** Takes back the unlock a payment bought (its ledger transaction, its payer). */
export async function deletePpvUnlockOfTransaction(db: Executor, transactionId: string, userId: string): Promise<void> {
  await db.delete(ppvUnlocks).where(and(eq(ppvUnlocks.transactionId, transactionId), eq(ppvUnlocks.userId, userId)));
}

/** Ends the subscriber's subscription to the creator now. */
export async function expireSubscriptionNow(
  db: Executor,
  subscriberId: string,
  creatorId: string,
  now: Date,
): Promise<void> {
  await db
    .update(subscriptions)
    .set({ status: "expired", currentPeriodEnd: now })
    .where(and(eq(subscriptions.subscriberId, subscriberId), eq(subscriptions.creatorId, creatorId)));
}

/**
 * Renewing subscriptions (active, not cancelled) whose period ends by `until` and that have no renewal payment for
 * their current period yet, soonest first.
 */
export async function listSubscriptionsDueForProcessorRenewal(
  db: Executor,
  until: Date,
  limit: number,
): Promise<SubscriptionRow[]> {
  return db
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.status, "active"),
        sql`${subscriptions.cancelledAt} is null`,
        sql`${subscriptions.currentPeriodEnd} <= ${until.toISOString()}`,
        sql`not exists (select 1 from processor_payments p where p.subscription_id = "subscriptions"."id" and p.is_renewal and p.created_at >= "subscriptions"."current_period_start")`,
      ),
    )
    .orderBy(subscriptions.currentPeriodEnd, subscriptions.id)
    .limit(limit);
}

/** Subscriptions whose period ended by `now` without a renewal that is paid or being paid become expired. */
export async function expireUnpaidProcessorSubscriptions(db: Executor, now: Date): Promise<void> {
  await db.execute(sql`
    update subscriptions s set status = 'expired'
    where s.status = 'active' and s.current_period_end <= ${now.toISOString()}
      and not exists (
        select 1 from processor_payments p
        where p.subscription_id = s.id and p.is_renewal and p.created_at >= s.current_period_start
          and p.status in ('processing', 'succeeded'))`);
}
