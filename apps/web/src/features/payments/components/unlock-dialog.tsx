import {
  dollarsToCents,
  formatCents,
  PAYMENT_MESSAGES,
  type PpvUnlockBody,
  type SubscribeBody,
  UNLOCK_TEXTS,
} from "@plaza/contracts/payments";
import { Lock } from "lucide-react";
import { useState } from "react";
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
import { useSubscriptionStatus } from "../api/get-subscription-status";
import { useSubscribe } from "../api/subscribe";
import { useUnlockPost } from "../api/unlock-post";
import { useIdempotencyKey } from "../hooks/use-idempotency-key";
import { CreatorReceivesNote } from "./creator-receives-note";
import {
  EMPTY_PAYMENT_CHOICE,
  type PaymentChoice,
  PaymentMethodFields,
  paymentChoiceProblem,
  paymentFieldsOf,
} from "./payment-method-fields";

/** What the unlock dialog needs to know about a locked post (fields of the post as read, docs/PRODUCT.md §3). */
export interface LockedPost {
  id: string;
  authorId: string;
  authorName: string;
  postType: "free" | "ppv" | "subscriber";
  /** Pay-per-view price in dollars. */
  price: number | null;
  ppvPrice?: number | null;
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
  const [payment, setPayment] = useState<PaymentChoice>(EMPTY_PAYMENT_CHOICE);
  const [paymentProblem, setPaymentProblem] = useState<string | null>(null);
  const unlock = useUnlockPost();
  const subscribe = useSubscribe();
  const idempotency = useIdempotencyKey();
  const isPayPerView = post.postType === "ppv";
  const status = useSubscriptionStatus(post.authorId, isOpen && !isPayPerView);
  const price = ppvPriceOf(post);
  const amountCents = isPayPerView ? (price ? dollarsToCents(price) : null) : (status.data?.priceCents ?? null);
  const isPending = unlock.isPending || subscribe.isPending;

  const close = () => {
    setPayment(EMPTY_PAYMENT_CHOICE);
    setPaymentProblem(null);
    onOpenChange(false);
  };

  const checkPayment = () => {
    const problem = paymentChoiceProblem(payment);
    setPaymentProblem(problem);
    return problem === null;
  };

  const buyUnlock = () => {
    if (!checkPayment() || price === null) return;
    const body: PpvUnlockBody = { postId: post.id, amount: price, ...paymentFieldsOf(payment) };
    // mutateAsync: the unlocked post replaces this overlay (and dialog) before a mutate callback could run.
    unlock.mutateAsync({ body, idempotencyKey: idempotency.keyFor(body) }).then(
      () => {
        idempotency.finishIntent();
        toast({ title: UNLOCK_TEXTS.unlocked });
        close();
      },
      (error: unknown) => toastFailure(error, undefined, UNLOCK_TEXTS.failed),
    );
  };

  const buySubscription = () => {
    if (!checkPayment()) return;
    const body: SubscribeBody = { creatorId: post.authorId, ...paymentFieldsOf(payment) };
    subscribe.mutateAsync({ body, idempotencyKey: idempotency.keyFor(body) }).then(
      () => {
        idempotency.finishIntent();
        toast({ title: PAYMENT_MESSAGES.subscribed });
        close();
      },
      (error: unknown) => toastFailure(error, undefined, PAYMENT_MESSAGES.subscribeFailed),
    );
  };

  return (
    <Dialog open={isOpen} onOpenChange={(next) => (next ? onOpenChange(true) : close())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle className="flex items-center gap-2">
            <Lock aria-hidden className="h-4 w-4" /> {isPayPerView ? "Unlock this post" : "Subscribers only"}
          </DialogTitle>
          <DialogDescription>
            {isPayPerView
              ? `Pay once to see this post by ${post.authorName}.`
              : `Subscribe to ${post.authorName} to see their subscriber posts.`}
          </DialogDescription>
        </DialogHeader>
        {!isPayPerView && perks.length > 0 && (
          <ul
            className="space-y-1 rounded-md bg-brand-50 p-3 text-sm"
            aria-label="Subscriber perks"
            data-testid="dialog-perks"
          >
            {perks.map((perk) => (
              <li key={perk}>{perk}</li>
            ))}
          </ul>
        )}
        {isPayPerView ? (
          <p className="text-2xl font-semibold">{amountCents ? formatCents(amountCents) : "—"}</p>
        ) : status.isLoading ? (
          <LoadingRegion label="Loading price...">
            <Skeleton className="h-8 w-32" />
          </LoadingRegion>
        ) : (
          <p className="text-2xl font-semibold" data-testid="subscription-price">
            {amountCents ? `${formatCents(amountCents)}/mo` : "—"}
          </p>
        )}
        <PaymentMethodFields value={payment} onChange={setPayment} isDisabled={isPending} />
        {paymentProblem && (
          <p role="alert" className="text-sm text-red-600">
            {paymentProblem}
          </p>
        )}
        <CreatorReceivesNote amountCents={amountCents} creatorName={post.authorName} />
        <DialogFooter>
          <Button type="button" variant="outline" onClick={close}>
            Cancel
          </Button>
          {isPayPerView ? (
            <Button type="button" onClick={buyUnlock} disabled={isPending || !amountCents}>
              {unlock.isPending ? "Unlocking..." : `Unlock for ${amountCents ? formatCents(amountCents) : ""}`}
            </Button>
          ) : (
            <Button type="button" onClick={buySubscription} disabled={isPending || !amountCents}>
              {subscribe.isPending
                ? "Subscribing..."
                : `Subscribe for ${amountCents ? formatCents(amountCents) : ""}/mo`}
            </Button>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
