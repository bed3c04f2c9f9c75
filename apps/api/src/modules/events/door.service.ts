import {
  type AdmissionBody,
  type AdmissionView,
  type AttendeeCountsView,
  type AttendeesQuery,
  type AttendeeView,
  DOOR_MESSAGES,
  DOOR_OPENS_BEFORE_START_MS,
} from "@plaza/contracts/event-door";
import { EVENT_MESSAGES, normalizeTicketCode } from "@plaza/contracts/events";
import { displayName } from "@plaza/contracts/users.texts";
import type { AppContext } from "../../app-context";
import type { EventRow } from "../../db/schema/events";
import { badRequest, conflict, forbidden, notFound } from "../../lib/app-error";
import { decodeCursor, decodeValueCursor, mapPage, type Page } from "../../lib/cursor";
import { inTransaction } from "../../lib/unit-of-work";
import { recordVerifiedVisit } from "../businesses/visits.service";
import { presentUserSummary } from "../users/users.presenter";
import type { SessionUser } from "../users/viewer";
import {
  type AttendeeRow,
  admitTicketRow,
  countAttendees,
  findTicketByCode,
  findTicketById,
  listAnswered,
  listWaitlist,
  WAITLIST_ORDER,
} from "./door.repository";
import { findRsvp, findVisibleEvent, isHostOf } from "./events.repository";

/** The event, when the viewer hosts it: 404 when they may not see it, 403 when they see it but do not host it. */
async function hostedEvent(context: AppContext, viewer: SessionUser, eventId: string): Promise<EventRow> {
  const row = await findVisibleEvent(context.db, eventId, viewer.id);
  if (!row) throw notFound(EVENT_MESSAGES.eventNotFound);
  if (!(await isHostOf(context.db, eventId, viewer.id))) throw forbidden(DOOR_MESSAGES.notHost, "NOT_HOST");
  return row.event;
}

function presentAttendee(row: AttendeeRow): AttendeeView {
  return {
    user: presentUserSummary(row.user),
    status: row.status,
    waitlistPosition: row.waitlistPosition === null ? null : Number(row.waitlistPosition),
    admittedAt: row.admittedAt?.toISOString() ?? null,
    answeredAt: row.answeredAt.toISOString(),
  };
}

/** GET /api/events/{id}/attendees (hosts): one of the host's lists, a page at a time. */
export async function listAttendees(
  context: AppContext,
  viewer: SessionUser,
  eventId: string,
  query: AttendeesQuery,
): Promise<Page<AttendeeView>> {
  await hostedEvent(context, viewer, eventId);
  const page =
    query.status === "waitlisted"
      ? await listWaitlist(context.db, eventId, {
          limit: query.limit,
          cursor: decodeValueCursor(WAITLIST_ORDER, query.cursor),
        })
      : await listAnswered(context.db, eventId, query.status, {
          limit: query.limit,
          cursor: decodeCursor(query.cursor),
        });
  return mapPage(page, presentAttendee);
}

/** GET /api/events/{id}/attendees/counts (hosts). */
export async function countEventAttendees(
  context: AppContext,
  viewer: SessionUser,
  eventId: string,
): Promise<AttendeeCountsView> {
  await hostedEvent(context, viewer, eventId);
  return countAttendees(context.db, eventId);
}

/** Refuses an admission outside the door's hours: from DOOR_OPENS_BEFORE_START_MS before the start to the end. */
function checkDoorOpen(event: EventRow, now: Date): void {
  if (event.cancelledAt) throw conflict(DOOR_MESSAGES.cancelled, "EVENT_CANCELLED");
  if (now.getTime() < event.startsAt.getTime() - DOOR_OPENS_BEFORE_START_MS) {
    throw conflict(DOOR_MESSAGES.notOpenYet, "DOOR_NOT_OPEN");
  }
  if (now.getTime() >= event.endsAt.getTime()) throw conflict(DOOR_MESSAGES.over, "EVENT_PAST");
}

/**
 * POST /api/events/{id}/admissions (hosts): admits the holder of a ticket at the door. The first scan admits them
 * (`firstTime`) and, at a business, records their verified visit in the same transaction; a later scan of the same
 * ticket answers when they came in. An unknown code is a 404, another event's code or the ticket of someone no
 * longer going a 409, and so is a scan outside the door's hours.
 */
export async function admitTicket(
  context: AppContext,
  viewer: SessionUser,
  eventId: string,
  body: AdmissionBody,
): Promise<AdmissionView> {
  const now = context.clock.now();
  const event = await hostedEvent(context, viewer, eventId);
  const code = normalizeTicketCode(body.code);
  if (code === "") throw badRequest(DOOR_MESSAGES.codeRequired, "code");
  const found = await findTicketByCode(context.db, code);
  if (!found) throw notFound(DOOR_MESSAGES.unknownCode);
  const { ticket, holder } = found;
  if (ticket.eventId !== event.id) throw conflict(DOOR_MESSAGES.otherEvent, "OTHER_EVENT_TICKET");
  checkDoorOpen(event, now);
  if (ticket.voidedAt) throw conflict(DOOR_MESSAGES.notGoing, "TICKET_VOID");
  return inTransaction(context, async (tx) => {
    const rsvp = await findRsvp(tx, event.id, ticket.userId);
    if (rsvp?.status !== "going") throw conflict(DOOR_MESSAGES.notGoing, "NOT_GOING");
    const admitted = await admitTicketRow(tx, ticket.id, now);
    // At a business, the first admission is a verified visit of it (the businesses module's check-in rule).
    if (admitted && event.businessId) {
      await recordVerifiedVisit(tx, { businessId: event.businessId, userId: ticket.userId, now });
    }
    const name = displayName(holder);
    if (admitted?.admittedAt) return { name, admittedAt: admitted.admittedAt.toISOString(), firstTime: true };
    // Admitted before (or by another host's scan a moment ago): the time they came in.
    const current = await findTicketById(tx, ticket.id);
    if (!current?.admittedAt || current.voidedAt) throw conflict(DOOR_MESSAGES.notGoing, "TICKET_VOID");
    return { name, admittedAt: current.admittedAt.toISOString(), firstTime: false };
  });
}
