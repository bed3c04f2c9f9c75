import { describe, expect, it } from "vitest";
import { fullDateTime, timeAgo } from "./time-ago";

describe("timeAgo", () => {
  const now = new Date("2026-06-01T12:00:00Z");
  it("reads as 'x ago'", () => {
    expect(timeAgo("2026-06-01T11:59:50Z", now)).toBe("just now");
    expect(timeAgo("2026-06-01T11:59:00Z", now)).toBe("1 minute ago");
    expect(timeAgo("2026-06-01T09:00:00Z", now)).toBe("3 hours ago");
    expect(timeAgo("2026-05-29T12:00:00Z", now)).toBe("3 days ago");
    expect(timeAgo("2025-05-01T12:00:00Z", now)).toBe("1 year ago");
  });

  it("words the count in the reader's locale", () => {
    const format = new Intl.RelativeTimeFormat(undefined, { numeric: "always" });
    expect(timeAgo("2026-06-01T10:00:00Z", now)).toBe(format.format(-2, "hour"));
  });
});

describe("fullDateTime", () => {
  it("spells out the whole moment for the hover title", () => {
    const text = fullDateTime("2026-06-01T12:00:00Z");
    expect(text).toContain("2026");
    expect(text).not.toContain("ago");
  });
});

describe("fullDateTime's shared formatter", () => {
  it("gives the same text as formatting each date on its own", () => {
    for (const iso of ["2026-06-01T12:00:00Z", "2025-12-31T23:59:00Z", "2026-02-14T07:05:00Z"]) {
      expect(fullDateTime(iso)).toBe(
        new Date(iso).toLocaleString(undefined, { dateStyle: "full", timeStyle: "short" }),
      );
    }
  });
});
