import { describe, expect, it } from "vitest";
import { formatTimeAgo } from "./time-ago";

describe("formatTimeAgo", () => {
  const now = new Date("2026-06-01T12:00:00Z");
  const before = (milliseconds: number) => new Date(now.getTime() - milliseconds).toISOString();

  it("reads as 'x ago'", () => {
    expect(formatTimeAgo(before(10_000), now)).toBe("less than a minute ago");
    expect(formatTimeAgo(before(60_000), now)).toBe("1 minute ago");
    expect(formatTimeAgo(before(5 * 60_000), now)).toBe("5 minutes ago");
    expect(formatTimeAgo(before(2 * 3_600_000), now)).toBe("about 2 hours ago");
    expect(formatTimeAgo(before(3 * 86_400_000), now)).toBe("3 days ago");
    expect(formatTimeAgo(before(400 * 86_400_000), now)).toBe("about 1 year ago");
  });

  it("never shows a time in the future", () => {
    expect(formatTimeAgo(before(-5_000), now)).toBe("less than a minute ago");
  });
});
