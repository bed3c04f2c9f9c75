import type { MySubscriptionView } from "@plaza/contracts/payments";
import { formatCents, PAYMENT_MESSAGES } from "@plaza/contracts/payments.texts";
import { useState } from "react";
import { Link } from "wouter";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { SkeletonList } from "@/components/ui/skeleton";
import { toast, toastFailure } from "@/components/ui/use-toast";
import { paths } from "@/lib/paths";
import { useCancelSubscription } from "../api/cancel-subscription";
import { useMySubscriptions } from "../api/get-my-subscriptions";

const formatDate = (iso: string) => new Date(iso).toLocaleDateString();

function SubscriptionRow({ subscription }: { subscription: MySubscriptionView }) {
  const cancel = useCancelSubscription(subscription.creatorId);
  const name = subscription.creator.firstName ?? subscription.creator.username;
  const [isConfirming, setIsConfirming] = useState(false);
  const onCancel = () => {
    setIsConfirming(false);
    cancel.mutate(undefined, {
      onSuccess: () => toast({ title: PAYMENT_MESSAGES.subscriptionCancelled }),
      onError: (error) => toastFailure(error, "Failed to cancel the subscription"),
    });
  };
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3">
      <div>
        <Link href={paths.profile(subscription.creatorId)} className="font-medium hover:underline">
          {name} <span className="font-normal text-gray-500">@{subscription.creator.username}</span>
        </Link>
        <p className="text-sm text-gray-600">
          {formatCents(subscription.priceCents)}/mo ·{" "}
          {subscription.willRenew
            ? `renews on ${formatDate(subscription.currentPeriodEnd)}`
            : subscription.hasAccess
              ? `access until ${formatDate(subscription.currentPeriodEnd)}`
              : `ended on ${formatDate(subscription.currentPeriodEnd)}`}
        </p>
      </div>
      {subscription.willRenew ? (
        <>
          <Button
            type="button"
            variant="outline"
            size="sm"
            disabled={cancel.isPending}
            onClick={() => setIsConfirming(true)}
          >
            Cancel subscription
          </Button>
          <ConfirmDialog
            isOpen={isConfirming}
            title={`Cancel your subscription to ${name}?`}
            description={`It will not renew. You keep access to subscriber posts until ${formatDate(subscription.currentPeriodEnd)}.`}
            confirmLabel="Cancel subscription"
            cancelLabel="Keep it"
            confirmVariant="default"
            onConfirm={onCancel}
            onCancel={() => setIsConfirming(false)}
          />
        </>
      ) : (
        <Badge variant="secondary">{subscription.hasAccess ? "Cancelled" : "Ended"}</Badge>
      )}
    </li>
  );
}

/** The creators the signed-in user supports, with cancel (stops renewal; access lasts until the period ends). */
export function MySubscriptions() {
  const subscriptions = useMySubscriptions();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Your subscriptions</CardTitle>
      </CardHeader>
      <CardContent>
        {subscriptions.isLoading ? (
          <SkeletonList label="Loading subscriptions..." count={2} hasAvatar />
        ) : !subscriptions.data || subscriptions.data.length === 0 ? (
          <p className="text-sm text-gray-500">You are not subscribed to anyone yet.</p>
        ) : (
          <ul className="divide-y" aria-label="Your subscriptions">
            {subscriptions.data.map((subscription) => (
              <SubscriptionRow key={subscription.id} subscription={subscription} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
