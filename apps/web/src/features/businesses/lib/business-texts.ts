import type { OpenStatus } from "@plaza/contracts/business-hours.texts";
import type { BusinessCategory, BusinessSort } from "@plaza/contracts/businesses.texts";
import { PRICE_RANGES } from "@plaza/contracts/businesses.texts";
import { defineMessages, type IntlShape, type MessageDescriptor, type NoMessageValues } from "react-intl";

/**
 * The web's own messages for the contract's label maps that the business screens show (the same English as
 * packages/contracts/src/businesses.texts.ts and business-hours.texts.ts), so that they read in the viewer's language.
 */
export const CATEGORY_MESSAGES: Record<BusinessCategory, MessageDescriptor> = defineMessages({
  restaurant: { id: "businesses.category.restaurant", defaultMessage: "Restaurant" },
  cafe: { id: "businesses.category.cafe", defaultMessage: "Cafe" },
  retail: { id: "businesses.category.retail", defaultMessage: "Retail" },
  fitness: { id: "businesses.category.fitness", defaultMessage: "Fitness" },
  beauty: { id: "businesses.category.beauty", defaultMessage: "Beauty & Wellness" },
  entertainment: { id: "businesses.category.entertainment", defaultMessage: "Entertainment" },
  services: { id: "businesses.category.services", defaultMessage: "Services" },
});

export const PRICE_RANGE_MESSAGES: Record<(typeof PRICE_RANGES)[number], MessageDescriptor> = defineMessages({
  $: { id: "businesses.priceRange.budget", defaultMessage: "Budget friendly" },
  $$: { id: "businesses.priceRange.moderate", defaultMessage: "Moderate" },
  $$$: { id: "businesses.priceRange.expensive", defaultMessage: "Expensive" },
  $$$$: { id: "businesses.priceRange.veryExpensive", defaultMessage: "Very expensive" },
});

export const SORT_MESSAGES: Record<BusinessSort, MessageDescriptor> = defineMessages({
  distance: { id: "businesses.sort.distance", defaultMessage: "Nearest" },
  rating: { id: "businesses.sort.rating", defaultMessage: "Top rated" },
  friends: { id: "businesses.sort.friends", defaultMessage: "Friends' picks" },
  newest: { id: "businesses.sort.newest", defaultMessage: "Newest" },
});

export const TOAST_PHRASES = defineMessages<{ couponUnlocked: { title: string } }>({
  couponUnlocked: {
    id: "businesses.toast.couponUnlocked",
    defaultMessage: 'You unlocked "{title}": open the Coupons tab to redeem it.',
  },
});

export const TOAST_MESSAGES = defineMessages({
  success: { id: "businesses.toast.success", defaultMessage: "Success" },
  created: { id: "businesses.toast.created", defaultMessage: "Business profile created successfully!" },
  createFailed: {
    id: "businesses.toast.createFailed",
    defaultMessage: "Failed to create business profile. Please try again.",
  },
  published: { id: "businesses.toast.published", defaultMessage: "Business profile published successfully!" },
  publishFailed: {
    id: "businesses.toast.publishFailed",
    defaultMessage: "Failed to publish business. Please try again.",
  },
  updated: { id: "businesses.toast.updated", defaultMessage: "Business info updated successfully!" },
  updateFailed: {
    id: "businesses.toast.updateFailed",
    defaultMessage: "Failed to update business info. Please try again.",
  },
  checkedIn: { id: "businesses.toast.checkedIn", defaultMessage: "Checked in! Your visit is verified." },
  unpublishedWarning: {
    id: "businesses.dashboard.unpublishedWarning",
    defaultMessage:
      "Your business profile is not published yet. Create at least one coupon to make it visible to users.",
  },
  hoursMissingTitle: { id: "businesses.dashboard.hoursMissingTitle", defaultMessage: "Add your opening hours" },
  hoursMissing: {
    id: "businesses.dashboard.hoursMissing",
    defaultMessage:
      "Customers look for when you are open; without hours your page cannot say whether you are open now.",
  },
  hoursMissingAction: { id: "businesses.dashboard.hoursMissingAction", defaultMessage: "Add hours" },
});

const HOURS_MESSAGES = defineMessages<{
  range: { open: string; close: string };
  openNow: NoMessageValues;
  closed: NoMessageValues;
  until: { time: string };
  opensOn: { day: string; time: string };
  opensToday: { time: string };
}>({
  range: { id: "businesses.hours.range", defaultMessage: "{open}–{close}" },
  openNow: { id: "businesses.hours.openNow", defaultMessage: "Open now" },
  closed: { id: "businesses.hours.closed", defaultMessage: "Closed" },
  until: { id: "businesses.hours.until", defaultMessage: "until {time}" },
  opensOn: { id: "businesses.hours.opensOn", defaultMessage: "opens {day} {time}" },
  opensToday: { id: "businesses.hours.opensToday", defaultMessage: "opens {time}" },
});

