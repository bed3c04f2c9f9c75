import { randomInt } from "node:crypto";
import { EVENT_TICKET_HOLD_MS, TICKET_CODE_ALPHABET, TICKET_CODE_LENGTH } from "@plaza/contracts/events";
import { and, eq, gt, inArray, isNull, ne, sql } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { type EventTicketRow, eventTickets } from "../../db/schema/events";
import { processorPayments } from "../../db/schema/payments";

/** The states of a ticket payment still open (its PaymentIntent not settled yet). */
export const OPEN_TICKET_PAYMENT_STATUSES = ["requires_payment", "processing"];

/** The open ticket payments that still hold a seat of the event at `now` (started less than 15 minutes ago). */
export function seatHoldsOf(eventId: string, now: Date) {
  return and(
    eq(processorPayments.eventId, eventId),
    inArray(processorPayments.status, OPEN_TICKET_PAYMENT_STATUSES),
    gt(processorPayments.createdAt, new Date(now.getTime() - EVENT_TICKET_HOLD_MS)),
  );
}

/**
 * How many seats of the event open ticket payments hold at `now` (besides `exceptPaymentId`'s). An expired hold
 * counts no more: its seat is free again the moment it expires, whatever its payment does later. Here rather than in
 * the payments module because a change of capacity (events.service.ts) counts them too, under the event's lock.
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
    .where(and(seatHoldsOf(eventId, now), exceptPaymentId ? ne(processorPayments.id, exceptPaymentId) : undefined));
  return Number(row?.count ?? 0);
}

/** A fresh ticket code: TICKET_CODE_LENGTH random characters of Crockford base32 (50 bits, from the OS CSPRNG). */
export function newTicketCode(): string {
  let code = "";
  for (let index = 0; index < TICKET_CODE_LENGTH; index += 1) {
    code += TICKET_CODE_ALPHABET[randomInt(TICKET_CODE_ALPHABET.length)];
  }
  return code;
}

/** Issues a ticket (the code is unique: a collision, one in 2^50 per pair, is simply drawn again). */
export async function insertTicket(
  db: Executor,
  values: {
    eventId: string;
    userId: string;
    priceCents: number;
    transactionId?: string | null;
    paymentId?: string | null;
    now: Date;
  },
): Promise<EventTicketRow> {
  const { now, ...fields } = values;
  for (;;) {
    const [row] = await db
      .insert(eventTickets)
      .values({ ...fields, code: newTicketCode(), createdAt: now })
      .onConflictDoNothing({ target: eventTickets.code })
      .returning();
    if (row) return row;
  }
}

/** The person's valid (not voided) ticket to the event. */
export async function findValidTicket(
  db: Executor,
  eventId: string,
  userId: string,
): Promise<EventTicketRow | undefined> {
  const [row] = await db
    .select()
    .from(eventTickets)
    .where(and(eq(eventTickets.eventId, eventId), eq(eventTickets.userId, userId), isNull(eventTickets.voidedAt)))
    .limit(1);
  return row;
}

/**
 * Voids the person's valid ticket to the event (they left it); a paid one is marked `refundDue` when `refund` says
 * so. Returns the voided ticket, if there was one.
 */
export async function voidTicket(
  db: Executor,
  eventId: string,
  userId: string,
  now: Date,
  refund: boolean,
): Promise<EventTicketRow | undefined> {
  const [row] = await db
    .update(eventTickets)
    .set({ voidedAt: now, refundDue: sql`${refund} and ${eventTickets.priceCents} > 0` })
    .where(and(eq(eventTickets.eventId, eventId), eq(eventTickets.userId, userId), isNull(eventTickets.voidedAt)))
    .returning();
  return row;
}

/** Voids every valid ticket of a cancelled event, paid ones due a full refund; how many paid ones there were. */
export async function voidTicketsOfEvent(db: Executor, eventId: string, now: Date): Promise<number> {
  const rows = await db
    .update(eventTickets)
    .set({ voidedAt: now, refundDue: sql`${eventTickets.priceCents} > 0` })
    .where(and(eq(eventTickets.eventId, eventId), isNull(eventTickets.voidedAt)))
    .returning({ priceCents: eventTickets.priceCents });
  return rows.filter((row) => row.priceCents > 0).length;
}

/** Whether any ticket of the event was ever paid for (its price may no longer change). */
export async function hasSoldTickets(db: Executor, eventId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: eventTickets.id })
    .from(eventTickets)
    .where(and(eq(eventTickets.eventId, eventId), sql`${eventTickets.priceCents} > 0`))
    .limit(1);
  return row !== undefined;
}

/** The ticket a processor payment bought. */
export async function findTicketOfPayment(db: Executor, paymentId: string): Promise<EventTicketRow | undefined> {
  const [row] = await db.select().from(eventTickets).where(eq(eventTickets.paymentId, paymentId)).limit(1);
  return row;
}

/** Tickets voided and due a refund, oldest first. */
export function listTicketsDueRefund(db: Executor, limit: number): Promise<EventTicketRow[]> {
  return db
    .select()
    .from(eventTickets)
    .where(eq(eventTickets.refundDue, true))
    .orderBy(eventTickets.voidedAt)
    .limit(limit);
}

/** Locks a ticket still due a refund (undefined when another run took it). */
export async function lockTicketDueRefund(db: Executor, ticketId: string): Promise<EventTicketRow | undefined> {
  const [row] = await db
    .select()
    .from(eventTickets)
    .where(and(eq(eventTickets.id, ticketId), eq(eventTickets.refundDue, true)))
    .for("update");
  return row;
}

/** The ticket's refund is recorded. */
export async function markTicketRefunded(db: Executor, ticketId: string, now: Date): Promise<void> {
  await db.update(eventTickets).set({ refundDue: false, refundedAt: now }).where(eq(eventTickets.id, ticketId));
}
