const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const MONTH = 30 * DAY;
const YEAR = 365 * DAY;

const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? "" : "s"}`;

/** "x ago" relative times of the messaging panel (seed-spec §4), e.g. "5 minutes ago", "about 2 hours ago". */
export function formatTimeAgo(isoDate: string, now: Date = new Date()): string {
  const elapsed = Math.max(0, now.getTime() - new Date(isoDate).getTime());
  if (elapsed < MINUTE) return "less than a minute ago";
  if (elapsed < HOUR) return `${plural(Math.round(elapsed / MINUTE), "minute")} ago`;
  if (elapsed < DAY) return `about ${plural(Math.round(elapsed / HOUR), "hour")} ago`;
  if (elapsed < MONTH) return `${plural(Math.round(elapsed / DAY), "day")} ago`;
  if (elapsed < YEAR) return `${plural(Math.round(elapsed / MONTH), "month")} ago`;
  return `about ${plural(Math.round(elapsed / YEAR), "year")} ago`;
}
