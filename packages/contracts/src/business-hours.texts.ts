// Texts, constants and pure rules of business-hours: no zod, so the web app's first screen can import them without
// evaluating schemas. The schemas are in ./business-hours.ts, which re-exports all of this.

/**
 * Opening hours of a business: seven entries, Monday first (index = ISO weekday - 1). An entry is null when the
 * business is closed that day, else `{open, close}` in local "HH:MM". A close at or before the open runs past
 * midnight into the next day (18:00–02:00); "24:00" closes at the end of the day.
 */
export type BusinessHours = (DayHours | null)[];
/** One day's hours (`dayHours` in ./business-hours.ts parses to exactly this; a test keeps them equal). */
export interface DayHours {
  open: string;
  close: string;
}

export const WEEKDAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"] as const;
export const WEEKDAY_NAMES = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"] as const;

export const HOURS_MESSAGES = {
  timeFormat: "Times are written as HH:MM (00:00 to 24:00)",
  sameTimes: "Opening and closing times must differ",
  sevenDays: "Give the hours of all 7 days, Monday first",
  timeZone: "Choose a valid time zone",
} as const;

/**
 * The canonical spelling of an IANA time zone name this runtime knows (Intl is the judge), or null. Offsets
 * ("+01:00") are refused: PostgreSQL reads them with the POSIX sign, the opposite of ISO, so the openNow filter
 * and isOpenNow could disagree.
 */
export function canonicalTimeZone(name: string): string | null {
  if (name.length === 0 || name.length > 64 || !/^[A-Za-z][A-Za-z0-9_/+-]*$/.test(name)) return null;
  try {
    return new Intl.DateTimeFormat("en-US", { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

export function isValidTimeZone(name: string): boolean {
  return canonicalTimeZone(name) !== null;
}

/** Local weekday (0 = Monday) and minute of the day of `at` in `zone`. */
export function localClock(at: Date, zone: string): { weekday: number; minutes: number } {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone: zone,
    weekday: "short",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  const weekday = WEEKDAYS.indexOf(part("weekday") as (typeof WEEKDAYS)[number]);
  return { weekday: Math.max(weekday, 0), minutes: Number(part("hour")) * 60 + Number(part("minute")) };
}

function toMinutes(time: string): number {
  const [hours, minutes] = time.split(":");
  return Number(hours) * 60 + Number(minutes);
}

/** Whether the day runs past midnight (its close is at or before its open). */
function isOvernight(day: DayHours): boolean {
  return toMinutes(day.close) <= toMinutes(day.open);
}

/** The open/closed state at `at`, and when it changes: `until` (closing time) or `opensAt` (next opening). */
export interface OpenStatus {
  isOpen: boolean;
  /** Local closing time ("HH:MM") while open. */
  until: string | null;
  /**
   * Next opening while closed: weekday index (0 = Monday), local time, and in how many days (0 = later today, 7 =
   * the same weekday next week). Null when it never opens.
   */
  opensAt: { weekday: number; time: string; inDays: number } | null;
}

export function openStatus(hours: BusinessHours | null, zone: string, at: Date): OpenStatus {
  if (hours?.length !== 7) return { isOpen: false, until: null, opensAt: null };
  const { weekday, minutes } = localClock(at, zone);
  const today = hours[weekday] ?? null;
  const yesterday = hours[(weekday + 6) % 7] ?? null;
  if (yesterday && isOvernight(yesterday) && minutes < toMinutes(yesterday.close)) {
    return { isOpen: true, until: yesterday.close, opensAt: null };
  }
  if (today && minutes >= toMinutes(today.open) && (isOvernight(today) || minutes < toMinutes(today.close))) {
    return { isOpen: true, until: today.close === "24:00" ? "00:00" : today.close, opensAt: null };
  }
  if (today && minutes < toMinutes(today.open)) {
    return { isOpen: false, until: null, opensAt: { weekday, time: today.open, inDays: 0 } };
  }
  for (let step = 1; step <= 7; step += 1) {
    const day = (weekday + step) % 7;
    const entry = hours[day];
    if (entry) return { isOpen: false, until: null, opensAt: { weekday: day, time: entry.open, inDays: step } };
  }
  return { isOpen: false, until: null, opensAt: null };
}

/** "Open now · until 18:00" / "Closed · opens Mon 08:00" / "Closed · opens 08:00" (later today). */
export function openStatusLabel(status: OpenStatus): string {
  if (status.isOpen) return status.until ? `Open now · until ${status.until}` : "Open now";
  if (!status.opensAt) return "Closed";
  const day = status.opensAt.inDays === 0 ? "" : `${WEEKDAYS[status.opensAt.weekday]} `;
  return `Closed · opens ${day}${status.opensAt.time}`;
}

/** The zone a browser runs in, or UTC. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
  } catch {
    return "UTC";
  }
}
