import {
  type CouponView,
  type RedeemBlock,
  type RedemptionView,
  redeemBlockMessage,
  redemptionState,
} from "@plaza/contracts/coupons";
import { displayName } from "@plaza/contracts/users";
import type { CouponRedemptionRow, CouponRow } from "../../db/schema/coupons";

/** The coupon's own fields, before the viewer's redemption rule is applied. */
export type CouponFields = Omit<CouponView, "canRedeem" | "redeemBlockedReason" | "viewerRedemption">;

/** A perk's partner creator as the coupon queries read them. */
export interface PartnerNameRow {
  username: string;
  firstName: string | null;
  lastName: string | null;
}

export function presentCouponFields(
  coupon: CouponRow,
  businessName?: string,
  partner?: PartnerNameRow | null,
): CouponFields {
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
    partnerCreatorId: coupon.partnerCreatorId,
    partnerCreatorName: coupon.partnerCreatorId && partner ? displayName(partner) : null,
  };
}

/** The viewer's own redemption of a coupon as the coupon view carries it (their till code). */
export type ViewerRedemptionRow = Pick<CouponRedemptionRow, "code" | "redeemedAt" | "usedAt">;

/**
 * A coupon as one viewer sees it: its fields plus whether they can redeem it, and why not, and their own
 * redemption of it (so a reload shows the till code as redeeming did). `showsCode` false (a perk for someone who may
 * not redeem it) leaves its code out: null (docs/PRODUCT.md "Closing the outside review").
 */
export function presentCoupon(
  coupon: CouponRow,
  block: RedeemBlock | null,
  viewer: {
    businessName?: string;
    partner?: PartnerNameRow | null;
    showsCode: boolean;
    redemption?: ViewerRedemptionRow;
    /** What currentRedemptions says when not the exact count (a perk's counted weeks). */
    shownRedemptions?: number;
  },
): CouponView {
  const fields = presentCouponFields(coupon, viewer.businessName, viewer.partner);
  const redemption = viewer.redemption;
  return {
    ...fields,
    currentRedemptions: viewer.shownRedemptions ?? fields.currentRedemptions,
    code: viewer.showsCode ? fields.code : null,
    canRedeem: block === null,
    redeemBlockedReason: block === null ? null : redeemBlockMessage(block, fields.partnerCreatorName),
    viewerRedemption: redemption
      ? {
          code: redemption.code,
          redeemedAt: redemption.redeemedAt.toISOString(),
          usedAt: redemption.usedAt?.toISOString() ?? null,
        }
      : null,
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

/** The day (UTC, YYYY-MM-DD) of an instant: all a business is told of when a perk was redeemed or used. */
function dayOf(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/**
 * A redemption as the business sees it (the coupon's redemptions, the till): code, times and state, and who
 * redeemed it, except on a perk, whose redeemers are all paying subscribers of the partner creator; the per-partner
 * counts with their "fewer than 5" rule are all a business learns of them (docs/PRODUCT.md "Closing the outside review").
 * A perk's times are only the day (timePrecision "day"): an exact instant would be joined with the named check-ins
 * the business sees (a check-in, then the redemption a moment later), telling who redeemed after all.
 */
export function presentRedemptionToBusiness(
  redemption: CouponRedemptionRow,
  coupon: Pick<CouponRow, "title" | "partnerCreatorId" | "expiresAt">,
  redeemer: NonNullable<RedemptionView["user"]> | null,
  now: Date,
): RedemptionView {
  const { userId, ...view } = presentRedemption(redemption, { couponTitle: coupon.title });
  const state = redemptionState(redemption, coupon.expiresAt, now);
  if (coupon.partnerCreatorId) {
    return {
      ...view,
      redeemedAt: dayOf(redemption.redeemedAt),
      usedAt: redemption.usedAt ? dayOf(redemption.usedAt) : null,
      timePrecision: "day",
      state,
    };
  }
  return { ...view, userId, state, ...(redeemer ? { user: redeemer } : {}) };
}
