import { describe, expect, it } from "vitest";
import { formatTimeAgo } from "./format-time-ago";

describe("formatTimeAgo", () => {
  const now = new Date("2026-06-01T12:00:00Z");
  const ago = (seconds: number) => formatTimeAgo(new Date(now.getTime() - seconds * 1000).toISOString(), now);

  it("says 'x ago' in the largest whole unit", () => {
    expect(ago(5)).toBe("just now");
    expect(ago(60)).toBe("1 minute ago");
    expect(ago(150)).toBe("2 minutes ago");
    expect(ago(3 * 3600)).toBe("3 hours ago");
    expect(ago(24 * 3600)).toBe("1 day ago");
    expect(ago(15 * 24 * 3600)).toBe("2 weeks ago");
    expect(ago(400 * 24 * 3600)).toBe("1 year ago");
  });

  it("treats times in the future as now", () => {
    expect(ago(-30)).toBe("just now");
  });
});
