// Texts, constants and pure rules of coupons: no zod, so the web app's first screen can import them without
// evaluating schemas. The schemas are in ./coupons.ts, which re-exports all of this.
import { formatDollars } from "./money";

export const DISCOUNT_TYPES = ["percentage", "fixed", "freeItem"] as const;
export type DiscountType = (typeof DISCOUNT_TYPES)[number];

/** Upper bounds (docs/PRODUCT.md "Fidelity fixes": every number in a body has one): a fixed discount in dollars, a cap. */
export const COUPON_DISCOUNT_VALUE_MAX = 10_000;
export const COUPON_MAX_REDEMPTIONS_MAX = 1_000_000;

/** Coupon status shown on cards (docs/PRODUCT.md §4 "Coupons"). */
export type CouponStatus = "active" | "expired" | "soldOut" | "inactive";
export function couponStatus(
  coupon: { expiresAt: string | null; maxRedemptions: number | null; currentRedemptions: number; isActive: boolean },
  now: Date = new Date(),
): CouponStatus {
  if (coupon.expiresAt && new Date(coupon.expiresAt) < now) return "expired";
  if (coupon.maxRedemptions !== null && coupon.currentRedemptions >= coupon.maxRedemptions) return "soldOut";
  return coupon.isActive ? "active" : "inactive";
}

/** Messages of the coupon rules (docs/PRODUCT.md "Local discovery"). */
export const COUPON_MESSAGES = {
  couponNotFound: "Coupon not found",
  checkInRequired: "You need a verified check-in at this business in the last 24 hours to redeem this coupon",
  alreadyRedeemed: "You have already redeemed this coupon",
  soldOut: "This coupon is sold out",
  expired: "This coupon has expired",
  inactive: "This coupon is no longer active",
  redemptionNotFound: "No redemption with this code at your business",
  alreadyUsed: "This code has already been used",
  codeTaken: "This coupon code is already used by another coupon of your business",
  perkCountedPerWeek: "A perk's redemptions are counted per week, not listed one by one",
} as const;

export const REDEEM_CHECKIN_WINDOW_MS = 24 * 60 * 60 * 1000;

/** Why a viewer cannot redeem a coupon now: a key of COUPON_MESSAGES, or a perk's rule. */
export type RedeemBlock =
  | "alreadyRedeemed"
  | "expired"
  | "soldOut"
  | "inactive"
  | "checkInRequired"
  | "perkEnded"
  | "notSubscribed";

/** What the rule knows about a perk (a coupon with a partner creator) for one viewer. */
export interface PerkFacts {
  /** The partnership it belongs to is still accepted. */
  isLive: boolean;
  /** The viewer holds an active, renewing subscription to the partner creator right now. */
  isSubscribed: boolean;
}

/** The message of a refused redemption; a perk's names its creator. */
export function redeemBlockMessage(block: RedeemBlock, partnerCreatorName?: string | null): string {
  if (block === "notSubscribed") return `This perk is for subscribers of ${partnerCreatorName ?? "its creator"}`;
  if (block === "perkEnded") return "This perk is no longer available";
  return COUPON_MESSAGES[block];
}

/**
 * The one redemption rule, in the order the server checks it: a coupon already redeemed by the viewer, then a perk
 * whose partnership ended, the coupon's own state (expired, sold out, switched off), a perk's subscription to its
 * creator, then the verified check-in of the last 24 hours.
 * The server answers a refused redemption with it and sends it on every coupon as `redeemBlockedReason`, so a card
 * can say why before anyone presses Redeem. Null when the viewer can redeem.
 */
export function redeemBlock(
  coupon: { expiresAt: string | null; maxRedemptions: number | null; currentRedemptions: number; isActive: boolean },
  viewer: { hasRedeemed: boolean; hasRecentCheckIn: boolean },
  now: Date = new Date(),
  perk: PerkFacts | null = null,
): RedeemBlock | null {
  if (viewer.hasRedeemed) return "alreadyRedeemed";
  if (perk && !perk.isLive) return "perkEnded";
  const status = couponStatus(coupon, now);
  if (status !== "active") return status;
  if (perk && !perk.isSubscribed) return "notSubscribed";
  return viewer.hasRecentCheckIn ? null : "checkInRequired";
}

