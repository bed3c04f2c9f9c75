import type { AttendeeStatus } from "@plaza/contracts/event-door";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { type EventTicketRow, eventRsvps, eventTickets } from "../../db/schema/events";
import { users } from "../../db/schema/users";
import { encodeCursor, encodeValueCursor, type KeysetCursor, type ValueCursor } from "../../lib/cursor";
import { byValue, oldestFirst, type PageRequest, paginate } from "../../lib/paginate";
import { type UserSummaryRow, userSummaryColumns } from "../users/user-summary.repository";

/** A person in the host's view of an event, with their answer. */
export interface AttendeeRow {
  user: UserSummaryRow;
  status: AttendeeStatus;
  waitlistOrder: number | null;
  waitlistPosition: number | null;
  admittedAt: Date | null;
  answeredAt: Date;
}

/** The order name written into a waitlist cursor (a cursor of another list is refused). */
export const WAITLIST_ORDER = "waitlist";

/** Places in line of each waitlisted row: how many of the event's waitlist joined before them, plus one. */
const waitlistPositionSql = sql<number | null>`case when ${eventRsvps.status} = 'waitlisted' then (select count(*)::int
  from ${eventRsvps} as ahead where ahead.event_id = ${eventRsvps.eventId} and ahead.status = 'waitlisted'
  and ahead.waitlist_order <= ${eventRsvps.waitlistOrder}) end`;

/** The person's valid (not voided) ticket to the event: at most one (event_tickets_holder_unique). */
const validTicketOf = and(
  eq(eventTickets.eventId, eventRsvps.eventId),
  eq(eventTickets.userId, eventRsvps.userId),
  isNull(eventTickets.voidedAt),
);

function selectAttendees(db: Executor) {
  return db
    .select({
      user: userSummaryColumns(),
      status: eventRsvps.status,
      waitlistOrder: eventRsvps.waitlistOrder,
      waitlistPosition: waitlistPositionSql,
      admittedAt: eventTickets.admittedAt,
      answeredAt: eventRsvps.updatedAt,
    })
    .from(eventRsvps)
    .innerJoin(users, eq(users.id, eventRsvps.userId))
    .leftJoin(eventTickets, validTicketOf);
}

type SelectedAttendee = Awaited<ReturnType<ReturnType<typeof selectAttendees>["execute"]>>[number];

const toAttendee = (row: SelectedAttendee): AttendeeRow => ({ ...row, status: row.status as AttendeeStatus });

/**
 * The waitlist of an event in arrival order (the waitlist index), with each person's place in line; a page at a
 * time.
 */
export function listWaitlist(db: Executor, eventId: string, page: PageRequest<ValueCursor>) {
  return paginate(
    page,
    byValue(eventRsvps.waitlistOrder, eventRsvps.userId, "asc", "int"),
    async ({ after, orderBy, limit }) =>
      (
        await selectAttendees(db)
          .where(and(eq(eventRsvps.eventId, eventId), eq(eventRsvps.status, "waitlisted"), after))
          .orderBy(...orderBy)
          .limit(limit)
      ).map(toAttendee),
    (row) => encodeValueCursor({ order: WAITLIST_ORDER, value: row.waitlistOrder ?? 0, id: row.user.id }),
  );
}

/** Those going to (or interested in) an event, in the order they answered so; a page at a time. */
export function listAnswered(
  db: Executor,
  eventId: string,
  status: "going" | "interested",
  page: PageRequest<KeysetCursor>,
) {
  return paginate(
    page,
    oldestFirst(eventRsvps.updatedAt, eventRsvps.userId),
    async ({ after, orderBy, limit }) =>
      (
        await selectAttendees(db)
          .where(and(eq(eventRsvps.eventId, eventId), eq(eventRsvps.status, status), after))
          .orderBy(...orderBy)
          .limit(limit)
      ).map(toAttendee),
    (row) => encodeCursor({ createdAt: row.answeredAt, id: row.user.id }),
  );
}

/** How many are going, waitlisted, interested, and how many of those going were admitted (a valid ticket scanned). */
export async function countAttendees(db: Executor, eventId: string) {
  const [row] = await db
    .select({
      going: sql<number>`count(*) filter (where ${eventRsvps.status} = 'going')::int`,
      waitlisted: sql<number>`count(*) filter (where ${eventRsvps.status} = 'waitlisted')::int`,
      interested: sql<number>`count(*) filter (where ${eventRsvps.status} = 'interested')::int`,
      admitted: sql<number>`count(*) filter (where ${eventRsvps.status} = 'going' and ${eventTickets.admittedAt} is not null)::int`,
    })
    .from(eventRsvps)
    .leftJoin(eventTickets, validTicketOf)
    .where(eq(eventRsvps.eventId, eventId));
  return {
    going: Number(row?.going ?? 0),
    waitlisted: Number(row?.waitlisted ?? 0),
    interested: Number(row?.interested ?? 0),
    admitted: Number(row?.admitted ?? 0),
  };
}

/** The ticket with this code (stored form: normalizeTicketCode), with its holder's names; voided ones included. */
export async function findTicketByCode(db: Executor, code: string) {
  const [row] = await db
    .select({
      ticket: eventTickets,
      holder: { username: users.username, firstName: users.firstName, lastName: users.lastName },
    })
    .from(eventTickets)
    .innerJoin(users, eq(users.id, eventTickets.userId))
    .where(eq(eventTickets.code, code))
    .limit(1);
  return row;
}

/**
 * Marks a valid ticket admitted unless it already was: one conditional UPDATE, so two hosts scanning the same ticket
 * at once admit it once. Returns the ticket as admitted now, or undefined when it was admitted before (or voided).
 */
export async function admitTicketRow(db: Executor, ticketId: string, now: Date): Promise<EventTicketRow | undefined> {
  const [row] = await db
    .update(eventTickets)
    .set({ admittedAt: now })
    .where(and(eq(eventTickets.id, ticketId), isNull(eventTickets.admittedAt), isNull(eventTickets.voidedAt)))
    .returning();
  return row;
}

/** The ticket as it is now (after a scan that found it admitted already). */
export async function findTicketById(db: Executor, ticketId: string): Promise<EventTicketRow | undefined> {
  const [row] = await db.select().from(eventTickets).where(eq(eventTickets.id, ticketId)).limit(1);
  return row;
}
