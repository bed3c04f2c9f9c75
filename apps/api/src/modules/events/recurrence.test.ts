import { describe, expect, it } from "vitest";
import { expandOccurrences, ruleWithCount } from "./recurrence";
import { localStamp, offsetSpans } from "./time-zones";

describe("expandOccurrences", () => {
  it("keeps the local time of a weekly event across the spring change (New York, 8 March 2026)", () => {
    const starts = expandOccurrences("FREQ=WEEKLY;COUNT=3", new Date("2026-03-02T00:00:00Z"), "America/New_York");
    expect(starts.map((start) => start.toISOString())).toEqual([
      "2026-03-02T00:00:00.000Z",
      "2026-03-08T23:00:00.000Z",
      "2026-03-15T23:00:00.000Z",
    ]);
    expect(starts.map((start) => localStamp(start, "America/New_York"))).toEqual([
      "20260301T190000",
      "20260308T190000",
      "20260315T190000",
    ]);
  });

  it("keeps it across the autumn change too (Paris, 25 October 2026), monthly and until a date", () => {
    const starts = expandOccurrences(
      "RRULE:FREQ=MONTHLY;UNTIL=20261201T000000Z",
      new Date("2026-09-15T17:00:00Z"),
      "Europe/Paris",
    );
    expect(starts.map((start) => localStamp(start, "Europe/Paris"))).toEqual([
      "20260915T190000",
      "20261015T190000",
      "20261115T190000",
    ]);
  });

  it("rewrites a rule for the rest of a split series", () => {
    expect(ruleWithCount("freq=weekly;until=20261201;byday=tu", 4)).toBe("FREQ=WEEKLY;BYDAY=TU;COUNT=4");
  });
});

describe("offsetSpans", () => {
  it("finds both changes of a year to the minute", () => {
    const spans = offsetSpans("Europe/Paris", new Date("2026-01-01T00:00:00Z"), new Date("2027-01-01T00:00:00Z"));
    expect(spans.map((span) => [span.at.toISOString(), span.previous, span.offset])).toEqual([
      ["2026-01-01T00:00:00.000Z", 60, 60],
      ["2026-03-29T01:00:00.000Z", 60, 120],
      ["2026-10-25T01:00:00.000Z", 120, 60],
    ]);
  });
});
