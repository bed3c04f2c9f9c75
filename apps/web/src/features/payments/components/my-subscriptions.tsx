import type { MySubscriptionView } from "@plaza/contracts/payments";
import { PAYMENT_MESSAGES } from "@plaza/contracts/payments.texts";
import { useState } from "react";
import { defineMessages, useIntl } from "react-intl";
import { Link } from "wouter";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { SkeletonList } from "@/components/ui/skeleton";
import { toast, toastFailure } from "@/components/ui/use-toast";
import { useText } from "@/i18n/texts";
import { paths } from "@/lib/paths";
import { useCancelSubscription } from "../api/cancel-subscription";
import { useMySubscriptions } from "../api/get-my-subscriptions";
import { useMoney } from "../hooks/use-money";

const messages = defineMessages({
  cancelFailed: { id: "payments.mySubscriptions.cancelFailed", defaultMessage: "Failed to cancel the subscription" },
  cancel: { id: "payments.mySubscriptions.cancel", defaultMessage: "Cancel subscription" },
  keepIt: { id: "payments.mySubscriptions.keepIt", defaultMessage: "Keep it" },
  cancelled: { id: "payments.mySubscriptions.cancelled", defaultMessage: "Cancelled" },
  ended: { id: "payments.mySubscriptions.ended", defaultMessage: "Ended" },
  title: { id: "payments.mySubscriptions.title", defaultMessage: "Your subscriptions" },
  loading: { id: "payments.mySubscriptions.loading", defaultMessage: "Loading subscriptions..." },
  empty: { id: "payments.mySubscriptions.empty", defaultMessage: "You are not subscribed to anyone yet." },
});

const phrases = defineMessages<{
  renewsOn: { price: string; date: string };
  accessUntil: { price: string; date: string };
  endedOn: { price: string; date: string };
  confirmTitle: { name: string };
  confirmDescription: { date: string };
}>({
  renewsOn: { id: "payments.mySubscriptions.renewsOn", defaultMessage: "{price}/mo · renews on {date}" },
  accessUntil: { id: "payments.mySubscriptions.accessUntil", defaultMessage: "{price}/mo · access until {date}" },
  endedOn: { id: "payments.mySubscriptions.endedOn", defaultMessage: "{price}/mo · ended on {date}" },
  confirmTitle: { id: "payments.mySubscriptions.confirmTitle", defaultMessage: "Cancel your subscription to {name}?" },
  confirmDescription: {
    id: "payments.mySubscriptions.confirmDescription",
    defaultMessage: "It will not renew. You keep access to subscriber posts until {date}.",
  },
});

function SubscriptionRow({ subscription }: { subscription: MySubscriptionView }) {
  const intl = useIntl();
  const text = useText();
  const money = useMoney();
  const cancel = useCancelSubscription(subscription.creatorId);
  const periodEnd = intl.formatDate(subscription.currentPeriodEnd);
  const price = money.cents(subscription.priceCents);
  const name = subscription.creator.firstName ?? subscription.creator.username;
  const [isConfirming, setIsConfirming] = useState(false);
  const onCancel = () => {
    setIsConfirming(false);
    cancel.mutate(undefined, {
      onSuccess: () => toast({ title: text(PAYMENT_MESSAGES.subscriptionCancelled) }),
      onError: (error) => toastFailure(error, intl.formatMessage(messages.cancelFailed)),
    });
  };
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3">
      <div>
        <Link href={paths.profile(subscription.creatorId)} className="font-medium hover:underline">
          {name}{" "}
          <span className="font-normal text-gray-500">
            <bdi dir="ltr">@{subscription.creator.username}</bdi>
          </span>
        </Link>
        <p className="text-sm text-gray-600">
          {intl.formatMessage(
            subscription.willRenew ? phrases.renewsOn : subscription.hasAccess ? phrases.accessUntil : phrases.endedOn,
            { price, date: periodEnd },
          )}
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
            {intl.formatMessage(messages.cancel)}
          </Button>
          <ConfirmDialog
            isOpen={isConfirming}
            title={intl.formatMessage(phrases.confirmTitle, { name })}
            description={intl.formatMessage(phrases.confirmDescription, { date: periodEnd })}
            confirmLabel={intl.formatMessage(messages.cancel)}
            cancelLabel={intl.formatMessage(messages.keepIt)}
            confirmVariant="default"
            onConfirm={onCancel}
            onCancel={() => setIsConfirming(false)}
          />
        </>
      ) : (
        <Badge variant="secondary">
          {intl.formatMessage(subscription.hasAccess ? messages.cancelled : messages.ended)}
        </Badge>
      )}
    </li>
  );
}

/** The creators the signed-in user supports, with cancel (stops renewal; access lasts until the period ends). */
export function MySubscriptions() {
  const intl = useIntl();
  const subscriptions = useMySubscriptions();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{intl.formatMessage(messages.title)}</CardTitle>
      </CardHeader>
      <CardContent>
        {subscriptions.isLoading ? (
          <SkeletonList label={intl.formatMessage(messages.loading)} count={2} hasAvatar />
        ) : !subscriptions.data || subscriptions.data.length === 0 ? (
          <p className="text-sm text-gray-500">{intl.formatMessage(messages.empty)}</p>
        ) : (
          <ul className="divide-y" aria-label={intl.formatMessage(messages.title)}>
            {subscriptions.data.map((subscription) => (
              <SubscriptionRow key={subscription.id} subscription={subscription} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
