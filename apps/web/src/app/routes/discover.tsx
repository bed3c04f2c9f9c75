import { DiscoverBusinesses } from "@/features/businesses/components/discover-businesses";
import { FriendActivity } from "@/features/businesses/components/friend-activity";
import { ActiveCoupons } from "@/features/coupons/components/active-coupons";

/**
 * /discover: businesses nearby with Check In, next to Active Coupons and Friend Activity — the same pieces the
 * home screen's Discover tab and right column use.
 */
export default function DiscoverRoute() {
  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_320px]">
      <section className="space-y-3">
        <h1 className="text-2xl font-bold">Discover</h1>
        <DiscoverBusinesses />
      </section>
      <aside className="space-y-4">
        <ActiveCoupons />
        <FriendActivity />
      </aside>
    </div>
  );
}
