import type { RedemptionView } from "@plaza/contracts/coupons";
import { MY_COUPONS_TEXTS, REDEMPTION_STATE_LABELS } from "@plaza/contracts/coupons.texts";
import { Ticket } from "lucide-react";
import { Link } from "wouter";
import { Badge, type BadgeVariant } from "@/components/ui/badge";
import { EmptyState } from "@/components/ui/empty-state";
import { LoadMore } from "@/components/ui/load-more";
import { RelativeTime } from "@/components/ui/relative-time";
import { SkeletonList } from "@/components/ui/skeleton";
import { cn } from "@/lib/cn";
import { paths } from "@/lib/paths";
import { useMyCoupons } from "../api/get-my-coupons";

const STATE_VARIANTS: Record<NonNullable<RedemptionView["state"]>, BadgeVariant> = {
  ready: "success",
  used: "secondary",
  expired: "warning",
};

function CouponCode({ redemption }: { redemption: RedemptionView }) {
  const state = redemption.state ?? "ready";
  return (
    <li className="flex flex-wrap items-center gap-3 rounded-lg border p-3" data-testid="my-coupon">
      <Ticket aria-hidden className="h-5 w-5 shrink-0 text-brand-600" />
      <div className="min-w-0 flex-1">
        <p className="font-medium wrap-anywhere">{redemption.couponTitle}</p>
        <p className="text-sm text-gray-600 wrap-anywhere">
          {redemption.businessId ? (
            <Link href={paths.business(redemption.businessId)} className="hover:underline">
              {redemption.businessName}
            </Link>
          ) : (
            redemption.businessName
          )}{" "}
          · redeemed <RelativeTime value={redemption.redeemedAt} />
        </p>
        {state === "ready" && redemption.expiresAt && (
          <p className="text-xs text-gray-500">
            Valid until {new Date(redemption.expiresAt).toLocaleDateString("en-US", { dateStyle: "medium" })}
          </p>
        )}
      </div>
      <div className="flex flex-col items-end gap-1">
        {state === "ready" && <span className="sr-only">{MY_COUPONS_TEXTS.showCode}:</span>}
        <code
          className={cn(
            "rounded-md bg-gray-100 px-2 py-1 font-mono text-base tracking-widest",
            state !== "ready" && "text-gray-400 line-through",
          )}
        >
          {redemption.code}
        </code>
        <Badge variant={STATE_VARIANTS[state]}>{REDEMPTION_STATE_LABELS[state]}</Badge>
      </div>
    </li>
  );
}

/** My coupons: every code the viewer redeemed, newest first, ready / used / expired. */
export function MyCoupons() {
  const coupons = useMyCoupons();
  if (coupons.isLoading) return <SkeletonList label="Loading coupons..." count={3} itemClassName="h-20" />;
  const items = coupons.data?.pages.flatMap((page) => page.data) ?? [];
  if (items.length === 0) {
    return <EmptyState icon={Ticket} title={MY_COUPONS_TEXTS.empty} description={MY_COUPONS_TEXTS.emptyHint} />;
  }
  return (
    <div className="space-y-3">
      <ul className="space-y-3">
        {items.map((redemption) => (
          <CouponCode key={redemption.id} redemption={redemption} />
        ))}
      </ul>
      <LoadMore
        hasNextPage={coupons.hasNextPage}
        isFetchingNextPage={coupons.isFetchingNextPage}
        onLoadMore={() => void coupons.fetchNextPage()}
      />
    </div>
  );
}
