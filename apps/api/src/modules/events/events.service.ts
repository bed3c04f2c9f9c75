import { randomUUID } from "node:crypto";
import {
  type CreateEventBody,
  EVENT_CAPACITY_MESSAGES,
  EVENT_DURATION_MAX_MS,
  EVENT_MESSAGES,
  type EventScope,
  type EventView,
  type ListEventsQuery,
  type UpdateEventBody,
} from "@plaza/contracts/events";
import { dollarsToCents } from "@plaza/contracts/money";
import type { AppContext } from "../../app-context";
import type { Transaction } from "../../db/client";
import type { EventRow } from "../../db/schema/events";
import { badRequest, conflict, forbidden, notFound, unauthorized } from "../../lib/app-error";
import { decodeCursor, type Page } from "../../lib/cursor";
import { METERS_PER_MILE } from "../../lib/geo";
import { type Effects, inTransaction } from "../../lib/unit-of-work";
import { canViewBusiness } from "../businesses/businesses.policy";
import { findBusinessById } from "../businesses/businesses.repository";
import { notify } from "../notifications/notifications.service";
import { resolveOwnUpload } from "../uploads/uploads.service";
import type { SessionUser } from "../users/viewer";
import { askCoHosts, checkedCoHostIds, replaceCoHosts } from "./co-hosts.service";
import { presentEventRows } from "./event-views";
import {
  type EventListRow,
  findVisibleEvent,
  insertEvents,
  insertHosts,
  isHostOf,
  listEvents,
  listGoingUserIds,
  listSeries,
  lockEvent,
  updateEvent,
} from "./events.repository";
import { expandOccurrences, normalizeRule, ruleWithCount } from "./recurrence";
import { countsOf, fillSeats, TICKET_REFUNDS_JOB } from "./rsvp.service";
import { countSeatHolds, hasSoldTickets, voidTicketsOfEvent } from "./tickets.repository";

/** A price in dollars as stored: integer cents, or null for a free event. */
function centsOfPrice(price: number | null): number | null {
  return price === null ? null : dollarsToCents(price);
}

async function present(context: AppContext, row: EventListRow, viewerId: string | null): Promise<EventView> {
  const [view] = await presentEventRows(context.db, [row], viewerId);
  if (!view) throw notFound(EVENT_MESSAGES.eventNotFound);
  return view;
}

export async function viewOf(context: AppContext, eventId: string, viewerId: string | null): Promise<EventView> {
  const row = await findVisibleEvent(context.db, eventId, viewerId);
  if (!row) throw notFound(EVENT_MESSAGES.eventNotFound);
  return present(context, row, viewerId);
}

/** The place columns of an event: a business the viewer may see, or a named address. */
async function placeOf(context: AppContext, viewer: SessionUser, place: CreateEventBody["place"]) {
  if (!("businessId" in place)) {
    return {
      business: null,
      columns: {
        businessId: null,
        placeName: place.name,
        placeAddress: place.address,
        latitude: place.latitude,
        longitude: place.longitude,
      },
    };
  }
  const business = await findBusinessById(context.db, place.businessId);
  if (!business || !canViewBusiness(viewer, business)) {
    throw badRequest(EVENT_MESSAGES.businessNotFound, "place.businessId");
  }
  const columns = { businessId: business.id, placeName: "", placeAddress: "", latitude: null, longitude: null };
  return { business, columns };
}

function occurrencesOf(rule: string, startsAt: Date, timeZone: string): Date[] {
  try {
    const starts = expandOccurrences(rule, startsAt, timeZone);
    if (starts.length > 0) return starts;
  } catch {
    // rrule-temporal refuses a rule it cannot expand (e.g. BYDAY=XX): the same 400 as a malformed rule.
  }
  throw badRequest(EVENT_MESSAGES.recurrenceInvalid, "recurrence");
}

/**
 * POST /api/events: the event, or with a recurrence one event per occurrence sharing a seriesId (the first is
 * answered). The time zone defaults to the business's; the creator is its first host.
 */
export async function createEvent(context: AppContext, viewer: SessionUser, body: CreateEventBody): Promise<EventView> {
  const now = context.clock.now();
  const { business, columns } = await placeOf(context, viewer, body.place);
  const timeZone = body.timeZone ?? business?.timeZone;
  if (!timeZone) throw badRequest(EVENT_MESSAGES.timeZoneRequired, "timeZone");
  const coverUrl = body.coverUrl ? await resolveOwnUpload(context, body.coverUrl, viewer.id) : null;
  const coHostIds = await checkedCoHostIds(context, viewer.id, viewer.id, body.coHostIds);
  const startsAt = new Date(body.startsAt);
  const length = new Date(body.endsAt).getTime() - startsAt.getTime();
  const rule = body.recurrence ? normalizeRule(body.recurrence) : null;
  const starts = rule ? occurrencesOf(rule, startsAt, timeZone) : [startsAt];
  const seriesId = rule ? randomUUID() : null;
  const rows = starts.map((start) => {
    const end = new Date(start.getTime() + length);
    return {
      creatorId: viewer.id,
      title: body.title,
      description: body.description,
      startsAt: start,
      endsAt: end,
      occurrenceStartsAt: start,
      occurrenceEndsAt: end,
      timeZone,
      ...columns,
      category: body.category,
      coverUrl,
      visibility: body.visibility,
      capacity: body.capacity,
      priceCents: centsOfPrice(body.price),
      recurrence: rule,
      seriesId,
      createdAt: now,
      updatedAt: now,
    };
  });
  const [first] = await inTransaction(context, async (tx, effects) => {
    const inserted = await insertEvents(tx, rows);
    await insertHosts(
      tx,
      inserted.map((event) => ({ eventId: event.id, userId: viewer.id, isAccepted: true, createdAt: now })),
    );
    await askCoHosts(tx, effects, viewer.id, inserted, coHostIds);
    return inserted;
  });
  if (!first) throw new Error("no event inserted");
  return viewOf(context, first.id, viewer.id);
}

