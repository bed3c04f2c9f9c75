import { randomBytes } from "node:crypto";
import { CALENDAR_FEED_NAME, EVENT_MESSAGES } from "@plaza/contracts/events";
import type { AppContext } from "../../app-context";
import type { EventRow } from "../../db/schema/events";
import { notFound } from "../../lib/app-error";
import { inTransaction } from "../../lib/unit-of-work";
import { hashSessionToken } from "../auth/auth.service";
import type { SessionUser } from "../users/viewer";
import { type CalendarEvent, eventCalendar, feedCalendar } from "./calendar";
import {
  deleteFeedTokens,
  insertFeedToken,
  listFeedEvents,
  listSeriesRows,
  useFeedToken,
} from "./calendar-feed.repository";
import { type EventListRow, findVisibleEvent, listSeries } from "./events.repository";

/** How far back a feed keeps events that are over, and how many events it holds at most. */
const FEED_PAST_MS = 30 * 24 * 60 * 60 * 1000;
const FEED_EVENTS_MAX = 500;

function calendarEntry(row: EventListRow, base: URL): CalendarEvent {
  const { event, business } = row;
  const location = business
    ? [business.name, business.address].filter(Boolean).join(", ")
    : [event.placeName, event.placeAddress].filter(Boolean).join(", ");
  return { event, location, url: new URL(`/events/${event.id}`, base).toString() };
}

/**
 * GET /api/events/{id}/calendar.ics: the event (or its series) as an iCalendar file, for whoever may see it.
 * `origin` is the public base URL (PUBLIC_URL, else where the request came): the event's URL and its UID's host.
 */
export async function eventCalendarFile(
  context: AppContext,
  viewer: SessionUser | null,
  eventId: string,
  origin: string,
): Promise<{ filename: string; text: string }> {
  const row = await findVisibleEvent(context.db, eventId, viewer?.id ?? null);
  if (!row) throw notFound(EVENT_MESSAGES.eventNotFound);
  const { event } = row;
  const base = new URL(origin);
  const series = event.seriesId ? await listSeries(context.db, event.seriesId) : [];
  const text = eventCalendar(calendarEntry(row, base), series, base.hostname, context.clock.now());
  return { filename: `event-${event.id}.ics`, text };
}

/** A new feed link of the account: a random token, of which only the SHA-256 is stored (as for sessions). */
async function newFeedUrl(context: AppContext, userId: string, origin: string, rotate: boolean) {
  const token = randomBytes(24).toString("hex");
  await inTransaction(context, async (tx) => {
    if (rotate) await deleteFeedTokens(tx, userId);
    await insertFeedToken(tx, userId, hashSessionToken(token), context.clock.now());
  });
  return { url: new URL(`/api/calendar/${token}.ics`, origin).toString() };
}

/**
 * GET /api/users/me/calendar: a link to the account's private feed. The token is not stored, so it cannot be shown
 * twice: each call gives a new link, and every link works until the account rotates them.
 */
export function calendarFeedLink(context: AppContext, viewer: SessionUser, origin: string): Promise<{ url: string }> {
  return newFeedUrl(context, viewer.id, origin, false);
}

/** POST /api/users/me/calendar/rotate: a new link; every earlier one answers 404 from now on. */
export function rotateCalendarFeed(context: AppContext, viewer: SessionUser, origin: string): Promise<{ url: string }> {
  return newFeedUrl(context, viewer.id, origin, true);
}

/**
 * GET /api/calendar/{token}.ics (no session: calendar apps fetch it): the events the account is going to or hosts,
 * from a month ago on, each series once and whole (RRULE, EXDATE, RECURRENCE-ID), cancelled ones STATUS:CANCELLED.
 */
export async function calendarFeedFile(
  context: AppContext,
  token: string,
  origin: string,
): Promise<{ filename: string; text: string }> {
  const now = context.clock.now();
  const userId = await useFeedToken(context.db, hashSessionToken(token), now);
  if (!userId) throw notFound(EVENT_MESSAGES.calendarNotFound);
  const rows = await listFeedEvents(context.db, userId, new Date(now.getTime() - FEED_PAST_MS), FEED_EVENTS_MAX);
  const seriesIds = [...new Set(rows.flatMap((row) => (row.event.seriesId ? [row.event.seriesId] : [])))];
  const occurrences = new Map<string, EventRow[]>();
  for (const row of await listSeriesRows(context.db, seriesIds)) {
    if (row.seriesId) occurrences.set(row.seriesId, [...(occurrences.get(row.seriesId) ?? []), row]);
  }
  // A series is one entry: a live occurrence stands for it (the cancelled ones are its EXDATEs).
  const live = rows.filter((row) => !row.event.cancelledAt);
  const bySeries = new Map<string, EventListRow>();
  for (const row of [...live, ...rows]) {
    const key = row.event.seriesId ?? row.event.id;
    if (!bySeries.has(key)) bySeries.set(key, row);
  }
  const base = new URL(origin);
  const entries = [...bySeries.values()].map((row) => ({
    entry: calendarEntry(row, base),
    series: row.event.seriesId ? (occurrences.get(row.event.seriesId) ?? []) : [],
  }));
  return { filename: "plaza-events.ics", text: feedCalendar(entries, CALENDAR_FEED_NAME, base.hostname, now) };
}
