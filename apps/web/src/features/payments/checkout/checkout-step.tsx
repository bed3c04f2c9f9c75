import { CHECKOUT_TEXTS } from "@plaza/contracts/payments.texts";
import { lazy, Suspense } from "react";
import { LoadingRegion, Skeleton } from "@/components/ui/skeleton";
import { useText } from "@/i18n/texts";
import type { StripeCheckoutProps } from "./stripe-checkout";

// Stripe's React bindings load with the first checkout, never with the page that holds a Tip or Unlock button.
const StripeCheckout = lazy(() => import("./stripe-checkout"));

/** The second step of a payment dialog with Stripe: the Payment Element for the payment the server started. */
export function CheckoutStep(props: StripeCheckoutProps) {
  const text = useText();
  return (
    <Suspense
      fallback={
        <LoadingRegion label={text(CHECKOUT_TEXTS.formLoading)}>
          <Skeleton className="h-36 w-full" />
        </LoadingRegion>
      }
    >
      <StripeCheckout {...props} />
    </Suspense>
  );
}
