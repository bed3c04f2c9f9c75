import { CHECKOUT_TEXTS } from "@plaza/contracts/payments.texts";
import { useQueryClient } from "@tanstack/react-query";
import { CircleCheck } from "lucide-react";
import { defineMessages, useIntl } from "react-intl";
import { Link } from "wouter";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { LoadingRegion, Skeleton } from "@/components/ui/skeleton";
import { useText } from "@/i18n/texts";
import { usePaymentsConfig } from "@/lib/app-config";
import { paths } from "@/lib/paths";
import { isSettledPayment, usePayment } from "../api/get-payment";
import { refreshUnlockedContent } from "../api/refresh-unlocked-content";
import { CheckoutStep } from "../checkout/checkout-step";
import { PriceFeeNote } from "./price-fee-note";

const messages = defineMessages({
  loading: { id: "payments.payPage.loading", defaultMessage: "Loading payment..." },
  toWallet: { id: "payments.payPage.toWallet", defaultMessage: "Go to your wallet" },
});

/**
 * /pay/{id}: a payment that needs its payer — a renewal the bank wants confirmed (the notification and mail link
 * here), or the page a bank's 3-D Secure sends the payer back to. It follows the payment until it settles.
 */
export function PayPage({ paymentId, payeeName }: { paymentId: string; payeeName: string }) {
  const intl = useIntl();
  const text = useText();
  const payment = usePayment(paymentId, { isFollowing: true });
  const payments = usePaymentsConfig();
  const queryClient = useQueryClient();
  const data = payment.data;
  return (
    <Card>
      <CardHeader>
        <CardTitle>{text(CHECKOUT_TEXTS.payPageTitle)}</CardTitle>
        {data && (
          <>
            <CardDescription>
              {text(CHECKOUT_TEXTS.payPageDescription(data.amountCents, payeeName, data.kind))}
            </CardDescription>
            <PriceFeeNote />
          </>
        )}
      </CardHeader>
      <CardContent className="space-y-4">
        {payment.isLoading || !payments ? (
          <LoadingRegion label={intl.formatMessage(messages.loading)}>
            <Skeleton className="h-36 w-full" />
          </LoadingRegion>
        ) : !data ? (
          <p role="alert" className="text-sm text-red-600">
            {text(CHECKOUT_TEXTS.notFound)}
          </p>
        ) : data.status === "succeeded" ? (
          <p role="status" className="flex items-center gap-2 text-sm font-medium text-emerald-700">
            <CircleCheck aria-hidden className="h-5 w-5" /> {text(CHECKOUT_TEXTS.paid)}
          </p>
        ) : data.status === "requires_payment" && data.clientSecret ? (
          <CheckoutStep
            started={{
              paymentId: data.paymentId,
              status: "requires_payment",
              clientSecret: data.clientSecret,
              stripeAccount: data.stripeAccount,
            }}
            publishableKey={payments.stripePublishableKey ?? ""}
            amountCents={data.amountCents}
            onSucceeded={() => void refreshUnlockedContent(queryClient)}
          />
        ) : isSettledPayment(data.status) ? (
          <p role="alert" className="text-sm text-red-600">
            {text(data.status === "refunded" ? CHECKOUT_TEXTS.refunded : CHECKOUT_TEXTS.failed)}
          </p>
        ) : (
          <LoadingRegion label={text(CHECKOUT_TEXTS.confirming)} isLabelVisible>
            <Skeleton className="h-10 w-full" />
          </LoadingRegion>
        )}
        <Button variant="outline" asChild>
          <Link href={paths.wallet}>{intl.formatMessage(messages.toWallet)}</Link>
        </Button>
      </CardContent>
    </Card>
  );
}
