import { openStatusLabel, WEEKDAY_NAMES, WEEKDAYS } from "@plaza/contracts/business-hours.texts";
import {
  BUSINESS_CATEGORIES,
  BUSINESS_CATEGORY_LABELS,
  BUSINESS_SORT_LABELS,
  BUSINESS_SORTS,
  BUSINESS_TOASTS,
  friendPicksText,
  PRICE_RANGE_LABELS,
  PRICE_RANGES,
} from "@plaza/contracts/businesses.texts";
import { createIntl } from "react-intl";
import { describe, expect, it } from "vitest";
import spanish from "../../../i18n/catalogs/es/businesses.json";
import {
  CATEGORY_MESSAGES,
  formatDayHours,
  friendPicksMessage,
  openStatusParts,
  PRICE_RANGE_MESSAGES,
  SORT_MESSAGES,
  TOAST_MESSAGES,
  TOAST_PHRASES,
  weekdayName,
} from "./business-texts";

const english = createIntl({ locale: "en", defaultLocale: "en" });
const es = createIntl({ locale: "es", defaultLocale: "en", messages: spanish });

function joined(parts: { state: string; rest: string | null }): string {
  return parts.rest ? `${parts.state} · ${parts.rest}` : parts.state;
}

describe("the business screens' own messages (issue 49)", () => {
  it("say in English exactly what the contract's texts say", () => {
    for (const key of BUSINESS_CATEGORIES) {
      expect(english.formatMessage(CATEGORY_MESSAGES[key])).toBe(BUSINESS_CATEGORY_LABELS[key]);
    }
    for (const key of PRICE_RANGES)
      expect(english.formatMessage(PRICE_RANGE_MESSAGES[key])).toBe(PRICE_RANGE_LABELS[key]);
    for (const key of BUSINESS_SORTS) expect(english.formatMessage(SORT_MESSAGES[key])).toBe(BUSINESS_SORT_LABELS[key]);
    expect(english.formatMessage(TOAST_MESSAGES.created)).toBe(BUSINESS_TOASTS.created.description);
    expect(english.formatMessage(TOAST_MESSAGES.unpublishedWarning)).toBe(BUSINESS_TOASTS.unpublishedWarning);
    expect(english.formatMessage(TOAST_PHRASES.couponUnlocked, { title: "10% off" })).toBe(
      BUSINESS_TOASTS.couponUnlocked("10% off"),
    );
    WEEKDAY_NAMES.forEach((name, index) => {
      expect(weekdayName(english, index)).toBe(name);
      expect(weekdayName(english, index, "short")).toBe(WEEKDAYS[index]);
    });
  });

  it("write the open status and the hours as before in English, in the business's own times", () => {
    const statuses = [
      { isOpen: true, until: "18:00", opensAt: null },
      { isOpen: true, until: null, opensAt: null },
      { isOpen: false, until: null, opensAt: null },
      { isOpen: false, until: null, opensAt: { weekday: 0, time: "08:00", inDays: 1 } },
      { isOpen: false, until: null, opensAt: { weekday: 3, time: "09:30", inDays: 0 } },
    ];
    for (const status of statuses) expect(joined(openStatusParts(english, status))).toBe(openStatusLabel(status));
    expect(formatDayHours(english, { open: "09:00", close: "17:00" })).toBe("09:00–17:00");
    expect(formatDayHours(english, { open: "18:00", close: "02:00" })).toBe("18:00–02:00");
    expect(formatDayHours(english, { open: "08:00", close: "24:00" })).toBe("08:00–24:00");
    expect(joined(openStatusParts(es, statuses[3] as (typeof statuses)[number]))).toBe(
      "Cerrado · abre el lun a las 08:00",
    );
  });

  it("explain a friends' pick as the contract does in English, and in Spanish", () => {
    const picks = [
      { count: 1, reviews: 0, names: ["Jess"] },
      { count: 3, reviews: 0, names: ["Jess"] },
      { count: 2, reviews: 2, names: ["Jess"] },
      { count: 2, reviews: 0, names: [] },
      { count: 1, reviews: 1, names: [] },
    ];
    for (const pick of picks) expect(friendPicksMessage(english, pick)).toBe(friendPicksText(pick));
    expect(friendPicksMessage(es, { count: 3, reviews: 0, names: ["Jess"] })).toBe("Jess y 2 amigos hicieron check-in");
  });
});
