import { z } from "zod";
import { COUPON_DISCOUNT_VALUE_MAX, COUPON_MAX_REDEMPTIONS_MAX, DISCOUNT_TYPES } from "./coupons.texts";

export * from "./coupons.texts";

export const discountType = z.enum(DISCOUNT_TYPES);

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
  /**
   * Redemptions so far. On a perk: only those of completed weeks with at least 5 (PERK_WEEK_MIN_REDEMPTIONS), so
   * the number never moves when somebody redeems and cannot be matched with the named check-ins.
   */
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
  /**
   * The signed-in viewer's own redemption of it: the one-time code they show at the till (which stands in for the
   * coupon's code once redeemed), when they redeemed it and when the till marked it used; null when they have not.
   */
  viewerRedemption: z.object({ code: z.string(), redeemedAt: z.string(), usedAt: z.string().nullable() }).nullable(),
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
  /** When it was redeemed: an ISO instant, or only its day (YYYY-MM-DD, UTC) when timePrecision is "day". */
  redeemedAt: z.string(),
  /** When it was used at the till (same precision as redeemedAt); null while not used. */
  usedAt: z.string().nullable(),
  /**
   * "day" on a perk's redemptions shown to its business: the times are days only, so they cannot be matched with
   * the named check-ins to tell who redeemed (docs/PRODUCT.md "Closing the outside review"). Absent: exact instants.
   */
  timePrecision: z.literal("day").optional(),
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

/**
 * GET /api/coupons/{id}/redemption-weeks (owner): the last PERK_REPORT_WEEKS completed weeks, newest first, each with
 * its count from 5 on, else null ("fewer than 5", zero included). A perk's redemptions are reported only this way.
 */
export const redemptionWeeksView = z.array(
  z.object({
    /** The week's Monday, YYYY-MM-DD (UTC). */
    weekStart: z.string(),
    redemptions: z.number().int().nullable(),
  }),
);
export type RedemptionWeeksView = z.infer<typeof redemptionWeeksView>;

/** One page of redemptions: a JSON array; the next page's cursor travels in the X-Next-Cursor header. */
export const redemptionPage = z.array(redemptionView);

export const markUsedBody = z.object({
  code: z.string("Enter the customer's code").trim().min(1, "Enter the customer's code").max(40).toUpperCase(),
});
export type MarkUsedBody = z.infer<typeof markUsedBody>;
