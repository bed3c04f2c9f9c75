import { describe, expect, test } from "vitest";
import { eventTimes, formatEventRange, instantToLocal, localToInstant, zoneOffset } from "./event-time";

describe("localToInstant: a datetime-local value read in the event's zone", () => {
  test("reads the wall clock of the chosen zone, not the browser's", () => {
    expect(localToInstant("2026-07-01T19:00", "Europe/Lisbon")).toBe("2026-07-01T18:00:00.000Z");
    expect(localToInstant("2026-01-15T19:00", "Europe/Lisbon")).toBe("2026-01-15T19:00:00.000Z");
    expect(localToInstant("2026-07-01T19:00", "America/New_York")).toBe("2026-07-01T23:00:00.000Z");
    expect(localToInstant("2026-07-01T19:00", "Asia/Kolkata")).toBe("2026-07-01T13:30:00.000Z");
    expect(localToInstant("2026-07-01T00:30", "Pacific/Auckland")).toBe("2026-06-30T12:30:00.000Z");
  });

  test("around daylight-saving changes", () => {
    // Berlin springs forward on 29 March 2026 at 02:00 → 03:00: the day's 10:00 is summer time.
    expect(localToInstant("2026-03-29T10:00", "Europe/Berlin")).toBe("2026-03-29T08:00:00.000Z");
    expect(localToInstant("2026-03-29T01:30", "Europe/Berlin")).toBe("2026-03-29T00:30:00.000Z");
    // 02:30 does not exist that night: it moves on by the gap, to 03:30 summer time.
    expect(localToInstant("2026-03-29T02:30", "Europe/Berlin")).toBe("2026-03-29T01:30:00.000Z");
    // 25 October 2026, 02:30 happens twice in Berlin: the first one (summer time).
    expect(localToInstant("2026-10-25T02:30", "Europe/Berlin")).toBe("2026-10-25T00:30:00.000Z");
    // New York: 8 March 2026 springs forward; 9:00 that day is EDT (UTC-4).
    expect(localToInstant("2026-03-08T09:00", "America/New_York")).toBe("2026-03-08T13:00:00.000Z");
  });

  test("refuses what is not a date and time", () => {
    expect(localToInstant("", "Europe/Berlin")).toBeNull();
    expect(localToInstant("2026-07-01", "Europe/Berlin")).toBeNull();
  });

  test("instantToLocal gives the same wall clock back", () => {
    for (const [value, zone] of [
      ["2026-03-29T10:00", "Europe/Berlin"],
      ["2026-11-01T01:15", "America/Los_Angeles"],
      ["2026-12-31T23:45", "Asia/Tokyo"],
    ] as const) {
      const instant = localToInstant(value, zone);
      expect(instant).not.toBeNull();
      expect(instantToLocal(instant as string, zone)).toBe(value);
    }
  });

  test("zoneOffset", () => {
    expect(zoneOffset(Date.parse("2026-07-01T12:00:00Z"), "Europe/Berlin")).toBe(2 * 3_600_000);
    expect(zoneOffset(Date.parse("2026-01-01T12:00:00Z"), "America/New_York")).toBe(-5 * 3_600_000);
  });
});

describe("eventTimes: the event's zone, and the viewer's beside it when they differ", () => {
  const event = { startsAt: "2026-07-01T18:00:00.000Z", endsAt: "2026-07-01T20:00:00.000Z", timeZone: "Europe/Lisbon" };

  test("writes the time on the event's clock with the zone named", () => {
    expect(formatEventRange(event.startsAt, event.endsAt, event.timeZone, "en-US")).toMatch(
      /^Wed, Jul 1, 7:00\s*–\s*9:00\sPM GMT\+1$/,
    );
  });

  test("plain spaces only, as the browser writes them (the server's ICU uses thin and narrow ones)", () => {
    expect(formatEventRange(event.startsAt, event.endsAt, event.timeZone, "en-US")).not.toMatch(/[\u2009\u202f\u00a0]/);
  });

  test("no second time for a viewer in the same zone or on the same clock", () => {
    expect(eventTimes(event, "Europe/Lisbon", "en-US").viewerTime).toBeNull();
    // London keeps the same clock as Lisbon all year.
    expect(eventTimes(event, "Europe/London", "en-US").viewerTime).toBeNull();
    expect(eventTimes(event, null, "en-US").viewerTime).toBeNull();
  });

  test("the viewer's own time when their clock differs", () => {
    const times = eventTimes(event, "America/New_York", "en-US");
    expect(times.eventTime).toMatch(/7:00\s*–\s*9:00\sPM GMT\+1/);
    expect(times.viewerTime).toMatch(/^Wed, Jul 1, 2:00\s*–\s*4:00\sPM EDT$/);
  });
});
