import { couponStatus } from "@plaza/contracts/coupons.texts";
import { defineMessages, useIntl } from "react-intl";
import { SkeletonList } from "@/components/ui/skeleton";
import { useBusinessCoupons } from "../api/get-business-coupons";
import { CouponList } from "./active-coupons";

const messages = defineMessages({
  loading: { id: "coupons.business.loading", defaultMessage: "Loading coupons..." },
  empty: { id: "coupons.business.empty", defaultMessage: "No active coupons" },
});

/**
 * A business's coupons that customers can still get (the profile's Coupons tab), and those the viewer redeemed even
 * when their redemption sold the last one: their till code stays on the card.
 */
export function BusinessCoupons({ businessId }: { businessId: string | undefined }) {
  const intl = useIntl();
  const { data, isLoading } = useBusinessCoupons(businessId);
  if (businessId && isLoading)
    return <SkeletonList label={intl.formatMessage(messages.loading)} count={2} itemClassName="h-32" />;
  const active = (data ?? []).filter((coupon) => couponStatus(coupon) === "active" || coupon.viewerRedemption !== null);
  if (active.length === 0)
    return <p className="py-12 text-center text-gray-500">{intl.formatMessage(messages.empty)}</p>;
  return <CouponList coupons={active} />;
}
