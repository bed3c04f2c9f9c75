import { z } from "zod";

export const DISCOUNT_TYPES = ["percentage", "fixed", "freeItem"] as const;
export const discountType = z.enum(DISCOUNT_TYPES);
export type DiscountType = z.infer<typeof discountType>;

/** Upper bounds (docs/PRODUCT.md "Fidelity fixes": every number in a body has one): a fixed discount in dollars, a cap. */
export const COUPON_DISCOUNT_VALUE_MAX = 10_000;
export const COUPON_MAX_REDEMPTIONS_MAX = 1_000_000;

const couponDiscountValue = z
  .number("Discount value is required")
  .min(0, "Discount value must be at least 0")
  .max(COUPON_DISCOUNT_VALUE_MAX, "Discount value must be at most 10,000");
const couponMaxRedemptions = z
  .number("Max redemptions must be a whole number")
  .int("Max redemptions must be a whole number")
  .min(1, "Max redemptions must be at least 1")
  .max(COUPON_MAX_REDEMPTIONS_MAX, "Max redemptions must be at most 1,000,000");

/** POST /api/coupons (docs/PRODUCT.md §5 "Businesses and coupons"). */
export const createCouponBody = z
  .object({
    businessId: z.uuid("Invalid business"),
    title: z.string("Title is required").trim().min(1, "Title is required").max(120, "Title too long"),
    description: z.string().trim().max(1000).optional().default(""),
    code: z.string().trim().max(40).optional(),
    discountType: discountType.default("percentage"),
    discountValue: couponDiscountValue,
    maxRedemptions: couponMaxRedemptions.nullable().default(null),
    expiresAt: z.iso.datetime({ offset: true }).nullable().default(null),
    /** Makes it a perk for this partner creator's active subscribers (docs/PRODUCT.md "Partnerships"). */
    partnerCreatorId: z.uuid("Invalid partner creator").nullable().default(null),
  })
  .refine((body) => body.discountType !== "percentage" || body.discountValue <= 100, {
    path: ["discountValue"],
    message: "A percentage discount is at most 100",
  });

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
      return `$${coupon.discountValue.toFixed(2)} off`;
    case "freeItem":
      return "Free item";
  }
}

/** PATCH /api/coupons/{id}: every field of the create form, plus switching the coupon on or off. */
export const updateCouponBody = z
  .object({
    title: z.string().trim().min(1, "Title is required").max(120, "Title too long"),
    description: z.string().trim().max(1000),
    code: z.string().trim().min(1).max(40),
    discountType,
    discountValue: couponDiscountValue,
    maxRedemptions: couponMaxRedemptions.nullable(),
    expiresAt: z.iso.datetime({ offset: true }).nullable(),
    isActive: z.boolean(),
  })
  .partial()
  .strict()
  .refine(
    (body) => body.discountType !== "percentage" || body.discountValue === undefined || body.discountValue <= 100,
    { path: ["discountValue"], message: "A percentage discount is at most 100" },
  );
export type UpdateCouponBody = z.infer<typeof updateCouponBody>;
export type CreateCouponBody = z.infer<typeof createCouponBody>;
export type CreateCouponInput = z.input<typeof createCouponBody>;

export const couponIdParams = z.object({ id: z.uuid("Invalid coupon id") });

export const couponView = z.object({
  id: z.uuid(),
  businessId: z.uuid(),
  businessName: z.string().optional(),
  /**
   * The coupon's code; null on a perk for a viewer who may not redeem it (not an active subscriber of its creator,
   * nor its business's owner): they see its title, business and "For {creator}'s subscribers" (perkForText).
   */
  code: z.string().nullable(),
  title: z.string(),
  description: z.string(),
  discountType,
  discountValue: z.number(),
  expiresAt: z.string().nullable(),
  maxRedemptions: z.number().int().nullable(),
  currentRedemptions: z.number().int(),
  isActive: z.boolean(),
  createdAt: z.string(),
  /** A perk's partner creator (docs/PRODUCT.md "Partnerships"): only their active subscribers may redeem it. */
  partnerCreatorId: z.uuid().nullable(),
  /** The partner creator's display name ("for subscribers of …"), null when not a perk. */
  partnerCreatorName: z.string().nullable(),
  /** Whether the signed-in viewer can redeem it now (docs/PRODUCT.md "Local discovery"). */
  canRedeem: z.boolean(),
  /** Why not, in the words a refused redemption would use; null when canRedeem. */
  redeemBlockedReason: z.string().nullable(),
});
export type CouponView = z.infer<typeof couponView>;

/** One page of coupons: a JSON array; the next page's cursor travels in the X-Next-Cursor header. */
export const couponPage = z.array(couponView);

/** A redemption: the personal one-time code the customer shows at the till. */
export const redemptionView = z.object({
  id: z.uuid(),
  couponId: z.uuid(),
  /**
   * Who redeemed, with `user` (the owner's list): never on a perk's redemptions shown to the business, whose
   * redeemers are all subscribers of the partner creator (docs/PRODUCT.md "Closing the outside review").
   */
  userId: z.uuid().optional(),
  code: z.string(),
  redeemedAt: z.string(),
  usedAt: z.string().nullable(),
  couponTitle: z.string().optional(),
  businessName: z.string().optional(),
  businessId: z.uuid().optional(),
  /** When the coupon stops being honoured (null: never). */
  expiresAt: z.string().nullable().optional(),
  /** On the customer's own list: ready to show at the till, used there, or past the coupon's end date. */
  state: z.enum(["ready", "used", "expired"]).optional(),
  user: z
    .object({
      id: z.uuid(),
      username: z.string(),
      firstName: z.string().nullable(),
      lastName: z.string().nullable(),
    })
    .optional(),
});
export type RedemptionView = z.infer<typeof redemptionView>;

/** One page of redemptions: a JSON array; the next page's cursor travels in the X-Next-Cursor header. */
export const redemptionPage = z.array(redemptionView);

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

export const MY_COUPONS_TEXTS = {
  title: "My coupons",
  empty: "No coupons yet",
  emptyHint: "Check in at a business, then redeem one of its coupons: your code shows up here.",
  showCode: "Show this code at the till",
} as const;

export const markUsedBody = z.object({
  code: z.string("Enter the customer's code").trim().min(1, "Enter the customer's code").max(40).toUpperCase(),
});
export type MarkUsedBody = z.infer<typeof markUsedBody>;

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
