import { EVENT_TICKET_HOLD_MS } from "@plaza/contracts/events";
import { and, eq, gt, inArray, ne, sql } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { processorPayments } from "../../db/schema/payments";
import type { ProcessorPaymentRow } from "./processor-payments.repository";

/** The queries of paid tickets (event-tickets.service.ts, ticket-refunds.service.ts). */

const OPEN = ["requires_payment", "processing"];

/** The open ticket payments that still hold a seat of the event at `now` (started less than 15 minutes ago). */
function holdsOf(eventId: string, now: Date) {
  return and(
    eq(processorPayments.eventId, eventId),
    inArray(processorPayments.status, OPEN),
    gt(processorPayments.createdAt, new Date(now.getTime() - EVENT_TICKET_HOLD_MS)),
  );
}

/**
 * How many seats of the event open payments hold at `now` (besides `exceptPaymentId`'s). An expired hold counts no
 * more: its seat is free again the moment it expires, whatever its payment does later.
 */
export async function countSeatHolds(
  db: Executor,
  eventId: string,
  now: Date,
  exceptPaymentId?: string,
): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(processorPayments)
    .where(and(holdsOf(eventId, now), exceptPaymentId ? ne(processorPayments.id, exceptPaymentId) : undefined));
  return Number(row?.count ?? 0);
}

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
    .where(and(holdsOf(eventId, now), eq(processorPayments.payerId, payerId)))
    .limit(1);
  return row;
}
