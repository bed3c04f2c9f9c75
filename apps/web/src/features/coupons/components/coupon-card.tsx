import type { CouponView } from "@plaza/contracts/coupons";
import { couponStatus } from "@plaza/contracts/coupons.texts";
import { Copy, Ticket } from "lucide-react";
import { useState } from "react";
import { defineMessage, defineMessages, useIntl } from "react-intl";
import { Badge, type BadgeVariant } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { toast, toastFailure } from "@/components/ui/use-toast";
import { useIsHydrated } from "@/lib/use-is-hydrated";
import { useRedeemCoupon } from "../api/redeem-coupon";
import { discountLabel, formatExpiry, perkLabel, statusMessages } from "./coupon-labels";

const messages = defineMessages({
  copiedTitle: { id: "coupons.card.copiedTitle", defaultMessage: "Copied!" },
  copiedDescription: { id: "coupons.card.copiedDescription", defaultMessage: "Coupon code copied to clipboard" },
  errorTitle: { id: "coupons.card.errorTitle", defaultMessage: "Error" },
  copyFailed: { id: "coupons.card.copyFailed", defaultMessage: "Could not copy the code" },
  redeemedTitle: { id: "coupons.card.redeemedTitle", defaultMessage: "Redeemed" },
  redeemed: { id: "coupons.card.redeemed", defaultMessage: "Coupon redeemed! Show your code at the till." },
  redeemFailed: { id: "coupons.card.redeemFailed", defaultMessage: "Failed to redeem coupon. Please try again." },
  redeemFailedTitle: { id: "coupons.card.redeemFailedTitle", defaultMessage: "Could not redeem" },
  couponCode: { id: "coupons.card.couponCode", defaultMessage: "Coupon code" },
  copyCode: { id: "coupons.card.copyCode", defaultMessage: "Copy code" },
  perkFor: defineMessage<{ name: string }>({ id: "coupons.card.perkFor", defaultMessage: "For {name}'s subscribers" }),
  perkForCreator: { id: "coupons.card.perkForCreator", defaultMessage: "For the creator's subscribers" },
  codeUsed: { id: "coupons.card.codeUsed", defaultMessage: "Your one-time code — used at the till" },
  codeReady: { id: "coupons.card.codeReady", defaultMessage: "Your one-time code — show it at the till" },
  redeeming: { id: "coupons.card.redeeming", defaultMessage: "Redeeming..." },
  redeem: { id: "coupons.card.redeem", defaultMessage: "Redeem" },
});

const STATUS_BADGES: Record<ReturnType<typeof couponStatus>, BadgeVariant> = {
  active: "success",
  expired: "secondary",
  soldOut: "warning",
  inactive: "secondary",
};

/**
 * A coupon as customers see it (docs/PRODUCT.md §2): status Active/Expired/Sold Out (§4), the code with copy, and
 * Redeem only when the server says the viewer can (`canRedeem`), otherwise the reason (check in first, already
 * redeemed); redeeming shows the personal one-time code in place of the coupon's own code (one code to show). The
 * code comes from the redemption just made, else from the coupon's `viewerRedemption`, so a reload shows the same.
 */
