import type { EventRow } from "../../db/schema/events";
import { localStamp, type OffsetSpan, offsetSpans, utcStamp } from "./time-zones";

/** What a calendar entry says about an event's place. */
export interface CalendarEvent {
  event: EventRow;
  location: string;
  url: string;
}

const DAY_MS = 86_400_000;

/** TEXT as RFC 5545 §3.3.11 escapes it. */
function text(value: string): string {
  return value.replace(/\\/g, "\\\\").replace(/;/g, "\\;").replace(/,/g, "\\,").replace(/\r?\n/g, "\\n");
}

/** Lines folded at 75 octets (RFC 5545 §3.1), joined with CRLF. */
function fold(lines: string[]): string {
  const folded: string[] = [];
  for (const line of lines) {
    let rest = Buffer.from(line, "utf8");
    let prefix = "";
    while (rest.length > 75 - prefix.length) {
      let cut = 75 - prefix.length;
      // Never split a UTF-8 sequence: back up to the start of a character.
      while (cut > 0 && ((rest[cut] ?? 0) & 0xc0) === 0x80) cut -= 1;
      folded.push(prefix + rest.subarray(0, cut).toString("utf8"));
      rest = rest.subarray(cut);
      prefix = " ";
    }
    folded.push(prefix + rest.toString("utf8"));
  }
  return `${folded.join("\r\n")}\r\n`;
}

function offsetText(minutes: number): string {
  const sign = minutes < 0 ? "-" : "+";
  const absolute = Math.abs(minutes);
  return `${sign}${String(Math.floor(absolute / 60)).padStart(2, "0")}${String(absolute % 60).padStart(2, "0")}`;
}

/**
 * The VTIMEZONE of `timeZone` over the span of the entries: one observance per offset in force (STANDARD for the
 * lowest offset of the span, DAYLIGHT above it), each starting at its local time before the change, as RFC 5545
 * §3.6.5 asks. Written from the platform's time zone data, so it agrees with the instants the API answers.
 */
function timeZoneLines(timeZone: string, from: Date, to: Date): string[] {
  const spans = offsetSpans(timeZone, new Date(from.getTime() - DAY_MS), new Date(to.getTime() + DAY_MS));
  const standard = Math.min(...spans.map((span) => span.offset));
  const observance = (span: OffsetSpan) => {
    const kind = span.offset > standard ? "DAYLIGHT" : "STANDARD";
    const localBefore = new Date(span.at.getTime() + span.previous * 60_000);
    return [
      `BEGIN:${kind}`,
      `DTSTART:${utcStamp(localBefore).slice(0, 15)}`,
      `TZOFFSETFROM:${offsetText(span.previous)}`,
      `TZOFFSETTO:${offsetText(span.offset)}`,
      `END:${kind}`,
    ];
  };
  return ["BEGIN:VTIMEZONE", `TZID:${timeZone}`, ...spans.flatMap(observance), "END:VTIMEZONE"];
}

function eventLines(entry: CalendarEvent, host: string, now: Date, extra: string[]): string[] {
  const { event } = entry;
  const zone = event.timeZone;
  return [
    "BEGIN:VEVENT",
    `UID:${event.seriesId ?? event.id}@${host}`,
    `DTSTAMP:${utcStamp(now)}`,
    ...extra,
    `SUMMARY:${text(event.title)}`,
    ...(event.description ? [`DESCRIPTION:${text(event.description)}`] : []),
    ...(entry.location ? [`LOCATION:${text(entry.location)}`] : []),
    `URL:${entry.url}`,
    `DTSTART;TZID=${zone}:${localStamp(event.startsAt, zone)}`,
    `DTEND;TZID=${zone}:${localStamp(event.endsAt, zone)}`,
    `STATUS:${event.cancelledAt ? "CANCELLED" : "CONFIRMED"}`,
    "END:VEVENT",
  ];
}

/** The VEVENTs of one entry and the span of time its zone's VTIMEZONE must cover. */
interface Components {
  zone: string;
  from: Date;
  to: Date;
  lines: string[];
}

/**
 * The VEVENTs of an event. A single or cancelled event is one VEVENT; an occurrence of a live series is the whole
 * series as calendars hold one: the rule's first occurrence with its RRULE, an EXDATE for each cancelled occurrence,
 * and an entry with RECURRENCE-ID for each occurrence moved alone.
 */
function components(entry: CalendarEvent, series: EventRow[], host: string, now: Date): Components {
  const { event } = entry;
  const zone = event.timeZone;
  const [first] = series;
  const isSeries = event.seriesId !== null && event.recurrence !== null && !event.cancelledAt && first !== undefined;
  const entries: string[] = [];
  const span = isSeries ? series : [event];
  const from = new Date(
    Math.min(...span.map((row) => Math.min(row.startsAt.getTime(), row.occurrenceStartsAt.getTime()))),
  );
  const to = new Date(Math.max(...span.map((row) => Math.max(row.endsAt.getTime(), row.occurrenceEndsAt.getTime()))));
  if (!isSeries || !first) {
    entries.push(...eventLines(entry, host, now, []));
  } else {
    const master = {
      ...entry,
      event: { ...event, startsAt: first.occurrenceStartsAt, endsAt: first.occurrenceEndsAt },
    };
    const cancelled = series.filter((row) => row.cancelledAt);
    const exdates = cancelled.map((row) => `EXDATE;TZID=${zone}:${localStamp(row.occurrenceStartsAt, zone)}`);
    entries.push(...eventLines(master, host, now, [`RRULE:${event.recurrence}`, ...exdates]));
    for (const row of series) {
      const isMoved =
        row.startsAt.getTime() !== row.occurrenceStartsAt.getTime() ||
        row.endsAt.getTime() !== row.occurrenceEndsAt.getTime();
      if (row.cancelledAt || !isMoved) continue;
      const recurrenceId = `RECURRENCE-ID;TZID=${zone}:${localStamp(row.occurrenceStartsAt, zone)}`;
      entries.push(
        ...eventLines({ ...entry, event: { ...event, startsAt: row.startsAt, endsAt: row.endsAt } }, host, now, [
          recurrenceId,
        ]),
      );
    }
  }
  return { zone, from, to, lines: entries };
}

/** A VCALENDAR of the components: one VTIMEZONE per zone, covering every entry in it. */
function calendarOf(parts: Components[], name?: string): string {
  const spans = new Map<string, { from: Date; to: Date }>();
  for (const part of parts) {
    const span = spans.get(part.zone);
    spans.set(part.zone, {
      from: span && span.from < part.from ? span.from : part.from,
      to: span && span.to > part.to ? span.to : part.to,
    });
  }
  return fold([
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Plaza//Events//EN",
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    ...(name ? [`X-WR-CALNAME:${text(name)}`] : []),
    ...[...spans].flatMap(([zone, span]) => timeZoneLines(zone, span.from, span.to)),
    ...parts.flatMap((part) => part.lines),
    "END:VCALENDAR",
  ]);
}

/** The iCalendar file of an event (CONTRACT.md "Events" → "Calendar"); see `components`. */
export function eventCalendar(entry: CalendarEvent, series: EventRow[], host: string, now: Date): string {
  return calendarOf([components(entry, series, host, now)]);
}

/**
 * A private feed (GET /api/calendar/{token}.ics): each entry as in its own file (a series once, whole), with one
 * VTIMEZONE per zone.
 */
export function feedCalendar(
  entries: { entry: CalendarEvent; series: EventRow[] }[],
  name: string,
  host: string,
  now: Date,
): string {
  return calendarOf(
    entries.map(({ entry, series }) => components(entry, series, host, now)),
    name,
  );
}
