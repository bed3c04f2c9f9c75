import type { RedemptionView } from "@plaza/contracts/coupons";
import { Ticket } from "lucide-react";
import { defineMessage, defineMessages, type MessageTag, useIntl } from "react-intl";
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

const messages = defineMessages({
  redeemed: defineMessage<{ time: MessageTag }>({
    id: "coupons.mine.redeemed",
    defaultMessage: "· redeemed <time></time>",
  }),
  validUntil: defineMessage<{ date: string }>({ id: "coupons.mine.validUntil", defaultMessage: "Valid until {date}" }),
  showCode: { id: "coupons.mine.showCode", defaultMessage: "Show this code at the till:" },
  loading: { id: "coupons.mine.loading", defaultMessage: "Loading coupons..." },
  empty: { id: "coupons.mine.empty", defaultMessage: "No coupons yet" },
  emptyHint: {
    id: "coupons.mine.emptyHint",
    defaultMessage: "Check in at a business, then redeem one of its coupons: your code shows up here.",
  },
});

const STATE_LABELS = defineMessages({
  ready: { id: "coupons.mine.stateReady", defaultMessage: "Ready to use" },
  used: { id: "coupons.mine.stateUsed", defaultMessage: "Used" },
  expired: { id: "coupons.mine.stateExpired", defaultMessage: "Expired" },
});

function CouponCode({ redemption }: { redemption: RedemptionView }) {
  const intl = useIntl();
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
          {intl.formatMessage(messages.redeemed, {
            time: () => <RelativeTime key="time" value={redemption.redeemedAt} />,
          })}
        </p>
        {state === "ready" && redemption.expiresAt && (
          <p className="text-xs text-gray-500">
            {intl.formatMessage(messages.validUntil, {
              date: intl.formatDate(new Date(redemption.expiresAt), { dateStyle: "medium" }),
            })}
          </p>
        )}
      </div>
      <div className="flex flex-col items-end gap-1">
        {state === "ready" && <span className="sr-only">{intl.formatMessage(messages.showCode)}</span>}
        <code
          className={cn(
            "rounded-md bg-gray-100 px-2 py-1 font-mono text-base tracking-widest",
            state !== "ready" && "text-gray-400 line-through",
          )}
        >
          {redemption.code}
        </code>
        <Badge variant={STATE_VARIANTS[state]}>{intl.formatMessage(STATE_LABELS[state])}</Badge>
      </div>
    </li>
  );
}

/** My coupons: every code the viewer redeemed, newest first, ready / used / expired. */
export function MyCoupons() {
  const intl = useIntl();
  const coupons = useMyCoupons();
  if (coupons.isLoading)
    return <SkeletonList label={intl.formatMessage(messages.loading)} count={3} itemClassName="h-20" />;
  const items = coupons.data?.pages.flatMap((page) => page.data) ?? [];
  if (items.length === 0) {
    return (
      <EmptyState
        icon={Ticket}
        title={intl.formatMessage(messages.empty)}
        description={intl.formatMessage(messages.emptyHint)}
      />
    );
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
