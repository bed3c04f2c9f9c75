import type { SubscriberView } from "@plaza/contracts/payments";
import { formatCents } from "@plaza/contracts/payments.texts";
import { Link } from "wouter";
import { Avatar, AvatarFallback, AvatarImage } from "@/components/ui/avatar";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { LoadMore } from "@/components/ui/load-more";
import { SkeletonList } from "@/components/ui/skeleton";
import { paths } from "@/lib/paths";
import { useSubscribers } from "../api/get-subscribers";

const formatDate = (iso: string) => new Date(iso).toLocaleDateString(undefined, { dateStyle: "medium" });

function SubscriberRow({ row }: { row: SubscriberView }) {
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
          <span className="font-medium">{name}</span> <span className="text-gray-500">@{subscriber.username}</span>
        </span>
      </Link>
      <div className="text-right text-sm text-gray-600">
        <p>
          {formatCents(row.priceCents)}/mo · since {formatDate(row.since)}
        </p>
        {row.status === "active" && row.willRenew ? (
          <p>renews on {formatDate(row.currentPeriodEnd)}</p>
        ) : (
          <Badge variant="secondary">
            {row.status === "expired" ? "Ended" : `Cancelled, until ${formatDate(row.currentPeriodEnd)}`}
          </Badge>
        )}
      </div>
    </li>
  );
}

/** A creator's subscribers (Patreon's patron list): who pays, how much, since when, and whether it renews. */
export function SubscriberList({ isCreator }: { isCreator: boolean }) {
  const subscribers = useSubscribers(isCreator);
  if (!isCreator) return null;
  const rows = subscribers.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <Card>
      <CardHeader>
        <CardTitle>Your subscribers</CardTitle>
        <CardDescription>People who pay for your subscriber posts each month.</CardDescription>
      </CardHeader>
      <CardContent>
        {subscribers.isLoading && <SkeletonList label="Loading subscribers..." count={2} hasAvatar />}
        {subscribers.isError && <p className="text-sm text-red-600">Could not load your subscribers.</p>}
        {subscribers.isSuccess && rows.length === 0 && (
          <p className="text-sm text-gray-500">
            No subscribers yet. Subscriber-only posts give people a reason to join.
          </p>
        )}
        {rows.length > 0 && (
          <ul className="divide-y" aria-label="Subscribers">
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
