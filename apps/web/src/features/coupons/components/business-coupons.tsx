import { couponStatus } from "@plaza/contracts/coupons.texts";
import { SkeletonList } from "@/components/ui/skeleton";
import { useBusinessCoupons } from "../api/get-business-coupons";
import { CouponList } from "./active-coupons";

/**
 * A business's coupons that customers can still get (the profile's Coupons tab), and those the viewer redeemed even
 * when their redemption sold the last one: their till code stays on the card.
 */
export function BusinessCoupons({ businessId }: { businessId: string | undefined }) {
  const { data, isLoading } = useBusinessCoupons(businessId);
  if (businessId && isLoading) return <SkeletonList label="Loading coupons..." count={2} itemClassName="h-32" />;
  const active = (data ?? []).filter((coupon) => couponStatus(coupon) === "active" || coupon.viewerRedemption !== null);
  if (active.length === 0) return <p className="py-12 text-center text-gray-500">No active coupons</p>;
  return <CouponList coupons={active} />;
}
