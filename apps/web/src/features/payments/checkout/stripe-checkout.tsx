import type { PaymentStartedView } from "@plaza/contracts/payments";
import { CHECKOUT_TEXTS } from "@plaza/contracts/payments.texts";
import { Elements, PaymentElement, useElements, useStripe } from "@stripe/react-stripe-js";
import type { Appearance, StripeElementLocale } from "@stripe/stripe-js";
import { CircleCheck } from "lucide-react";
import { type FormEvent, useEffect, useMemo, useState } from "react";
import { defineMessages, useIntl } from "react-intl";
import { Button } from "@/components/ui/button";
import { LoadingRegion, Skeleton } from "@/components/ui/skeleton";
import { useText } from "@/i18n/texts";
import { paths } from "@/lib/paths";
import { useTheme } from "@/lib/theme";
import { isSettledPayment, usePayment } from "../api/get-payment";
import { stripeFor } from "./load-stripe";

const messages = defineMessages({
  formLabel: { id: "payments.checkout.formLabel", defaultMessage: "Payment details" },
});

export interface StripeCheckoutProps {
  started: PaymentStartedView;
  publishableKey: string;
  amountCents: number;
  /** Stripe's webhook reached the server and the payment succeeded: what was bought has taken effect. */
  onSucceeded(): void;
  /** After a failed payment: start a new one (the dialog asks the server again). */
  onRestart?(): void;
}

/** Stripe's form in Plaza's colours (the brand indigo, rounded like our inputs), light or dark like the page. */
function appearanceFor(isDark: boolean): Appearance {
  return {
    theme: isDark ? "night" : "stripe",
    variables: { colorPrimary: isDark ? "#818cf8" : "#4f46e5", borderRadius: "8px", fontSizeBase: "16px" },
  };
}

function prefersDark(theme: string): boolean {
  if (theme === "dark") return true;
  if (theme === "light") return false;
  return window.matchMedia?.("(prefers-color-scheme: dark)").matches ?? false;
}

/**
 * The Payment Element for a payment the server has started (a PaymentIntent on the creator's connected account):
 * cards, wallets and Link as Stripe offers them, 3-D Secure included. Confirming it does not make the purchase:
 * the screen then follows the payment's state until Stripe's webhook has reached the server.
 */
export default function StripeCheckout(props: StripeCheckoutProps) {
  const { started, publishableKey } = props;
  const intl = useIntl();
  const text = useText();
  const theme = useTheme();
  const stripe = useMemo(
    () => stripeFor(publishableKey, started.stripeAccount),
    [publishableKey, started.stripeAccount],
  );
  const [hasStripeFailed, setHasStripeFailed] = useState(false);
  useEffect(() => {
    let isCurrent = true;
    stripe.then(
      (loaded) => isCurrent && setHasStripeFailed(loaded === null),
      () => isCurrent && setHasStripeFailed(true),
    );
    return () => {
      isCurrent = false;
    };
  }, [stripe]);
  if (hasStripeFailed) {
    return (
      <p role="alert" className="text-sm text-red-600">
        {text(CHECKOUT_TEXTS.formFailed)}
      </p>
    );
  }
  return (
    <Elements
      // A new payment (a retry after a failure) starts a new form.
      key={started.clientSecret}
      stripe={stripe}
      options={{
        clientSecret: started.clientSecret,
        appearance: appearanceFor(prefersDark(theme)),
        // Stripe's own form speaks the page's language.
        locale: intl.locale as StripeElementLocale,
      }}
    >
      <CheckoutForm {...props} />
    </Elements>
  );
}

type Phase = "entering" | "confirming" | "following";

function CheckoutForm({ started, amountCents, onSucceeded, onRestart }: StripeCheckoutProps) {
  const intl = useIntl();
  const text = useText();
  const stripe = useStripe();
  const elements = useElements();
  const [isReady, setIsReady] = useState(false);
  const [hasLoadFailed, setHasLoadFailed] = useState(false);
  const [phase, setPhase] = useState<Phase>("entering");
  const [problem, setProblem] = useState<string | null>(null);
  const payment = usePayment(started.paymentId, { isFollowing: phase === "following" });
  const status = payment.data?.status;
  const isSucceeded = phase === "following" && status === "succeeded";
  // biome-ignore lint/correctness/useExhaustiveDependencies: report the success once, not on a new callback
  useEffect(() => {
    if (isSucceeded) onSucceeded();
  }, [isSucceeded]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!stripe || !elements || phase !== "entering") return;
    setPhase("confirming");
    setProblem(null);
    const result = await stripe.confirmPayment({
      elements,
      // Only methods that must leave the page (some banks' 3-D Secure, redirect wallets) come back here.
      redirect: "if_required",
      confirmParams: { return_url: new URL(paths.pay(started.paymentId), window.location.origin).href },
    });
    if (result.error) {
      // Card errors and validation errors are Stripe's own words for the payer; nothing was charged.
      setProblem(result.error.message ?? text(CHECKOUT_TEXTS.failed));
      setPhase("entering");
      return;
    }
    setPhase("following");
    void payment.refetch();
  };

  if (phase === "following") {
    if (status === "succeeded") {
      return (
        <p role="status" className="flex items-center gap-2 text-sm font-medium text-emerald-700">
          <CircleCheck aria-hidden className="h-5 w-5" /> {text(CHECKOUT_TEXTS.succeeded)}
        </p>
      );
    }
    if (status && isSettledPayment(status)) {
      return (
        <div className="space-y-3">
          <p role="alert" className="text-sm text-red-600">
            {text(status === "refunded" ? CHECKOUT_TEXTS.refunded : CHECKOUT_TEXTS.failed)}
          </p>
          {status === "failed" && onRestart && (
            <Button type="button" variant="outline" onClick={onRestart}>
              {text(CHECKOUT_TEXTS.tryAgain)}
            </Button>
          )}
        </div>
      );
    }
    return (
      <LoadingRegion label={text(CHECKOUT_TEXTS.confirming)} isLabelVisible>
        <Skeleton className="h-10 w-full" />
      </LoadingRegion>
    );
  }

  return (
    <form
      onSubmit={submit}
      className="space-y-3"
      aria-label={intl.formatMessage(messages.formLabel)}
      data-testid="stripe-checkout"
    >
      {!isReady && !hasLoadFailed && (
        <LoadingRegion label={text(CHECKOUT_TEXTS.formLoading)}>
          <Skeleton className="h-36 w-full" />
        </LoadingRegion>
      )}
      <PaymentElement
        options={{ layout: "tabs" }}
        onReady={() => setIsReady(true)}
        onLoadError={() => setHasLoadFailed(true)}
      />
      {hasLoadFailed && (
        <p role="alert" className="text-sm text-red-600">
          {text(CHECKOUT_TEXTS.formFailed)}
        </p>
      )}
      {problem && (
        <p role="alert" className="text-sm text-red-600">
          {problem}
        </p>
      )}
      <Button type="submit" className="w-full" disabled={!isReady || phase !== "entering"}>
        {text(phase === "confirming" ? CHECKOUT_TEXTS.paying : CHECKOUT_TEXTS.pay(amountCents))}
      </Button>
    </form>
  );
}