/** A Monday (UTC): day `index` of a week that starts on Monday is this date plus `index` days. */
const A_MONDAY = Date.UTC(2024, 0, 1);

/** The name of weekday `index` (0 = Monday): "Monday" (long) or "Mon" (short), in the reader's language. */
export function weekdayName(intl: IntlShape, index: number, width: "long" | "short" = "long"): string {
  return intl.formatDate(A_MONDAY + index * 86_400_000, { weekday: width, timeZone: "UTC" });
}

/**
 * A local time of the business ("HH:MM", already in its own time zone, "24:00" for the end of the day) written
 * in the reader's language: "09:00" in English.
 */
export function formatLocalTime(intl: IntlShape, time: string): string {
  const [hours = 0, minutes = 0] = time.split(":").map(Number);
  const isEndOfDay = hours === 24;
  return intl.formatTime(Date.UTC(2024, 0, 1, isEndOfDay ? 0 : hours, minutes), {
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: isEndOfDay ? "h24" : "h23",
    timeZone: "UTC",
  });
}

/** "09:00–17:00": one day's hours in the business's own time zone. */
export function formatDayHours(intl: IntlShape, day: { open: string; close: string }): string {
  return intl.formatMessage(HOURS_MESSAGES.range, {
    open: formatLocalTime(intl, day.open),
    close: formatLocalTime(intl, day.close),
  });
}

export function closedText(intl: IntlShape): string {
  return intl.formatMessage(HOURS_MESSAGES.closed);
}

/**
 * The open status in two parts, as openStatusLabel of the contract writes it ("Open now · until 18:00",
 * "Closed · opens Mon 08:00", "Closed · opens 08:00"): the state and what follows the " · " (or null).
 */
export function openStatusParts(intl: IntlShape, status: OpenStatus): { state: string; rest: string | null } {
  if (status.isOpen) {
    return {
      state: intl.formatMessage(HOURS_MESSAGES.openNow),
      rest: status.until
        ? intl.formatMessage(HOURS_MESSAGES.until, { time: formatLocalTime(intl, status.until) })
        : null,
    };
  }
  const state = closedText(intl);
  if (!status.opensAt) return { state, rest: null };
  const time = formatLocalTime(intl, status.opensAt.time);
  return {
    state,
    rest:
      status.opensAt.inDays === 0
        ? intl.formatMessage(HOURS_MESSAGES.opensToday, { time })
        : intl.formatMessage(HOURS_MESSAGES.opensOn, { day: weekdayName(intl, status.opensAt.weekday, "short"), time }),
  };
}

/** "$$ · Moderate" for a known price range, else the range as the owner wrote it. */
export function priceRangeText(intl: IntlShape, range: string, separator = " · "): string {
  const known = PRICE_RANGES.find((item) => item === range);
  return known ? `${known}${separator}${intl.formatMessage(PRICE_RANGE_MESSAGES[known])}` : range;
}

const FRIEND_PICKS_MESSAGES = defineMessages<{
  countOnly: { count: number; reviewed: string };
  nameOnly: { name: string; reviewed: string };
  nameAndOthers: { name: string; others: number; reviewed: string };
}>({
  countOnly: {
    id: "businesses.friendPicks.countOnly",
    defaultMessage:
      "{count, plural, one {# friend} other {# friends}} {reviewed, select, yes {reviewed this place} other {checked in}}",
  },
  nameOnly: {
    id: "businesses.friendPicks.nameOnly",
    defaultMessage: "{name} {reviewed, select, yes {reviewed this place} other {checked in}}",
  },
  nameAndOthers: {
    id: "businesses.friendPicks.nameAndOthers",
    defaultMessage:
      "{name} and {others, plural, one {# friend} other {# friends}} {reviewed, select, yes {reviewed this place} other {checked in}}",
  },
});

/** "Jess checked in", "Jess and 2 friends checked in" (as friendPicksText of the contract, in the reader's language). */
export function friendPicksMessage(
  intl: IntlShape,
  picks: { count: number; reviews: number; names: readonly string[] },
): string {
  const [first] = picks.names;
  const others = picks.count - (first ? 1 : 0);
  const reviewed = picks.reviews > 0 && picks.reviews === picks.count ? "yes" : "no";
  if (!first) return intl.formatMessage(FRIEND_PICKS_MESSAGES.countOnly, { count: picks.count, reviewed });
  if (others === 0) return intl.formatMessage(FRIEND_PICKS_MESSAGES.nameOnly, { name: first, reviewed });
  return intl.formatMessage(FRIEND_PICKS_MESSAGES.nameAndOthers, { name: first, others, reviewed });
}
