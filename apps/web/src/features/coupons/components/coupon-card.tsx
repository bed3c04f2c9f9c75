import type { CouponView } from "@plaza/contracts/coupons";
import { COUPON_STATUS_LABELS, COUPON_TOASTS, couponStatus, discountText } from "@plaza/contracts/coupons.texts";
import { perkForText } from "@plaza/contracts/partnerships.texts";
import { Copy, Ticket } from "lucide-react";
import { useState } from "react";
import { Badge, type BadgeVariant } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { toast, toastFailure } from "@/components/ui/use-toast";
import { useIsHydrated } from "@/lib/use-is-hydrated";
import { useRedeemCoupon } from "../api/redeem-coupon";

const STATUS_BADGES: Record<ReturnType<typeof couponStatus>, BadgeVariant> = {
  active: "success",
  expired: "secondary",
  soldOut: "warning",
  inactive: "secondary",
};

/**
 * Made once: `toLocaleDateString` builds a formatter (and loads its locale data) on every call, per card. The
 * browser's own (its language and time zone), and one that writes the same text on the server and the browser.
 */
let expiryDateFormat: Intl.DateTimeFormat | undefined;
let serverExpiryDateFormat: Intl.DateTimeFormat | undefined;

/**
 * "Expires 1/16/2027" in this browser's language and time zone; `asRendered` in one fixed form (en-US, UTC), as a
 * page rendered on the server shows it until the browser has hydrated it.
 */
export function formatExpiry(expiresAt: string | null, asRendered = false): string {
  if (!expiresAt) return "No expiry";
  if (asRendered) {
    serverExpiryDateFormat ??= new Intl.DateTimeFormat("en-US", { timeZone: "UTC" });
    return `Expires ${serverExpiryDateFormat.format(new Date(expiresAt))}`;
  }
  expiryDateFormat ??= new Intl.DateTimeFormat();
  return `Expires ${expiryDateFormat.format(new Date(expiresAt))}`;
}

/**
 * A coupon as customers see it (docs/PRODUCT.md §2): status Active/Expired/Sold Out (§4), the code with copy, and
 * Redeem only when the server says the viewer can (`canRedeem`), otherwise the reason (check in first, already
 * redeemed); redeeming shows the personal one-time code in place of the coupon's own code (one code to show). The
 * code comes from the redemption just made, else from the coupon's `viewerRedemption`, so a reload shows the same.
 */
export function CouponCard({ coupon }: { coupon: CouponView }) {
  const status = couponStatus(coupon);
  const isHydrated = useIsHydrated();
  const redeem = useRedeemCoupon();
  const [redeemedCode, setRedeemedCode] = useState<string | null>(null);
  const personalCode = redeemedCode ?? coupon.viewerRedemption?.code ?? null;

  async function copyCode() {
    if (!coupon.code) return;
    try {
      await navigator.clipboard.writeText(coupon.code);
      toast(COUPON_TOASTS.copied);
    } catch {
      toast({ title: "Error", description: "Could not copy the code", variant: "destructive" });
    }
  }

  function redeemCoupon() {
    redeem.mutate(coupon.id, {
      onSuccess: (result) => {
        setRedeemedCode(result.code);
        toast({ title: "Redeemed", description: COUPON_TOASTS.redeemed });
      },
      onError: (error) => {
        toastFailure(error, COUPON_TOASTS.redeemFailed, "Could not redeem");
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
                Perk for subscribers of {coupon.partnerCreatorName}
              </p>
            )}
          </div>
          <Badge variant={STATUS_BADGES[status]}>{COUPON_STATUS_LABELS[status]}</Badge>
        </div>
        {coupon.description && <p className="text-sm text-gray-600">{coupon.description}</p>}
        <p className="text-lg font-bold text-brand-700">{discountText(coupon)}</p>
        {/* One code at a time: once redeemed, the personal till code below replaces the coupon's code. A perk's
            code is only for those who may redeem it (docs/PRODUCT.md "Closing the outside review"). */}
        {!personalCode && coupon.code !== null && (
          <div className="flex flex-wrap items-center gap-2" data-testid="coupon-code">
            <span className="text-xs text-gray-500">Coupon code</span>
            <code className="rounded border border-dashed px-2 py-0.5 font-mono text-sm">{coupon.code}</code>
            <Button type="button" variant="ghost" size="sm" onClick={copyCode} aria-label="Copy code">
              <Copy aria-hidden />
            </Button>
          </div>
        )}
        {!personalCode && coupon.code === null && (
          <p className="text-sm font-medium text-gray-700" data-testid="perk-for">
            {perkForText(coupon.partnerCreatorName ?? "the creator")}
          </p>
        )}
        <p className="text-xs text-gray-500">{formatExpiry(coupon.expiresAt, !isHydrated)}</p>
        {personalCode ? (
          <div className="rounded-lg bg-green-50 p-2 text-center">
            <p className="text-xs text-green-800">
              {!redeemedCode && coupon.viewerRedemption?.usedAt
                ? "Your one-time code — used at the till"
                : "Your one-time code — show it at the till"}
            </p>
            <p data-testid="personal-code" className="font-mono text-xl font-bold tracking-wider text-green-900">
              {personalCode}
            </p>
          </div>
        ) : coupon.canRedeem ? (
          <Button className="w-full" size="sm" onClick={redeemCoupon} disabled={redeem.isPending}>
            {redeem.isPending ? "Redeeming..." : "Redeem"}
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
