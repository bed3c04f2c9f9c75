import type { CouponView, RedemptionView } from "@plaza/contracts/coupons";
import type { CouponRedemptionRow, CouponRow } from "../../db/schema/businesses";

export function presentCoupon(coupon: CouponRow, businessName?: string): CouponView {
  return {
    id: coupon.id,
    businessId: coupon.businessId,
    ...(businessName === undefined ? {} : { businessName }),
    code: coupon.code,
    title: coupon.title,
    description: coupon.description,
    discountType: coupon.discountType,
    discountValue: Number(coupon.discountValue),
    expiresAt: coupon.expiresAt?.toISOString() ?? null,
    maxRedemptions: coupon.maxRedemptions,
    currentRedemptions: coupon.currentRedemptions,
    isActive: coupon.isActive,
    createdAt: coupon.createdAt.toISOString(),
  };
}

export function presentRedemption(
  redemption: CouponRedemptionRow,
  extra: Pick<RedemptionView, "couponTitle" | "businessName" | "user"> = {},
): RedemptionView {
  return {
    id: redemption.id,
    couponId: redemption.couponId,
    userId: redemption.userId,
    code: redemption.code,
    redeemedAt: redemption.redeemedAt.toISOString(),
    usedAt: redemption.usedAt?.toISOString() ?? null,
    ...extra,
  };
}