export const COUPON_STATUS_LABELS: Record<CouponStatus, string> = {
  active: "Active",
  expired: "Expired",
  soldOut: "Sold Out",
  inactive: "Inactive",
};

export const DISCOUNT_TYPE_LABELS: Record<DiscountType, string> = {
  percentage: "Percentage off",
  fixed: "Fixed amount off",
  freeItem: "Free item",
};

/** "20% off", "$5.00 off", "Free item" — how a discount reads on cards. */
export function discountText(coupon: { discountType: DiscountType; discountValue: number }): string {
  switch (coupon.discountType) {
    case "percentage":
      return `${coupon.discountValue}% off`;
    case "fixed":
      return `${formatDollars(coupon.discountValue)} off`;
    case "freeItem":
      return "Free item";
  }
}

export const REDEMPTION_STATES = ["ready", "used", "expired"] as const;
export type RedemptionState = (typeof REDEMPTION_STATES)[number];
export const REDEMPTION_STATE_LABELS: Record<RedemptionState, string> = {
  ready: "Ready to use",
  used: "Used",
  expired: "Expired",
};

/** Used wins over expired: a code used before the end date stays "used". */
export function redemptionState(redemption: { usedAt: string | Date | null }, expiresAt: Date | null, now: Date) {
  if (redemption.usedAt) return "used" as const;
  if (expiresAt && expiresAt.getTime() <= now.getTime()) return "expired" as const;
  return "ready" as const;
}

/**
 * A perk's redemptions as its business learns of them: counts per completed week (Monday 00:00 UTC to the next),
 * shown only when the week had at least this many; the running week is never counted, so no number moves at the
 * moment somebody redeems (docs/decisions/0006-check-ins-coupons-perks.md).
 */
export const PERK_WEEK_MIN_REDEMPTIONS = 5;
/** How many completed weeks the business's perk report lists, newest first (fixed, so the list says nothing). */
export const PERK_REPORT_WEEKS = 12;
export const PERK_WEEK_FEWER_TEXT = "fewer than 5";
export const PERK_REPORT_TEXTS = {
  title: "Redemptions per week",
  hint: "A perk's redemptions are counted per finished week (Monday to Sunday, UTC), shown from 5 on, so nobody can be told apart.",
  redeemedCounted: "Redeemed (counted weeks)",
} as const;

/** The Monday (00:00 UTC) of the week an instant falls in. */
export function startOfUtcWeek(at: Date): Date {
  const day = Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate());
  const sinceMonday = (new Date(day).getUTCDay() + 6) % 7;
  return new Date(day - sinceMonday * 24 * 60 * 60 * 1000);
}

/** A completed week's count as the business may see it: the number from 5 on, else null ("fewer than 5", zero too). */
export function shownPerkWeekCount(redemptions: number): number | null {
  return redemptions >= PERK_WEEK_MIN_REDEMPTIONS ? redemptions : null;
}

/** "Week of Dec 7, 2026" for a week's Monday (YYYY-MM-DD, UTC). */
export function perkWeekText(weekStart: string): string {
  const date = new Date(`${weekStart}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return weekStart;
  return `Week of ${date.toLocaleDateString("en-US", { timeZone: "UTC", month: "short", day: "numeric", year: "numeric" })}`;
}

export const MY_COUPONS_TEXTS = {
  title: "My coupons",
  empty: "No coupons yet",
  emptyHint: "Check in at a business, then redeem one of its coupons: your code shows up here.",
  showCode: "Show this code at the till",
} as const;

/** Toast texts of the coupon screens (docs/PRODUCT.md §8). */
export const COUPON_TOASTS = {
  created: "Coupon created successfully!",
  createFailed: "Failed to create coupon. Please try again.",
  updated: "Coupon updated successfully!",
  updateFailed: "Failed to update coupon. Please try again.",
  deleted: "Coupon deleted",
  deleteFailed: "Failed to delete coupon. Please try again.",
  copied: { title: "Copied!", description: "Coupon code copied to clipboard" },
  redeemed: "Coupon redeemed! Show your code at the till.",
  redeemFailed: "Failed to redeem coupon. Please try again.",
  markedUsed: "Code marked as used",
} as const;
