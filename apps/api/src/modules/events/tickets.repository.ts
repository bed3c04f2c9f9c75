import { randomInt } from "node:crypto";
import { TICKET_CODE_ALPHABET, TICKET_CODE_LENGTH } from "@plaza/contracts/events";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { type EventTicketRow, eventTickets } from "../../db/schema/events";

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
