import {
  EVENT_MESSAGES,
  isTicketRefundable,
  type RsvpBody,
  type RsvpStatus,
  type RsvpView,
} from "@plaza/contracts/events";
import type { AppContext } from "../../app-context";
import type { Transaction } from "../../db/client";
import type { EventRow } from "../../db/schema/events";
import { conflict, notFound } from "../../lib/app-error";
import { OneAtATime } from "../../lib/one-at-a-time";
import { type Effects, inTransaction } from "../../lib/unit-of-work";
import { notify } from "../notifications/notifications.service";
import type { SessionUser } from "../users/viewer";
import {
  findRsvp,
  findVisibleEvent,
  firstWaitlisted,
  lockEvent,
  saveRsvp,
  updateEvent,
  waitlistPosition,
} from "./events.repository";
import { insertTicket, voidTicket } from "./tickets.repository";

/** The job that refunds voided paid tickets (run by the payments module, which owns the money). */
export const TICKET_REFUNDS_JOB = "ticket-refunds";

/** The counters of a locked event row, changed in memory and written back once. */
export interface SeatCounts {
  goingCount: number;
  interestedCount: number;
  waitlistCount: number;
  waitlistArrivals: number;
}

const COUNTER: Partial<Record<RsvpStatus, keyof SeatCounts>> = {
  going: "goingCount",
  interested: "interestedCount",
  waitlisted: "waitlistCount",
};

export function countsOf(event: EventRow): SeatCounts {
  const { goingCount, interestedCount, waitlistCount, waitlistArrivals } = event;
  return { goingCount, interestedCount, waitlistCount, waitlistArrivals };
}

function move(counts: SeatCounts, from: RsvpStatus | null, to: RsvpStatus): void {
  const left = from ? COUNTER[from] : undefined;
  const joined = COUNTER[to];
  if (left) counts[left] -= 1;
  if (joined) counts[joined] += 1;
}

/**
 * Gives free seats of a locked event to the waitlist, first come first served, inside the caller's transaction
 * (which holds the event's row lock), and notifies each person promoted. `counts` are updated in place.
 */
export async function fillSeats(
  tx: Transaction,
  effects: Effects,
  event: EventRow,
  counts: SeatCounts,
  now: Date,
): Promise<void> {
  // A paid event has no waitlist: a seat is bought (tickets.service), never handed on.
  if (event.capacity === null || counts.waitlistCount === 0 || event.priceCents !== null) return;
  const free = event.capacity - counts.goingCount;
  if (free <= 0) return;
  for (const { userId } of await firstWaitlisted(tx, event.id, free)) {
    await saveRsvp(tx, { eventId: event.id, userId, status: "going", waitlistOrder: null, now });
    await insertTicket(tx, { eventId: event.id, userId, priceCents: 0, now });
    move(counts, "waitlisted", "going");
    await notify(tx, effects, {
      userId,
      type: "event_waitlist_promoted",
      entityType: "event",
      entityId: event.id,
      data: { eventTitle: event.title },
    });
  }
}

/**
 * Voids the ticket of someone who leaves an event; a paid one is refunded in full until 24 hours before the start
 * (EVENT_REFUND_CUTOFF_MS), not after: the refund job runs after commit.
 */
async function leaveSeat(tx: Transaction, effects: Effects, event: EventRow, userId: string, now: Date) {
  const voided = await voidTicket(tx, event.id, userId, now, isTicketRefundable(event.startsAt, now));
  if (voided?.refundDue) effects.requestJob(TICKET_REFUNDS_JOB);
}

/**
 * The viewer's answer to an event (PUT /api/events/{id}/rsvp). "going" takes a free seat, or a place at the end of
 * the waitlist when the event is full (a waitlisted person who says "going" again keeps their place); leaving a
 * seat gives it to the first on the waitlist in the same transaction. A cancelled or finished event refuses (409).
 *
 * Concurrency: the transaction starts by locking the event's row (`SELECT … FOR UPDATE`, lockEvent), so every
 * answer to one event is decided one at a time against the counters as the previous one committed them: a seat
 * is never given twice (goingCount ≤ capacity, also a CHECK), and places in line follow the order in which the
 * requests got the lock. A single conditional UPDATE could take a seat atomically, but not hand out the next place
 * in line and promote from the waitlist in the same step, hence the row lock. Answers to one event wait their
 * turn in this process first (`answersInLine`), so a crowd waits in memory, not each on a pool connection.
 */
export async function answerRsvp(
  context: AppContext,
  viewer: SessionUser,
  eventId: string,
  body: RsvpBody,
): Promise<RsvpView> {
  const now = context.clock.now();
  if (!(await findVisibleEvent(context.db, eventId, viewer.id))) throw notFound(EVENT_MESSAGES.eventNotFound);
  return answersInLine.run(eventId, () => decideRsvp(context, viewer, eventId, body, now));
}

/** Answers to one event, one at a time in this process (lib/one-at-a-time.ts: why). */
const answersInLine = new OneAtATime();

function decideRsvp(
  context: AppContext,
  viewer: SessionUser,
  eventId: string,
  body: RsvpBody,
  now: Date,
): Promise<RsvpView> {
  return inTransaction(context, async (tx, effects) => {
    const event = await lockEvent(tx, eventId);
    if (!event) throw notFound(EVENT_MESSAGES.eventNotFound);
    if (event.cancelledAt) throw conflict(EVENT_MESSAGES.cancelled, "EVENT_CANCELLED");
    if (event.endsAt.getTime() <= now.getTime()) throw conflict(EVENT_MESSAGES.past, "EVENT_PAST");
    const current = await findRsvp(tx, eventId, viewer.id);
    const from = current?.status ?? null;
    if (event.priceCents !== null && body.status === "going" && from !== "going") {
      throw conflict(EVENT_MESSAGES.buyTicket, "TICKET_REQUIRED");
    }
    const counts = countsOf(event);
    let status: RsvpStatus = body.status;
    let order: number | null = null;
    if (body.status === "going" && from === "waitlisted") {
      status = "waitlisted";
      order = current?.waitlistOrder ?? null;
    } else if (body.status === "going" && from !== "going") {
      const isFull = event.capacity !== null && counts.goingCount >= event.capacity;
      if (isFull) {
        status = "waitlisted";
        counts.waitlistArrivals += 1;
        order = counts.waitlistArrivals;
      }
    }
    if (status !== from) {
      await saveRsvp(tx, { eventId, userId: viewer.id, status, waitlistOrder: order, now });
      move(counts, from, status);
      if (status === "going") await insertTicket(tx, { eventId, userId: viewer.id, priceCents: 0, now });
      if (from === "going") {
        await leaveSeat(tx, effects, event, viewer.id, now);
        await fillSeats(tx, effects, event, counts, now);
      }
      await updateEvent(tx, eventId, counts);
    }
    const position = status === "waitlisted" && order !== null ? await waitlistPosition(tx, eventId, order) : null;
    return { status, waitlistPosition: position };
  });
}
