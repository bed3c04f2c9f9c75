import { EVENT_TICKET_HOLD_MS } from "@plaza/contracts/events";
import { and, asc, eq, inArray, isNotNull, lte } from "drizzle-orm";
import type { Executor, Transaction } from "../../db/client";
import { processorPayments } from "../../db/schema/payments";
import { OPEN_TICKET_PAYMENT_STATUSES, seatHoldsOf } from "../events/tickets.repository";
import type { ProcessorPaymentRow } from "./processor-payments.repository";

/** The queries of paid tickets (event-tickets.service.ts, ticket-holds.service.ts). */

export { countSeatHolds } from "../events/tickets.repository";

/** The payer's open ticket payment of the event that still holds its seat (a second tab pays the same intent). */
export async function findHeldTicketPayment(
  db: Executor,
  payerId: string,
  eventId: string,
  now: Date,
): Promise<ProcessorPaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(processorPayments)
    .where(and(seatHoldsOf(eventId, now), eq(processorPayments.payerId, payerId)))
    .limit(1);
  return row;
}

/** Open ticket payments whose hold expired at `now` (oldest first): their PaymentIntents are to be cancelled. */
export async function listExpiredTicketHolds(db: Executor, now: Date, limit: number): Promise<ProcessorPaymentRow[]> {
  return db
    .select()
    .from(processorPayments)
    .where(
      and(
        isNotNull(processorPayments.eventId),
        inArray(processorPayments.status, OPEN_TICKET_PAYMENT_STATUSES),
        lte(processorPayments.createdAt, new Date(now.getTime() - EVENT_TICKET_HOLD_MS)),
      ),
    )
    .orderBy(asc(processorPayments.createdAt))
    .limit(limit);
}

/**
 * Marks a ticket payment whose PaymentIntent was cancelled as failed, if it is still open (locked, so a webhook
 * settling it meanwhile wins). Answers the updated payment, or undefined when it was no longer open.
 */
export async function failCancelledTicketPayment(
  tx: Transaction,
  paymentId: string,
  now: Date,
): Promise<ProcessorPaymentRow | undefined> {
  const [row] = await tx
    .update(processorPayments)
    .set({ status: "failed", updatedAt: now })
    .where(and(eq(processorPayments.id, paymentId), inArray(processorPayments.status, OPEN_TICKET_PAYMENT_STATUSES)))
    .returning();
  return row;
}
