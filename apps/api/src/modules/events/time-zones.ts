import { wallClockParts } from "@plaza/contracts/events.texts";

/**
 * Wall-clock times of an instant in an IANA zone, from the platform's Intl data (no second copy of the time zone
 * database). Used for RRULE expansion (DTSTART;TZID=…) and for the VTIMEZONE of an event's calendar.
 */

const offsetFormatters = new Map<string, Intl.DateTimeFormat>();

/** The instant's wall-clock time in `timeZone` as iCalendar writes a local DATE-TIME: `20260301T190000`. */
export function localStamp(instant: Date, timeZone: string): string {
  const parts = wallClockParts(instant, timeZone);
  return `${parts.year}${parts.month}${parts.day}T${parts.hour}${parts.minute}${parts.second}`;
}

/** An instant as iCalendar writes a UTC DATE-TIME: `20260301T180000Z`. */
export function utcStamp(instant: Date): string {
  return `${instant.toISOString().replace(/[-:]/g, "").slice(0, 15)}Z`;
}

/** The zone's offset from UTC at `instant`, in minutes (east positive). */
export function offsetMinutes(instant: Date, timeZone: string): number {
  let formatter = offsetFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "longOffset" });
    offsetFormatters.set(timeZone, formatter);
  }
  const name = formatter.formatToParts(instant).find((part) => part.type === "timeZoneName")?.value ?? "GMT";
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  if (!match) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return match[1] === "-" ? -minutes : minutes;
}

/** One span of a zone's offsets: from `at` on, the zone is `offset` minutes from UTC (it was `previous` before). */
export interface OffsetSpan {
  at: Date;
  previous: number;
  offset: number;
}

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

/**
 * The zone's offset at `from`, then each change of offset up to `to`, to the minute: daily samples, and a bisection
 * where two samples differ (zones change their offset at most a few times a year, never twice in a day).
 */
export function offsetSpans(timeZone: string, from: Date, to: Date): OffsetSpan[] {
  const first = offsetMinutes(from, timeZone);
  const spans: OffsetSpan[] = [{ at: from, previous: first, offset: first }];
  let before = from.getTime();
  let beforeOffset = first;
  for (let sample = before + DAY_MS; before < to.getTime(); sample += DAY_MS) {
    const sampleOffset = offsetMinutes(new Date(sample), timeZone);
    if (sampleOffset !== beforeOffset) {
      let low = before;
      let high = sample;
      while (high - low > MINUTE_MS) {
        const middle = low + Math.floor((high - low) / 2 / MINUTE_MS) * MINUTE_MS;
        if (offsetMinutes(new Date(middle), timeZone) === beforeOffset) low = middle;
        else high = middle;
      }
      spans.push({ at: new Date(high), previous: beforeOffset, offset: sampleOffset });
    }
    before = sample;
    beforeOffset = sampleOffset;
  }
  return spans;
}
