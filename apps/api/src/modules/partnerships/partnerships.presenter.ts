import type { PartnershipStateView, PartnershipView, PerkView } from "@plaza/contracts/partnerships";
import type { CouponRow } from "../../db/schema/coupons";
import type { PartnershipRow } from "../../db/schema/partnerships";

export function presentPartnershipState(row: PartnershipRow): PartnershipStateView {
  return { id: row.id, businessId: row.businessId, creatorId: row.creatorId, status: row.status };
}

export function presentPartnership(
  row: {
    partnership: PartnershipRow;
    businessName: string;
    ownerId: string;
    creator: PartnershipView["creator"];
  },
  viewerId: string,
): PartnershipView {
  const { partnership } = row;
  return {
    ...presentPartnershipState(partnership),
    businessName: row.businessName,
    creator: row.creator,
    role: partnership.creatorId === viewerId ? "creator" : "business",
    createdAt: partnership.createdAt.toISOString(),
    respondedAt: partnership.respondedAt?.toISOString() ?? null,
    endedAt: partnership.endedAt?.toISOString() ?? null,
  };
}

export function presentPerk(row: { coupon: CouponRow; businessName: string }): PerkView {
  const { coupon } = row;
  return {
    id: coupon.id,
    title: coupon.title,
    description: coupon.description,
    businessId: coupon.businessId,
    businessName: row.businessName,
    creatorId: coupon.partnerCreatorId ?? "",
    discountType: coupon.discountType,
    discountValue: Number(coupon.discountValue),
    expiresAt: coupon.expiresAt?.toISOString() ?? null,
  };
}
