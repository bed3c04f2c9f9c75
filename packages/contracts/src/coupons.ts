import { z } from "zod";

export const DISCOUNT_TYPES = ["percentage", "fixed", "freeItem"] as const;
export const discountType = z.enum(DISCOUNT_TYPES);
export type DiscountType = z.infer<typeof discountType>;

/** POST /api/coupons (seed-spec §5 "Business and coupon forms"). */
export const createCouponBody = z
  .object({
    businessId: z.uuid("Invalid business"),
    title: z.string("Title is required").trim().min(1, "Title is required").max(120, "Title too long"),
    description: z.string().trim().max(1000).optional().default(""),
    code: z.string().trim().max(40).optional(),
    discountType: discountType.default("percentage"),
    discountValue: z.number("Discount value is required").min(0, "Discount value must be at least 0"),
    maxRedemptions: z.number().int("Max redemptions must be a whole number").min(1).nullable().default(null),
    expiresAt: z.iso.datetime({ offset: true }).nullable().default(null),
  })
  .refine((body) => body.discountType !== "percentage" || body.discountValue <= 100, {
    path: ["discountValue"],
    message: "A percentage discount is at most 100",
  });

/** Coupon status shown on cards (seed-spec §4 "Coupon display"). */
export type CouponStatus = "active" | "expired" | "soldOut" | "inactive";
export function couponStatus(
  coupon: { expiresAt: string | null; maxRedemptions: number | null; currentRedemptions: number; isActive: boolean },
  now: Date = new Date(),
): CouponStatus {
  if (coupon.expiresAt && new Date(coupon.expiresAt) < now) return "expired";
  if (coupon.maxRedemptions !== null && coupon.currentRedemptions >= coupon.maxRedemptions) return "soldOut";
  return coupon.isActive ? "active" : "inactive";
}
