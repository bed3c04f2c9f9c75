import { CHECKOUT_TEXTS } from "@plaza/contracts/payments.texts";
import { lazy, Suspense } from "react";
import { LoadingRegion, Skeleton } from "@/components/ui/skeleton";
import type { StripeCheckoutProps } from "./stripe-checkout";

// Stripe's React bindings load with the first checkout, never with the page that holds a Tip or Unlock button.
const StripeCheckout = lazy(() => import("./stripe-checkout"));

/** The second step of a payment dialog with Stripe: the Payment Element for the payment the server started. */
export function CheckoutStep(props: StripeCheckoutProps) {
  return (
    <Suspense
      fallback={
        <LoadingRegion label={CHECKOUT_TEXTS.formLoading}>
          <Skeleton className="h-36 w-full" />
        </LoadingRegion>
      }
    >
      <StripeCheckout {...props} />
    </Suspense>
  );
}
