import type { PartnershipStateView, PartnershipView, PerkView } from "@plaza/contracts/partnerships";
import type { CouponRow } from "../../db/schema/coupons";
import type { PartnershipRow } from "../../db/schema/partnerships";
import type { UserSummaryRow } from "../users/user-summary.repository";
import { presentUserSummary } from "../users/users.presenter";

export function presentPartnershipState(row: PartnershipRow): PartnershipStateView {
  return { id: row.id, businessId: row.businessId, creatorId: row.creatorId, status: row.status };
}

/** The partner creator as the partnership shows them (presentUserSummary's rule for a business account). */
function presentCreator(creator: UserSummaryRow): PartnershipView["creator"] {
  const { id, username, firstName, lastName, profileImageUrl } = presentUserSummary(creator);
  return { id, username, firstName, lastName, profileImageUrl };
}

export function presentPartnership(
  row: {
    partnership: PartnershipRow;
    businessName: string;
    ownerId: string;
    creator: UserSummaryRow;
  },
  viewerId: string,
): PartnershipView {
  const { partnership } = row;
  return {
    ...presentPartnershipState(partnership),
    businessName: row.businessName,
    creator: presentCreator(row.creator),
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
