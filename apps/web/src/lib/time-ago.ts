import { defineMessages, type IntlShape } from "react-intl";

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ["year", 365 * 24 * 3600],
  ["month", 30 * 24 * 3600],
  ["week", 7 * 24 * 3600],
  ["day", 24 * 3600],
  ["hour", 3600],
  ["minute", 60],
];

const messages = defineMessages({
  /** Under a minute old: no count of seconds (they would tick on every render). */
  justNow: { id: "shell.time-ago.just-now", defaultMessage: "just now" },
});

/** What the relative and full times need of react-intl: the page's locale, its messages and formats. */
export type TimeIntl = Pick<IntlShape, "locale" | "formatMessage" | "formatRelativeTime" | "formatDate">;

let relativeFormat: Intl.RelativeTimeFormat | null = null;

/**
 * "5 minutes ago", "just now": relative times as docs/PRODUCT.md §2 shows them ('x ago'), worded in the page's
 * language when `intl` is given (react-intl: Intl.RelativeTimeFormat in its locale, "hace 5 minutos", "منذ ٥
 * دقائق"), else in the runtime's locale. "1 day ago" rather than "yesterday", so a list of times reads alike.
 */
export function timeAgo(iso: string, now: Date = new Date(), intl?: TimeIntl): string {
  const seconds = Math.max(0, Math.round((now.getTime() - new Date(iso).getTime()) / 1000));
  for (const [unit, size] of UNITS) {
    if (seconds >= size) {
      const count = -Math.floor(seconds / size);
      if (intl) return intl.formatRelativeTime(count, unit, { numeric: "always" });
      relativeFormat ??= new Intl.RelativeTimeFormat(undefined, { numeric: "always" });
      return relativeFormat.format(count, unit);
    }
  }
  return intl ? intl.formatMessage(messages.justNow) : messages.justNow.defaultMessage;
}

const FULL_DATE_TIME: Intl.DateTimeFormatOptions = { dateStyle: "full", timeStyle: "short" };

// One formatter for the page: toLocaleString builds a new Intl.DateTimeFormat on every call (about a millisecond
// each), which added up to tens of milliseconds of blocking time when a feed page with its times arrived. react-intl
// keeps one formatter per locale and options in the same way.
let fullDateTimeFormat: Intl.DateTimeFormat | null = null;

/**
 * "Sunday, November 22, 2026 at 9:55 PM": the full moment behind a relative time, in the page's language when
 * `intl` is given ("domingo, 22 de noviembre de 2026, 21:55"), else in the runtime's locale.
 */
export function fullDateTime(iso: string, intl?: TimeIntl): string {
  if (intl) return intl.formatDate(iso, FULL_DATE_TIME);
  fullDateTimeFormat ??= new Intl.DateTimeFormat(undefined, FULL_DATE_TIME);
  return fullDateTimeFormat.format(new Date(iso));
}
