import { wallClockParts } from "@plaza/contracts/events.texts";

/**
 * An event's times: a `datetime-local` value read in the event's own time zone (not the browser's), and the
 * event's time written in its zone, with the viewer's beside it when their clocks differ. Intl only, no library.
 */

/** The wall clock of `instant` in `timeZone`, as milliseconds of a UTC date with the same fields. */
function wallClock(instant: number, timeZone: string): number {
  const fields: Record<string, number> = {};
  for (const [type, value] of Object.entries(wallClockParts(new Date(instant), timeZone))) {
    if (type !== "literal") fields[type] = Number(value);
  }
  return Date.UTC(
    fields.year ?? 1970,
    (fields.month ?? 1) - 1,
    fields.day ?? 1,
    fields.hour ?? 0,
    fields.minute ?? 0,
    fields.second ?? 0,
  );
}

/** How far `timeZone`'s clock is ahead of UTC at `instant`, in milliseconds. */
export function zoneOffset(instant: number, timeZone: string): number {
  return wallClock(Math.floor(instant / 1000) * 1000, timeZone) - Math.floor(instant / 1000) * 1000;
}

const LOCAL_VALUE = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/**
 * A `datetime-local` value ("2026-03-29T10:00") read as a wall clock in `timeZone`, as an ISO instant ("…Z").
 * A time the clocks skip (spring forward) moves forward by the gap, as calendars do; a time that happens twice
 * (fall back) is the first of the two. Null for a value that is not a date and time.
 */
export function localToInstant(value: string, timeZone: string): string | null {
  const match = LOCAL_VALUE.exec(value);
  if (!match) return null;
  const [, year, month, day, hour, minute] = match.map(Number) as number[];
  const wall = Date.UTC(year as number, (month as number) - 1, day, hour, minute);
  if (Number.isNaN(wall)) return null;
  // The offset before and after a change near this time: try the earlier one first (fall back → first instant).
  const offsets = [zoneOffset(wall - 86_400_000, timeZone), zoneOffset(wall + 86_400_000, timeZone)];
  const earlier = Math.max(...offsets);
  const later = Math.min(...offsets);
  for (const offset of [earlier, later]) {
    const instant = wall - offset;
    if (wallClock(instant, timeZone) === wall) return new Date(instant).toISOString();
  }
  // Skipped by the clocks: the same distance past the change (02:30 in a 02:00→03:00 jump is 03:30).
  return new Date(wall - later).toISOString();
}

/** An instant as the `datetime-local` value of its wall clock in `timeZone` ("2026-03-29T10:00"). */
export function instantToLocal(iso: string, timeZone: string): string {
  return new Date(wallClock(Date.parse(iso), timeZone)).toISOString().slice(0, 16);
}

/** The browser's time zone (UTC when it cannot say). */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
  } catch {
    return "UTC";
  }
}

const rangeFormats = new Map<string, Intl.DateTimeFormat>();

function rangeFormat(timeZone: string, locale: string | undefined): Intl.DateTimeFormat {
  const key = `${locale ?? ""}|${timeZone}`;
  let format = rangeFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, {
      timeZone,
      weekday: "short",
      month: "short",
      day: "numeric",
      hour: "numeric",
      minute: "2-digit",
      timeZoneName: "short",
    });
    rangeFormats.set(key, format);
  }
  return format;
}

/**
 * "Sat, Dec 12, 7:00 – 9:00 PM GMT+1": an event's start and end on the clock of `timeZone`. Thin and narrow
 * no-break spaces become plain ones: Node's ICU writes them where Chromium's writes spaces, and the page rendered on
 * the server must read the same as the one the browser hydrates.
 */
export function formatEventRange(startsAt: string, endsAt: string, timeZone: string, locale?: string): string {
  return rangeFormat(timeZone, locale)
    .formatRange(new Date(startsAt), new Date(endsAt))
    .replace(/[\u2009\u202f\u00a0]/g, " ");
}

/**
 * The event's time in its own zone, and the same time in the viewer's zone when their clocks differ at the start
 * (a zone of another name with the same offset adds nothing).
 */
export function eventTimes(
  event: { startsAt: string; endsAt: string; timeZone: string },
  viewerZone: string | null,
  locale?: string,
): { eventTime: string; viewerTime: string | null } {
  const eventTime = formatEventRange(event.startsAt, event.endsAt, event.timeZone, locale);
  if (!viewerZone || viewerZone === event.timeZone) return { eventTime, viewerTime: null };
  const start = Date.parse(event.startsAt);
  const end = Date.parse(event.endsAt);
  const sameClock =
    zoneOffset(start, viewerZone) === zoneOffset(start, event.timeZone) &&
    zoneOffset(end, viewerZone) === zoneOffset(end, event.timeZone);
  return {
    eventTime,
    viewerTime: sameClock ? null : formatEventRange(event.startsAt, event.endsAt, viewerZone, locale),
  };
}

/** Whether an event has ended at `now`. */
export function isOver(event: { endsAt: string }, now: number = Date.now()): boolean {
  return Date.parse(event.endsAt) <= now;
}