export function CouponCard({ coupon }: { coupon: CouponView }) {
  const intl = useIntl();
  const status = couponStatus(coupon);
  const isHydrated = useIsHydrated();
  const redeem = useRedeemCoupon();
  const [redeemedCode, setRedeemedCode] = useState<string | null>(null);
  const personalCode = redeemedCode ?? coupon.viewerRedemption?.code ?? null;

  async function copyCode() {
    if (!coupon.code) return;
    try {
      await navigator.clipboard.writeText(coupon.code);
      toast({
        title: intl.formatMessage(messages.copiedTitle),
        description: intl.formatMessage(messages.copiedDescription),
      });
    } catch {
      toast({
        title: intl.formatMessage(messages.errorTitle),
        description: intl.formatMessage(messages.copyFailed),
        variant: "destructive",
      });
    }
  }

  function redeemCoupon() {
    redeem.mutate(coupon.id, {
      onSuccess: (result) => {
        setRedeemedCode(result.code);
        toast({
          title: intl.formatMessage(messages.redeemedTitle),
          description: intl.formatMessage(messages.redeemed),
        });
      },
      onError: (error) => {
        toastFailure(error, intl.formatMessage(messages.redeemFailed), intl.formatMessage(messages.redeemFailedTitle));
      },
    });
  }

  return (
    <Card data-testid="coupon-card">
      <CardContent className="space-y-2 p-4">
        <div className="flex items-start justify-between gap-2">
          <div className="min-w-0">
            <p className="flex items-center gap-1.5 font-semibold">
              <Ticket aria-hidden className="h-4 w-4 shrink-0 text-brand-600" />
              {coupon.title}
            </p>
            {coupon.businessName && <p className="text-xs text-gray-500">{coupon.businessName}</p>}
            {coupon.partnerCreatorName && (
              <p className="text-xs font-medium text-brand-700" data-testid="perk-label">
                {perkLabel(intl, coupon.partnerCreatorName)}
              </p>
            )}
          </div>
          <Badge variant={STATUS_BADGES[status]}>{intl.formatMessage(statusMessages[status])}</Badge>
        </div>
        {coupon.description && <p className="text-sm text-gray-600">{coupon.description}</p>}
        <p className="text-lg font-bold text-brand-700">{discountLabel(intl, coupon)}</p>
        {/* One code at a time: once redeemed, the personal till code below replaces the coupon's code. A perk's
            code is only for those who may redeem it (docs/PRODUCT.md "Closing the outside review"). */}
        {!personalCode && coupon.code !== null && (
          <div className="flex flex-wrap items-center gap-2" data-testid="coupon-code">
            <span className="text-xs text-gray-500">{intl.formatMessage(messages.couponCode)}</span>
            <code className="rounded border border-dashed px-2 py-0.5 font-mono text-sm">{coupon.code}</code>
            <Button
              type="button"
              variant="ghost"
              size="sm"
              onClick={copyCode}
              aria-label={intl.formatMessage(messages.copyCode)}
            >
              <Copy aria-hidden />
            </Button>
          </div>
        )}
        {!personalCode && coupon.code === null && (
          <p className="text-sm font-medium text-gray-700" data-testid="perk-for">
            {coupon.partnerCreatorName
              ? intl.formatMessage(messages.perkFor, { name: coupon.partnerCreatorName })
              : intl.formatMessage(messages.perkForCreator)}
          </p>
        )}
        <p className="text-xs text-gray-500">{formatExpiry(intl, coupon.expiresAt, !isHydrated)}</p>
        {personalCode ? (
          <div className="rounded-lg bg-green-50 p-2 text-center">
            <p className="text-xs text-green-800">
              {!redeemedCode && coupon.viewerRedemption?.usedAt
                ? intl.formatMessage(messages.codeUsed)
                : intl.formatMessage(messages.codeReady)}
            </p>
            <p data-testid="personal-code" className="font-mono text-xl font-bold tracking-wider text-green-900">
              {personalCode}
            </p>
          </div>
        ) : coupon.canRedeem ? (
          <Button className="w-full" size="sm" onClick={redeemCoupon} disabled={redeem.isPending}>
            {intl.formatMessage(redeem.isPending ? messages.redeeming : messages.redeem)}
          </Button>
        ) : (
          // Said before anyone presses Redeem; the status badge already tells expired and sold-out coupons.
          status === "active" &&
          coupon.redeemBlockedReason && (
            // About as tall as the Redeem button it stands in for (two lines at most, the whole text on hover),
            // so the card keeps its loading placeholder's height.
            <p
              data-testid="redeem-blocked-reason"
              title={coupon.redeemBlockedReason}
              className="rounded-lg bg-gray-50 px-2 py-1 text-xs leading-4 text-gray-600"
            >
              {/* Clamped inside the padding, so a third line cannot show through it. */}
              <span className="line-clamp-2">{coupon.redeemBlockedReason}</span>
            </p>
          )
        )}
      </CardContent>
    </Card>
  );
}
