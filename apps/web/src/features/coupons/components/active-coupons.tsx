import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { SkeletonList } from "@/components/ui/skeleton";
import { ACTIVE_COUPONS_SHOWN } from "@/lib/ui-constants";
import { useActiveCoupons } from "../api/get-active-coupons";
import { CouponCard } from "./coupon-card";

/** A list of coupon cards; each shows the viewer's till code when they already redeemed it (`viewerRedemption`). */
export function CouponList({ coupons }: { coupons: Parameters<typeof CouponCard>[0]["coupon"][] }) {
  return (
    <div className="space-y-3">
      {coupons.map((coupon) => (
        <CouponCard key={coupon.id} coupon={coupon} />
      ))}
    </div>
  );
}

/** The first 3 active coupons (docs/PRODUCT.md §2, §9), for the home column's Active Coupons card. */
export function ActiveCouponsList() {
  const { data, isLoading, isError } = useActiveCoupons();
  // As many placeholders as cards to come, each as tall as a coupon card, so that the cards below do not jump
  // down when the coupons arrive (layout shift).
  if (isLoading) {
    return <SkeletonList label="Loading coupons..." count={ACTIVE_COUPONS_SHOWN} itemClassName="h-62" />;
  }
  if (isError) return <p className="text-sm text-red-600">Could not load coupons.</p>;
  if (!data || data.length === 0) return <p className="text-sm text-gray-500">No active coupons</p>;
  return <CouponList coupons={data.slice(0, ACTIVE_COUPONS_SHOWN)} />;
}

/** The same list in its own card. */
export function ActiveCoupons() {
  return (
    <Card>
      <CardHeader className="pb-2">
        <CardTitle className="text-base">Active Coupons</CardTitle>
      </CardHeader>
      <CardContent>
        <ActiveCouponsList />
      </CardContent>
    </Card>
  );
}
