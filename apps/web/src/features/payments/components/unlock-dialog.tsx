import type { PaymentStartedView, PpvUnlockBody, SubscribeBody } from "@plaza/contracts/payments";
import {
  CHECKOUT_TEXTS,
  dollarsToCents,
  isPaymentStarted,
  PAYMENT_MESSAGES,
  subscriptionTermsText,
  UNLOCK_TEXTS,
} from "@plaza/contracts/payments.texts";
import { useQueryClient } from "@tanstack/react-query";
import { Lock } from "lucide-react";
import { useState } from "react";
import { defineMessages, useIntl } from "react-intl";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { LoadingRegion, Skeleton } from "@/components/ui/skeleton";
import { toast, toastFailure } from "@/components/ui/use-toast";
import { useText } from "@/i18n/texts";
import { usePaymentsConfig } from "@/lib/app-config";
import { usePayeeReadiness } from "../api/get-payee-readiness";
import { useSubscriptionStatus } from "../api/get-subscription-status";
import { refreshUnlockedContent } from "../api/refresh-unlocked-content";
import { useSubscribe } from "../api/subscribe";
import { useUnlockPost } from "../api/unlock-post";
import { CheckoutStep } from "../checkout/checkout-step";
import { useIdempotencyKey } from "../hooks/use-idempotency-key";
import { useMoney } from "../hooks/use-money";
import { CreatorReceivesNote } from "./creator-receives-note";
import { PayeeNotReadyNote } from "./payee-not-ready-note";
import {
  EMPTY_PAYMENT_CHOICE,
  type PaymentChoice,
  PaymentMethodFields,
  paymentChoiceProblem,
  paymentFieldsOf,
} from "./payment-method-fields";

const messages = defineMessages({
  unlockTitle: { id: "payments.unlock.unlockTitle", defaultMessage: "Unlock this post" },
  subscribersTitle: { id: "payments.unlock.subscribersTitle", defaultMessage: "Subscribers only" },
  perks: { id: "payments.unlock.perks", defaultMessage: "Subscriber perks" },
  loadingPrice: { id: "payments.unlock.loadingPrice", defaultMessage: "Loading price..." },
  cancel: { id: "payments.unlock.cancel", defaultMessage: "Cancel" },
  unlocking: { id: "payments.unlock.unlocking", defaultMessage: "Unlocking..." },
  subscribing: { id: "payments.unlock.subscribing", defaultMessage: "Subscribing..." },
});

const phrases = defineMessages<{
  unlockDescription: { name: string };
  subscribeDescription: { name: string };
  perMonth: { price: string };
  unlockFor: { price: string };
  subscribeFor: { price: string };
}>({
  unlockDescription: {
    id: "payments.unlock.unlockDescription",
    defaultMessage: "Pay once to see this post by {name}.",
  },
  subscribeDescription: {
    id: "payments.unlock.subscribeDescription",
    defaultMessage: "Subscribe to {name} to see their subscriber posts.",
  },
  perMonth: { id: "payments.unlock.perMonth", defaultMessage: "{price}/mo" },
  unlockFor: { id: "payments.unlock.unlockFor", defaultMessage: "Unlock for {price}" },
  subscribeFor: { id: "payments.unlock.subscribeFor", defaultMessage: "Subscribe for {price}/mo" },
});

/** What the unlock dialog needs to know about a locked post (fields of the post as read, docs/PRODUCT.md §3). */
export interface LockedPost {
  id: string;
  authorId: string;
  authorName: string;
  postType: "free" | "ppv" | "subscriber";
  /** Pay-per-view price in dollars. */
  price: number | null;
  ppvPrice?: number | null;
  /** What the dialog shows of what is being bought: the title and the part of the text anyone may read. */
  title?: string | null;
  content?: string;
}

export function ppvPriceOf(post: LockedPost): number | null {
  return post.ppvPrice ?? post.price;
}

