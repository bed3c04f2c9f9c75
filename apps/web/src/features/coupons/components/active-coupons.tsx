import { defineMessages, useIntl } from "react-intl";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { SkeletonList } from "@/components/ui/skeleton";
import { ACTIVE_COUPONS_SHOWN } from "@/lib/ui-constants";
import { useActiveCoupons } from "../api/get-active-coupons";
import { CouponCard } from "./coupon-card";

const messages = defineMessages({
  loading: { id: "coupons.active.loading", defaultMessage: "Loading coupons..." },
  loadFailed: { id: "coupons.active.loadFailed", defaultMessage: "Could not load coupons." },
  empty: { id: "coupons.active.empty", defaultMessage: "No active coupons" },
  title: { id: "coupons.active.title", defaultMessage: "Active Coupons" },
});

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
  const intl = useIntl();
  const { data, isLoading, isError } = useActiveCoupons();
  // As many placeholders as cards to come, each as tall as a coupon card, so that the cards below do not jump
  // down when the coupons arrive (layout shift).
  if (isLoading) {
    return (
      <SkeletonList label={intl.formatMessage(messages.loading)} count={ACTIVE_COUPONS_SHOWN} itemClassName="h-62" />
    );
  }
  if (isError) return <p className="text-sm text-red-600">{intl.formatMessage(messages.loadFailed)}</p>;
  if (!data || data.length === 0) return <p className="text-sm text-gray-500">{intl.formatMessage(messages.empty)}</p>;
  return <CouponList coupons={data.slice(0, ACTIVE_COUPONS_SHOWN)} />;
}

/** The same list in its own card. */
export function ActiveCoupons() {
  const intl = useIntl();
  return (
    <Card>
      <CardHeader className="pb-2">
        <CardTitle className="text-base">{intl.formatMessage(messages.title)}</CardTitle>
      </CardHeader>
      <CardContent>
        <ActiveCouponsList />
      </CardContent>
    </Card>
  );
}
