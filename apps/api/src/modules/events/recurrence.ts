import { RRuleTemporal } from "rrule-temporal";
import { localStamp } from "./time-zones";

/** A rule as stored and sent: upper case, without the "RRULE:" prefix. */
export function normalizeRule(rule: string): string {
  return rule.replace(/^RRULE:/i, "").toUpperCase();
}

/**
 * The starts of a series: the RRULE expanded from `startsAt` in the event's own zone, so a weekly 19:00 stays at
 * 19:00 local across a daylight-saving change (docs/decisions/0010-events-recurrence.md). The limits (COUNT ≤ 52,
 * UNTIL within a year) are checked before, by the contract's `recurrenceProblem`.
 */
export function expandOccurrences(rule: string, startsAt: Date, timeZone: string): Date[] {
  const expanded = new RRuleTemporal({
    rruleString: `DTSTART;TZID=${timeZone}:${localStamp(startsAt, timeZone)}\nRRULE:${normalizeRule(rule)}`,
  });
  return expanded.all().map((start) => new Date(start.epochMilliseconds));
}

/** The rule of the part of a series that starts at one of its occurrences and has `count` of them. */
export function ruleWithCount(rule: string, count: number): string {
  const kept = normalizeRule(rule)
    .split(";")
    .filter((part) => !part.startsWith("COUNT=") && !part.startsWith("UNTIL="));
  return [...kept, `COUNT=${count}`].join(";");
}