/** Unlock dialog of docs/PRODUCT.md §2: pay-per-view at the post's price, or a subscription at the creator's real price. */
export function UnlockDialog({
  post,
  isOpen,
  onOpenChange,
  perks = [],
}: {
  post: LockedPost;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /** Partner perks a subscription also gets, one sentence each. */
  perks?: string[];
}) {
  const intl = useIntl();
  const text = useText();
  const money = useMoney();
  const [payment, setPayment] = useState<PaymentChoice>(EMPTY_PAYMENT_CHOICE);
  const [paymentProblem, setPaymentProblem] = useState<string | null>(null);
  const [started, setStarted] = useState<PaymentStartedView | null>(null);
  const queryClient = useQueryClient();
  const payments = usePaymentsConfig();
  const isStripe = payments?.provider === "stripe";
  const unlock = useUnlockPost();
  const subscribe = useSubscribe();
  const idempotency = useIdempotencyKey();
  const payee = usePayeeReadiness(post.authorId, isOpen && isStripe);
  const isPayPerView = post.postType === "ppv";
  const status = useSubscriptionStatus(post.authorId, isOpen && !isPayPerView);
  const price = ppvPriceOf(post);
  const amountCents = isPayPerView ? (price ? dollarsToCents(price) : null) : (status.data?.priceCents ?? null);
  const isPending = unlock.isPending || subscribe.isPending;

  const close = () => {
    setPayment(EMPTY_PAYMENT_CHOICE);
    setPaymentProblem(null);
    setStarted(null);
    onOpenChange(false);
  };

  /** With Stripe the method is chosen in Stripe's form after the server has started the payment. */
  const checkPayment = () => {
    const problem = isStripe ? null : paymentChoiceProblem(payment, intl);
    setPaymentProblem(problem);
    return problem === null;
  };
  const paymentFields = () => (isStripe ? { paymentMethod: "card" as const } : paymentFieldsOf(payment));
  const successTitle = text(isPayPerView ? UNLOCK_TEXTS.unlocked : PAYMENT_MESSAGES.subscribed);

  /** The purchase took effect (at once with the test provider, on Stripe's webhook with Stripe). */
  const bought = () => {
    toast({ title: successTitle });
    close();
  };
  const answered = (answer: unknown) => {
    idempotency.finishIntent();
    if (isPaymentStarted(answer)) setStarted(answer);
    else bought();
  };

  const buyUnlock = () => {
    if (!checkPayment() || price === null) return;
    const body: PpvUnlockBody = { postId: post.id, amount: price, ...paymentFields() };
    // mutateAsync: the unlocked post replaces this overlay (and dialog) before a mutate callback could run.
    unlock
      .mutateAsync({ body, idempotencyKey: idempotency.keyFor(body) })
      .then(answered, (error: unknown) => toastFailure(error, undefined, text(UNLOCK_TEXTS.failed)));
  };

  const buySubscription = () => {
    if (!checkPayment()) return;
    const body: SubscribeBody = { creatorId: post.authorId, ...paymentFields() };
    subscribe
      .mutateAsync({ body, idempotencyKey: idempotency.keyFor(body) })
      .then(answered, (error: unknown) => toastFailure(error, undefined, text(PAYMENT_MESSAGES.subscribeFailed)));
  };

  return (
    <Dialog open={isOpen} onOpenChange={(next) => (next ? onOpenChange(true) : close())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle className="flex items-center gap-2">
            <Lock aria-hidden className="h-4 w-4" />{" "}
            {intl.formatMessage(isPayPerView ? messages.unlockTitle : messages.subscribersTitle)}
          </DialogTitle>
          <DialogDescription>
            {intl.formatMessage(isPayPerView ? phrases.unlockDescription : phrases.subscribeDescription, {
              name: post.authorName,
            })}
          </DialogDescription>
        </DialogHeader>
        {!isPayPerView && perks.length > 0 && (
          <ul
            className="space-y-1 rounded-md bg-brand-50 p-3 text-sm"
            aria-label={intl.formatMessage(messages.perks)}
            data-testid="dialog-perks"
          >
            {perks.map((perk) => (
              <li key={perk}>{perk}</li>
            ))}
          </ul>
        )}
        {isPayPerView && <PurchasePreview post={post} />}
        {isPayPerView ? (
          <p className="text-2xl font-semibold">{amountCents ? money.cents(amountCents) : "—"}</p>
        ) : status.isLoading ? (
          <LoadingRegion label={intl.formatMessage(messages.loadingPrice)}>
            <Skeleton className="h-8 w-32" />
          </LoadingRegion>
        ) : (
          <div className="space-y-1">
            <p className="text-2xl font-semibold" data-testid="subscription-price">
              {amountCents ? intl.formatMessage(phrases.perMonth, { price: money.cents(amountCents) }) : "—"}
            </p>
            <p className="text-sm text-gray-600" data-testid="subscription-terms">
              {text(subscriptionTermsText(amountCents))}
            </p>
          </div>
        )}
        {started && amountCents ? (
          <CheckoutStep
            started={started}
            publishableKey={payments?.stripePublishableKey ?? ""}
            amountCents={amountCents}
            onSucceeded={() => {
              bought();
              void refreshUnlockedContent(queryClient);
            }}
            onRestart={() => setStarted(null)}
          />
        ) : (
          !isStripe && <PaymentMethodFields value={payment} onChange={setPayment} isDisabled={isPending} />
        )}
        {paymentProblem && (
          <p role="alert" className="text-sm text-red-600">
            {paymentProblem}
          </p>
        )}
        <CreatorReceivesNote amountCents={amountCents} creatorName={post.authorName} />
        {!started && <PayeeNotReadyNote message={payee.message} />}
        {!started && (
          <DialogFooter>
            <Button type="button" variant="outline" onClick={close}>
              {intl.formatMessage(messages.cancel)}
            </Button>
            {isPayPerView ? (
              <Button type="button" onClick={buyUnlock} disabled={isPending || !amountCents || !payee.isReady}>
                {unlock.isPending
                  ? intl.formatMessage(messages.unlocking)
                  : isStripe
                    ? text(CHECKOUT_TEXTS.continue)
                    : intl.formatMessage(phrases.unlockFor, { price: amountCents ? money.cents(amountCents) : "" })}
              </Button>
            ) : (
              <Button type="button" onClick={buySubscription} disabled={isPending || !amountCents || !payee.isReady}>
                {subscribe.isPending
                  ? intl.formatMessage(messages.subscribing)
                  : isStripe
                    ? text(CHECKOUT_TEXTS.continue)
                    : intl.formatMessage(phrases.subscribeFor, {
                        price: amountCents ? money.cents(amountCents) : "",
                      })}
              </Button>
            )}
          </DialogFooter>
        )}
      </DialogContent>
    </Dialog>
  );
}

/**
 * What a pay-per-view unlock buys: the post's title and the part of its text anyone may read, fading out where the
 * hidden part begins (the server never sends that part before the unlock).
 */
function PurchasePreview({ post }: { post: LockedPost }) {
  if (!post.title && !post.content) return null;
  return (
    <div className="rounded-md border bg-gray-50 p-3" data-testid="purchase-preview">
      {post.title && <p className="font-semibold break-words">{post.title}</p>}
      {post.content && (
        <div className="relative mt-1 max-h-24 overflow-hidden">
          <p dir="auto" className="text-sm break-words whitespace-pre-wrap text-gray-700">
            {post.content}
          </p>
          <div aria-hidden className="mt-1 space-y-1.5 blur-[3px] select-none">
            <div className="h-3 w-full rounded bg-gray-300" />
            <div className="h-3 w-11/12 rounded bg-gray-300" />
            <div className="h-3 w-3/4 rounded bg-gray-300" />
          </div>
        </div>
      )}
    </div>
  );
}