export function getEvent(context: AppContext, viewer: SessionUser | null, eventId: string): Promise<EventView> {
  return viewOf(context, eventId, viewer?.id ?? null);
}

/** GET /api/events: a page of upcoming events the viewer may see, soonest first. */
export async function listEventsFor(
  context: AppContext,
  viewer: SessionUser | null,
  query: ListEventsQuery,
): Promise<Page<EventView>> {
  if (query.mine && !viewer) throw unauthorized();
  const viewerId = viewer?.id ?? null;
  const page = await listEvents(
    context.db,
    {
      viewerId,
      from: query.from ? new Date(query.from) : context.clock.now(),
      to: query.to ? new Date(query.to) : null,
      category: query.category,
      hostId: query.hostId,
      businessId: query.businessId,
      mine: query.mine,
      near:
        query.latitude !== undefined && query.longitude !== undefined && query.radius !== undefined
          ? {
              centre: { latitude: query.latitude, longitude: query.longitude },
              radiusMeters: query.radius * METERS_PER_MILE,
            }
          : undefined,
    },
    { limit: query.limit, cursor: decodeCursor(query.cursor) },
  );
  return { items: await presentEventRows(context.db, page.items, viewerId), nextCursor: page.nextCursor };
}

/** The event for a host's change: 404 when the viewer may not see it, 403 when they do not host it. */
export async function requireHostedEvent(context: AppContext, viewer: SessionUser, eventId: string): Promise<EventRow> {
  const row = await findVisibleEvent(context.db, eventId, viewer.id);
  if (!row) throw notFound(EVENT_MESSAGES.eventNotFound);
  if (!(await isHostOf(context.db, eventId, viewer.id))) throw forbidden(EVENT_MESSAGES.notHost, "NOT_HOST");
  return row.event;
}

/** The occurrences a scoped change touches: the event, or it and the following ones of its series. */
async function scopedEvents(tx: Transaction, event: EventRow, scope: EventScope): Promise<EventRow[]> {
  if (scope === "this" || !event.seriesId) return [event];
  return listSeries(tx, event.seriesId, event.occurrenceStartsAt);
}

async function notifyGoing(
  tx: Transaction,
  effects: Effects,
  targets: EventRow[],
  type: "event_cancelled" | "event_changed",
) {
  const titles = new Map(targets.map((event) => [event.id, event.title]));
  for (const { eventId, userId } of await listGoingUserIds(
    tx,
    targets.map((event) => event.id),
  )) {
    await notify(tx, effects, {
      userId,
      type,
      entityType: "event",
      entityId: eventId,
      data: { eventTitle: titles.get(eventId) },
    });
  }
}

/**
 * New times for the events of a change. `this`: the one event moves (its series' rule still gives its occurrence
 * times, kept for its calendar). `following` in a series: the series is split where the change starts, like
 * calendars do: the following occurrences become their own series, expanded again from the new start with the
 * number of occurrences they had, so every series stays exactly its rule.
 */
async function retime(
  tx: Transaction,
  targets: EventRow[],
  body: UpdateEventBody,
  scope: EventScope,
  timeZone: string,
) {
  const [first] = targets;
  if (!first || (body.startsAt === undefined && body.endsAt === undefined && timeZone === first.timeZone)) {
    return new Map<string, Partial<EventRow>>();
  }
  const startsAt = body.startsAt ? new Date(body.startsAt) : first.startsAt;
  const endsAt = body.endsAt ? new Date(body.endsAt) : first.endsAt;
  const length = endsAt.getTime() - startsAt.getTime();
  if (length <= 0) throw badRequest(EVENT_MESSAGES.endBeforeStart, "endsAt");
  if (length > EVENT_DURATION_MAX_MS) throw badRequest(EVENT_MESSAGES.tooLong, "endsAt");
  if (scope === "this" || !first.seriesId || !first.recurrence) {
    return new Map([[first.id, { startsAt, endsAt }]]);
  }
  const rule = ruleWithCount(first.recurrence, targets.length);
  const starts = expandOccurrences(rule, startsAt, timeZone);
  const before = await listSeries(tx, first.seriesId);
  const earlier = before.filter((event) => event.occurrenceStartsAt < first.occurrenceStartsAt);
  const seriesId = earlier.length > 0 ? randomUUID() : first.seriesId;
  for (const event of earlier) {
    await updateEvent(tx, event.id, { recurrence: ruleWithCount(first.recurrence, earlier.length) });
  }
  return new Map(
    targets.map((event, index) => {
      const start = starts[index] ?? startsAt;
      const end = new Date(start.getTime() + length);
      const times = { startsAt: start, endsAt: end, occurrenceStartsAt: start, occurrenceEndsAt: end };
      return [event.id, { ...times, seriesId, recurrence: rule }];
    }),
  );
}

