const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ["year", 365 * 24 * 3600],
  ["month", 30 * 24 * 3600],
  ["week", 7 * 24 * 3600],
  ["day", 24 * 3600],
  ["hour", 3600],
  ["minute", 60],
];

/** Under a minute old: no count of seconds (they would tick on every render). */
const JUST_NOW = "just now";

let relativeFormat: Intl.RelativeTimeFormat | null = null;

/**
 * "5 minutes ago", "just now": relative times as docs/PRODUCT.md §2 shows them ('x ago'), worded by the reader's
 * locale (Intl.RelativeTimeFormat; "1 day ago" rather than "yesterday", so a list of times reads alike).
 */
export function timeAgo(iso: string, now: Date = new Date()): string {
  const seconds = Math.max(0, Math.round((now.getTime() - new Date(iso).getTime()) / 1000));
  for (const [unit, size] of UNITS) {
    if (seconds >= size) {
      relativeFormat ??= new Intl.RelativeTimeFormat(undefined, { numeric: "always" });
      return relativeFormat.format(-Math.floor(seconds / size), unit);
    }
  }
  return JUST_NOW;
}

// One formatter for the page: toLocaleString builds a new Intl.DateTimeFormat on every call (about a millisecond
// each), which added up to tens of milliseconds of blocking time when a feed page with its times arrived.
let fullDateTimeFormat: Intl.DateTimeFormat | null = null;

/** "Sunday, November 22, 2026 at 9:55 PM" in the reader's locale: the full moment behind a relative time. */
export function fullDateTime(iso: string): string {
  fullDateTimeFormat ??= new Intl.DateTimeFormat(undefined, { dateStyle: "full", timeStyle: "short" });
  return fullDateTimeFormat.format(new Date(iso));
}
