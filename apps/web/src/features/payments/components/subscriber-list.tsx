import type { SubscriberView } from "@plaza/contracts/payments";
import { defineMessages, useIntl } from "react-intl";
import { Link } from "wouter";
import { Avatar, AvatarFallback, AvatarImage } from "@/components/ui/avatar";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { LoadMore } from "@/components/ui/load-more";
import { SkeletonList } from "@/components/ui/skeleton";
import { paths } from "@/lib/paths";
import { useSubscribers } from "../api/get-subscribers";
import { useMoney } from "../hooks/use-money";

const messages = defineMessages({
  ended: { id: "payments.subscribers.ended", defaultMessage: "Ended" },
  title: { id: "payments.subscribers.title", defaultMessage: "Your subscribers" },
  description: {
    id: "payments.subscribers.description",
    defaultMessage: "People who pay for your subscriber posts each month.",
  },
  loading: { id: "payments.subscribers.loading", defaultMessage: "Loading subscribers..." },
  failed: { id: "payments.subscribers.failed", defaultMessage: "Could not load your subscribers." },
  empty: {
    id: "payments.subscribers.empty",
    defaultMessage: "No subscribers yet. Subscriber-only posts give people a reason to join.",
  },
  listLabel: { id: "payments.subscribers.listLabel", defaultMessage: "Subscribers" },
});

const phrases = defineMessages<{
  priceSince: { price: string; date: string };
  renewsOn: { date: string };
  cancelledUntil: { date: string };
}>({
  priceSince: { id: "payments.subscribers.priceSince", defaultMessage: "{price}/mo · since {date}" },
  renewsOn: { id: "payments.subscribers.renewsOn", defaultMessage: "renews on {date}" },
  cancelledUntil: { id: "payments.subscribers.cancelledUntil", defaultMessage: "Cancelled, until {date}" },
});

function SubscriberRow({ row }: { row: SubscriberView }) {
  const intl = useIntl();
  const money = useMoney();
  const formatDate = (iso: string) => intl.formatDate(iso, { dateStyle: "medium" });
  const { subscriber } = row;
  const name = [subscriber.firstName, subscriber.lastName].filter(Boolean).join(" ") || subscriber.username;
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3">
      <Link href={paths.profile(subscriber.id)} className="flex min-w-0 items-center gap-3 hover:underline">
        <Avatar className="h-9 w-9">
          {subscriber.profileImageUrl && <AvatarImage src={subscriber.profileImageUrl} alt="" />}
          <AvatarFallback>{name.slice(0, 1).toUpperCase()}</AvatarFallback>
        </Avatar>
        <span className="min-w-0 break-words">
          <span className="font-medium">{name}</span>{" "}
          <span className="text-gray-500">
            <bdi dir="ltr">@{subscriber.username}</bdi>
          </span>
        </span>
      </Link>
      <div className="text-end text-sm text-gray-600">
        <p>
          {intl.formatMessage(phrases.priceSince, { price: money.cents(row.priceCents), date: formatDate(row.since) })}
        </p>
        {row.status === "active" && row.willRenew ? (
          <p>{intl.formatMessage(phrases.renewsOn, { date: formatDate(row.currentPeriodEnd) })}</p>
        ) : (
          <Badge variant="secondary">
            {row.status === "expired"
              ? intl.formatMessage(messages.ended)
              : intl.formatMessage(phrases.cancelledUntil, { date: formatDate(row.currentPeriodEnd) })}
          </Badge>
        )}
      </div>
    </li>
  );
}

/** A creator's subscribers (Patreon's patron list): who pays, how much, since when, and whether it renews. */
export function SubscriberList({ isCreator }: { isCreator: boolean }) {
  const intl = useIntl();
  const subscribers = useSubscribers(isCreator);
  if (!isCreator) return null;
  const rows = subscribers.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <Card>
      <CardHeader>
        <CardTitle>{intl.formatMessage(messages.title)}</CardTitle>
        <CardDescription>{intl.formatMessage(messages.description)}</CardDescription>
      </CardHeader>
      <CardContent>
        {subscribers.isLoading && <SkeletonList label={intl.formatMessage(messages.loading)} count={2} hasAvatar />}
        {subscribers.isError && <p className="text-sm text-red-600">{intl.formatMessage(messages.failed)}</p>}
        {subscribers.isSuccess && rows.length === 0 && (
          <p className="text-sm text-gray-500">{intl.formatMessage(messages.empty)}</p>
        )}
        {rows.length > 0 && (
          <ul className="divide-y" aria-label={intl.formatMessage(messages.listLabel)}>
            {rows.map((row) => (
              <SubscriberRow key={row.subscriptionId} row={row} />
            ))}
          </ul>
        )}
        <LoadMore
          hasNextPage={subscribers.hasNextPage}
          isFetchingNextPage={subscribers.isFetchingNextPage}
          onLoadMore={() => subscribers.fetchNextPage()}
        />
      </CardContent>
    </Card>
  );
}