/** PATCH /api/events/{id}?scope=this|following (hosts). A change of time or place notifies everyone going. */
export async function editEvent(
  context: AppContext,
  viewer: SessionUser,
  eventId: string,
  scope: EventScope,
  body: UpdateEventBody,
): Promise<EventView> {
  const now = context.clock.now();
  const event = await requireHostedEvent(context, viewer, eventId);
  if (event.cancelledAt) throw conflict(EVENT_MESSAGES.cancelled, "EVENT_CANCELLED");
  const place = body.place ? (await placeOf(context, viewer, body.place)).columns : {};
  const coverUrl =
    body.coverUrl === undefined
      ? {}
      : { coverUrl: body.coverUrl && (await resolveOwnUpload(context, body.coverUrl, viewer.id)) };
  const coHostIds = body.coHostIds && (await checkedCoHostIds(context, viewer.id, event.creatorId, body.coHostIds));
  const { startsAt: _s, endsAt: _e, place: _place, coverUrl: _cover, coHostIds: _co, price, ...fields } = body;
  const priceCents = price === undefined ? {} : { priceCents: centsOfPrice(price) };
  await inTransaction(context, async (tx, effects) => {
    const targets = await scopedEvents(tx, event, scope);
    const times = await retime(tx, targets, body, scope, body.timeZone ?? event.timeZone);
    for (const target of targets) {
      // Locked so a change of capacity and the RSVPs of the event take turns (see answerRsvp).
      const locked = await lockEvent(tx, target.id);
      if (!locked || locked.cancelledAt) continue;
      if (body.capacity != null && body.capacity < locked.goingCount) {
        throw conflict(EVENT_CAPACITY_MESSAGES.belowGoing(locked.goingCount), "CAPACITY_TOO_LOW");
      }
      // The seats held while buyers pay count too (0013 "Seats and holds"): going + held never passes the capacity.
      const held = body.capacity != null ? await countSeatHolds(tx, target.id, now) : 0;
      if (body.capacity != null && body.capacity < locked.goingCount + held) {
        throw conflict(EVENT_CAPACITY_MESSAGES.belowHeld(locked.goingCount, held), "CAPACITY_TOO_LOW");
      }
      if (
        priceCents.priceCents !== undefined &&
        priceCents.priceCents !== locked.priceCents &&
        (await hasSoldTickets(tx, target.id))
      ) {
        throw conflict(EVENT_MESSAGES.priceLocked, "TICKETS_SOLD");
      }
      const counts = countsOf(locked);
      const updated = {
        ...locked,
        ...fields,
        ...priceCents,
        capacity: body.capacity === undefined ? locked.capacity : body.capacity,
      };
      await fillSeats(tx, effects, updated, counts, now);
      await updateEvent(tx, target.id, {
        ...fields,
        ...priceCents,
        ...place,
        ...coverUrl,
        ...times.get(target.id),
        ...counts,
        updatedAt: now,
      });
    }
    if (coHostIds) await replaceCoHosts(tx, effects, viewer.id, targets, coHostIds);
    if (times.size > 0 || body.place) await notifyGoing(tx, effects, targets, "event_changed");
  });
  return viewOf(context, eventId, viewer.id);
}

/**
 * POST /api/events/{id}/cancel?scope=this|following (hosts): cancels, notifies everyone going, and voids every
 * ticket; the paid ones are refunded in full by the ticket refunds job after commit (the ledger reverses each).
 */
export async function cancelEvent(
  context: AppContext,
  viewer: SessionUser,
  eventId: string,
  scope: EventScope,
): Promise<EventView> {
  const now = context.clock.now();
  const event = await requireHostedEvent(context, viewer, eventId);
  if (event.cancelledAt && scope === "this") throw conflict(EVENT_MESSAGES.alreadyCancelled, "EVENT_CANCELLED");
  await inTransaction(context, async (tx, effects) => {
    const targets = (await scopedEvents(tx, event, scope)).filter((target) => !target.cancelledAt);
    let paidTickets = 0;
    for (const target of targets) {
      await updateEvent(tx, target.id, { cancelledAt: now, updatedAt: now });
      paidTickets += await voidTicketsOfEvent(tx, target.id, now);
    }
    await notifyGoing(tx, effects, targets, "event_cancelled");
    if (paidTickets > 0) effects.requestJob(TICKET_REFUNDS_JOB);
  });
  return viewOf(context, eventId, viewer.id);
}
