import type { PayoutStatus } from "@plaza/contracts/payments";
import { PROCESSOR_FEE_TEXT } from "@plaza/contracts/payments.texts";
import { PAYOUT_CARD_TEXTS, payoutRequirementTexts } from "@plaza/contracts/payouts.texts";
import { ExternalLink, Landmark } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { defineMessages, useIntl } from "react-intl";
import { useLocation, useSearch } from "wouter";
import { Badge, type BadgeVariant } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { useText } from "@/i18n/texts";
import { failureMessage } from "@/lib/api-client";
import { usePayoutAccount } from "../api/get-payout-account";
import { type PayoutLinkKind, useOpenPayoutLink } from "../api/open-payout-link";
import { useRefreshPayoutAccount } from "../api/refresh-payout-account";

const messages = defineMessages({
  failed: { id: "payments.payouts.failed", defaultMessage: "Failed to load your payout account." },
});

const STATUS_BADGES: Record<PayoutStatus, BadgeVariant> = {
  none: "secondary",
  pending: "warning",
  active: "success",
  restricted: "destructive",
};

/**
 * Where Stripe sends the creator (the server's return and refresh URLs): `/wallet?payouts=return` after
 * onboarding, `/wallet?payouts=refresh` when the onboarding link expired or was reused, which needs a fresh link.
 */
function useStripeRedirect(): "return" | "refresh" | null {
  const value = new URLSearchParams(useSearch()).get("payouts");
  return value === "return" || value === "refresh" ? value : null;
}

/**
 * The wallet's Payouts card (servers that pay through Stripe): the connected account's state in words, what
 * Stripe still needs, and the way to Stripe's onboarding or Express dashboard.
 */
export function PayoutsCard() {
  const intl = useIntl();
  const text = useText();
  const redirect = useStripeRedirect();
  const [, navigate] = useLocation();
  // Remembered past the clean-up of the address below: the card keeps saying Stripe is checking.
  const [isBackFromStripe] = useState(redirect === "return");
  const account = usePayoutAccount({ isEnabled: true, isAwaitingStripe: isBackFromStripe });
  const openLink = useOpenPayoutLink();
  const { mutate } = openLink;
  const hasStartedRefresh = useRef(false);

  // Stripe's refresh URL: the old link is spent, so ask for a fresh one and go straight back to Stripe.
  useEffect(() => {
    if (redirect !== "refresh" || hasStartedRefresh.current) return;
    hasStartedRefresh.current = true;
    mutate("onboarding");
  }, [redirect, mutate]);

  // Back from Stripe: ask Stripe for the account's state now (its webhook may come later), then drop the query
  // string so that a reload does not ask again.
  const { mutate: refreshAccount } = useRefreshPayoutAccount();
  useEffect(() => {
    if (redirect !== "return") return;
    refreshAccount();
    navigate("/wallet", { replace: true });
  }, [redirect, navigate, refreshAccount]);

  const open = (kind: PayoutLinkKind) => mutate(kind);
  const data = account.data;
  const status = data?.status;
  const missing = payoutRequirementTexts(data?.requirements ?? []);
  const isBusy = openLink.isPending || openLink.isSuccess;
  return (
    <Card data-testid="payouts-card">
      <CardHeader className="gap-2">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CardTitle className="flex items-center gap-2 text-base">
            <Landmark className="size-4 text-gray-500" aria-hidden="true" />
            {text(PAYOUT_CARD_TEXTS.title)}
          </CardTitle>
          {status && (
            <Badge variant={STATUS_BADGES[status]} className="whitespace-normal" data-testid="payouts-status">
              {text(PAYOUT_CARD_TEXTS.status[status])}
            </Badge>
          )}
        </div>
        {status ? (
          <CardDescription>
            {status === "pending" && isBackFromStripe
              ? text(PAYOUT_CARD_TEXTS.checking)
              : text(PAYOUT_CARD_TEXTS.explanation[status])}
          </CardDescription>
        ) : account.isError ? (
          <CardDescription className="text-red-600">{intl.formatMessage(messages.failed)}</CardDescription>
        ) : (
          <Skeleton className="h-5 w-2/3" />
        )}
      </CardHeader>
      <CardContent className="space-y-4">
        {missing.length > 0 && status !== "active" && (
          <div>
            <p className="text-sm font-medium">{text(PAYOUT_CARD_TEXTS.missingHeading)}</p>
            <ul
              className="mt-1 list-disc space-y-0.5 ps-5 text-sm text-gray-700"
              aria-label={text(PAYOUT_CARD_TEXTS.missingHeading)}
            >
              {missing.map((requirement) => (
                <li key={requirement}>{text(requirement)}</li>
              ))}
            </ul>
          </div>
        )}
        <p className="text-sm text-gray-600">{text(PROCESSOR_FEE_TEXT)}.</p>
        {status && (
          <div className="flex flex-wrap gap-2">
            {status === "none" && (
              <Button onClick={() => open("onboarding")} disabled={isBusy}>
                {text(PAYOUT_CARD_TEXTS.setUp)}
              </Button>
            )}
            {(status === "pending" || status === "restricted") && (
              <Button onClick={() => open("onboarding")} disabled={isBusy}>
                {text(PAYOUT_CARD_TEXTS.continueSetup)}
              </Button>
            )}
            {/* Stripe signs into the Express dashboard only once the details are in (active or restricted). */}
            {(status === "active" || status === "restricted") && (
              <Button
                variant={status === "active" ? "default" : "outline"}
                onClick={() => open("dashboard")}
                disabled={isBusy}
              >
                {text(PAYOUT_CARD_TEXTS.openDashboard)}
                <ExternalLink aria-hidden="true" className="rtl:-scale-x-100" />
              </Button>
            )}
          </div>
        )}
        <p className="text-sm" role="status">
          {isBusy ? (
            <span className="text-gray-600">{text(PAYOUT_CARD_TEXTS.opening)}</span>
          ) : openLink.isError ? (
            <span className="text-red-600">{failureMessage(openLink.error, text(PAYOUT_CARD_TEXTS.linkFailed))}</span>
          ) : null}
        </p>
      </CardContent>
    </Card>
  );
}
