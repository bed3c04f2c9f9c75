import { describe, expect, it } from "vitest";
import { type BusinessHours, businessHours, openStatus, openStatusLabel } from "./business-hours";

const closedAllWeek: BusinessHours = [null, null, null, null, null, null, null];
const week = (day: BusinessHours[number], index: number): BusinessHours =>
  closedAllWeek.map((entry, position) => (position === index ? day : entry));

describe("openStatus", () => {
  it("reads the local clock of the zone, and the label names the change", () => {
    // Monday 2026-06-01 07:30 UTC = 09:30 in Paris.
    const monday = week({ open: "09:00", close: "18:00" }, 0);
    const at = new Date("2026-06-01T07:30:00Z");
    const status = openStatus(monday, "Europe/Paris", at);
    expect(status).toEqual({ isOpen: true, until: "18:00", opensAt: null });
    expect(openStatusLabel(status)).toBe("Open now · until 18:00");
    const early = openStatus(monday, "Europe/Paris", new Date("2026-06-01T05:00:00Z"));
    expect(openStatusLabel(early)).toBe("Closed · opens 09:00");
    const after = openStatus(monday, "Europe/Paris", new Date("2026-06-01T17:00:00Z"));
    expect(openStatusLabel(after)).toBe("Closed · opens Mon 09:00");
    expect(openStatusLabel(openStatus(closedAllWeek, "UTC", at))).toBe("Closed");
    expect(openStatus(null, "UTC", at).isOpen).toBe(false);
  });

  it("runs overnight hours past midnight into the next day, and 24:00 to the end of the day", () => {
    const saturdayNight = week({ open: "18:00", close: "02:00" }, 5);
    // Sunday 2026-06-07 01:59 and 02:00 in UTC.
    expect(openStatus(saturdayNight, "UTC", new Date("2026-06-07T01:59:00Z"))).toMatchObject({
      isOpen: true,
      until: "02:00",
    });
    expect(openStatus(saturdayNight, "UTC", new Date("2026-06-07T02:00:00Z")).isOpen).toBe(false);
    expect(openStatus(saturdayNight, "UTC", new Date("2026-06-06T23:00:00Z")).isOpen).toBe(true);
    const lateMonday = week({ open: "20:00", close: "24:00" }, 0);
    expect(openStatus(lateMonday, "UTC", new Date("2026-06-01T23:59:00Z"))).toMatchObject({
      isOpen: true,
      until: "00:00",
    });
    expect(openStatus(lateMonday, "UTC", new Date("2026-06-02T00:00:00Z")).isOpen).toBe(false);
  });
});

describe("businessHours", () => {
  it("takes seven days of HH:MM pairs or null, nothing else", () => {
    expect(businessHours.safeParse(week({ open: "08:00", close: "18:00" }, 2)).success).toBe(true);
    expect(businessHours.safeParse(closedAllWeek.slice(0, 6)).success).toBe(false);
    expect(businessHours.safeParse(week({ open: "24:00", close: "02:00" }, 0)).success).toBe(false);
    expect(businessHours.safeParse(week({ open: "8:00", close: "18:00" }, 0)).success).toBe(false);
    expect(businessHours.safeParse(week({ open: "08:00", close: "08:00" }, 0)).success).toBe(false);
  });
});
