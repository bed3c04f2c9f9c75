import { EVENT_MESSAGES, type TicketCodeView } from "@plaza/contracts/events";
import type { AppContext } from "../../app-context";
import type { Transaction } from "../../db/client";
import type { EventRow, EventTicketRow } from "../../db/schema/events";
import { notFound } from "../../lib/app-error";
import type { SessionUser } from "../users/viewer";
import { findRsvp, findVisibleEvent, lockEvent, saveRsvp, updateEvent } from "./events.repository";
import { countsOf } from "./rsvp.service";
import {
  findTicketOfPayment,
  findValidTicket,
  insertTicket,
  markTicketRefunded,
  voidTicket,
} from "./tickets.repository";

/**
 * Tickets (CONTRACT.md "Fourth round" → "Events", "Paid events" and "Door check-in"): everyone going holds one.
 * A free event's ticket comes with the "going" answer (rsvp.service); a paid one is bought through the payments
 * module (payments/event-tickets.service.ts), which calls `issuePaidTicket` once the payment succeeded.
 */

/** GET /api/events/{id}/ticket: the viewer's ticket code while they are going (404 otherwise). */
export async function getTicketCode(
  context: AppContext,
  viewer: SessionUser,
  eventId: string,
): Promise<TicketCodeView> {
  if (!(await findVisibleEvent(context.db, eventId, viewer.id))) throw notFound(EVENT_MESSAGES.eventNotFound);
  const ticket = await findValidTicket(context.db, eventId, viewer.id);
  if (!ticket) throw notFound(EVENT_MESSAGES.noTicket);
  return { code: ticket.code };
}

/**
 * Issues a paid ticket inside the caller's transaction, which holds the event's row lock (lockEvent) and has
 * checked that a seat is free: the buyer is going from now on, and the counters follow.
 */
export async function issuePaidTicket(
  tx: Transaction,
  event: EventRow,
  purchase: { userId: string; priceCents: number; transactionId: string; paymentId: string | null; now: Date },
): Promise<EventTicketRow> {
  const { userId, now } = purchase;
  const current = await findRsvp(tx, event.id, userId);
  const counts = countsOf(event);
  if (current?.status === "interested") counts.interestedCount -= 1;
  if (current?.status === "waitlisted") counts.waitlistCount -= 1;
  counts.goingCount += 1;
  await saveRsvp(tx, { eventId: event.id, userId, status: "going", waitlistOrder: null, now });
  await updateEvent(tx, event.id, counts);
  return insertTicket(tx, {
    eventId: event.id,
    userId,
    priceCents: purchase.priceCents,
    transactionId: purchase.transactionId,
    paymentId: purchase.paymentId,
    now,
  });
}

/**
 * Ends the ticket a processor payment bought when the processor took all of the money back (a refund made outside
 * Plaza, or a dispute): the holder is no longer going and the seat is free. Nothing when the ticket was voided.
 */
export async function endRefundedTicket(tx: Transaction, paymentId: string, now: Date): Promise<void> {
  const ticket = await findTicketOfPayment(tx, paymentId);
  if (!ticket || ticket.voidedAt) return;
  const event = await lockEvent(tx, ticket.eventId);
  if (!event) return;
  const voided = await voidTicket(tx, ticket.eventId, ticket.userId, now, false);
  if (!voided) return;
  await markTicketRefunded(tx, voided.id, now);
  const counts = countsOf(event);
  counts.goingCount -= 1;
  await saveRsvp(tx, { eventId: event.id, userId: ticket.userId, status: "not_going", waitlistOrder: null, now });
  await updateEvent(tx, event.id, counts);
}
