import type { FriendActivityView } from "@plaza/contracts/checkins";
import { FRIEND_ACTIVITY_SHOWN } from "@plaza/contracts/constants";
import { displayName } from "@plaza/contracts/users.texts";
import { Users } from "lucide-react";
import { defineMessages, FormattedMessage, type MessageValue, useIntl } from "react-intl";
import { Link } from "wouter";
import { Avatar, AvatarFallback, AvatarImage } from "@/components/ui/avatar";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { RelativeTime } from "@/components/ui/relative-time";
import { SkeletonList } from "@/components/ui/skeleton";
import { paths } from "@/lib/paths";
import { useFriendActivity } from "../api/get-friend-activity";
import { useFriendActivityPages } from "../api/get-friend-activity-pages";
import { StarRating } from "./star-rating";

const phrases = defineMessages<{
  checkedIn: { name: MessageValue; business: MessageValue };
  reviewed: { name: MessageValue; business: MessageValue };
}>({
  checkedIn: { id: "businesses.friendActivity.checkedIn", defaultMessage: "{name} checked in at {business}" },
  reviewed: { id: "businesses.friendActivity.reviewed", defaultMessage: "{name} reviewed {business}" },
});
const messages = defineMessages({
  loading: { id: "businesses.friendActivity.loading", defaultMessage: "Loading friend activity..." },
  loadFailed: { id: "businesses.friendActivity.loadFailed", defaultMessage: "Could not load friend activity." },
  loadingMore: { id: "businesses.friendActivity.loadingMore", defaultMessage: "Loading..." },
  loadMore: { id: "businesses.friendActivity.loadMore", defaultMessage: "Load more" },
  empty: { id: "businesses.friendActivity.empty", defaultMessage: "No recent activity from friends." },
  emptyHint: { id: "businesses.friendActivity.emptyHint", defaultMessage: "Follow people to see where they check in." },
  viewAll: { id: "businesses.friendActivity.viewAll", defaultMessage: "View all activity" },
  title: { id: "businesses.friendActivity.title", defaultMessage: "Friend Activity" },
});

/** Friends' check-ins and reviews, newest first. */
export function FriendActivityList({ limit }: { limit: number }) {
  const intl = useIntl();
  const { data, isLoading, isError } = useFriendActivity(limit);
  // One placeholder per item to come, each as tall as a two-line item, so that what is below moves less.
  if (isLoading) {
    return <SkeletonList label={intl.formatMessage(messages.loading)} count={limit} itemClassName="h-14" hasAvatar />;
  }
  if (isError) return <p className="text-sm text-red-600">{intl.formatMessage(messages.loadFailed)}</p>;
  return <FriendActivityItems items={data ?? []} />;
}

/** All of friends' activity with a 'Load more' button (the /activity page). */
export function FriendActivityFeed({ pageSize }: { pageSize: number }) {
  const intl = useIntl();
  const { data, isLoading, isError, hasNextPage, fetchNextPage, isFetchingNextPage } = useFriendActivityPages(pageSize);
  if (isLoading) return <SkeletonList label={intl.formatMessage(messages.loading)} count={3} hasAvatar />;
  if (isError) return <p className="text-sm text-red-600">{intl.formatMessage(messages.loadFailed)}</p>;
  return (
    <div className="space-y-4">
      <FriendActivityItems items={data?.pages.flatMap((page) => page.data) ?? []} />
      {hasNextPage && (
        <Button variant="outline" onClick={() => fetchNextPage()} disabled={isFetchingNextPage}>
          {intl.formatMessage(isFetchingNextPage ? messages.loadingMore : messages.loadMore)}
        </Button>
      )}
    </div>
  );
}

function FriendActivityItems({ items: data }: { items: FriendActivityView[] }) {
  const intl = useIntl();
  if (data.length === 0) {
    return (
      <EmptyState
        icon={Users}
        title={intl.formatMessage(messages.empty)}
        description={intl.formatMessage(messages.emptyHint)}
        className="py-4"
      />
    );
  }
  return (
    <ul className="space-y-3">
      {data.map((item) => {
        const name = displayName(item.user);
        return (
          <li key={item.id} className="flex gap-2 text-sm">
            <Avatar className="h-8 w-8">
              {item.user.profileImageUrl && (
                <AvatarImage src={item.user.profileImageUrl} alt={name} width={32} height={32} />
              )}
              <AvatarFallback>{name.charAt(0).toUpperCase()}</AvatarFallback>
            </Avatar>
            <div className="min-w-0">
              <p>
                <FormattedMessage
                  {...(item.rating === null ? phrases.checkedIn : phrases.reviewed)}
                  values={{
                    name: (
                      <Link href={paths.profile(item.userId)} className="font-medium hover:underline">
                        {name}
                      </Link>
                    ),
                    business: (
                      <Link href={paths.business(item.businessId)} className="font-medium hover:underline">
                        {item.businessName}
                      </Link>
                    ),
                  }}
                />
              </p>
              {item.rating !== null && <StarRating rating={item.rating} />}
              {item.review && <p className="text-gray-600">{item.review}</p>}
              <p className="text-xs text-gray-500">
                <RelativeTime value={item.checkedInAt} />
              </p>
            </div>
          </li>
        );
      })}
    </ul>
  );
}

/** 5 items and a 'View all activity' link to /activity (docs/PRODUCT.md §2), for the home column's card. */
export function FriendActivityPreview() {
  const intl = useIntl();
  return (
    <div className="space-y-3">
      <FriendActivityList limit={FRIEND_ACTIVITY_SHOWN} />
      <Link href={paths.activity} className="block text-sm font-medium text-brand-600 hover:underline">
        {intl.formatMessage(messages.viewAll)}
      </Link>
    </div>
  );
}

/** The same in its own card. */
export function FriendActivity() {
  const intl = useIntl();
  return (
    <Card>
      <CardHeader className="pb-2">
        <CardTitle className="text-base">{intl.formatMessage(messages.title)}</CardTitle>
      </CardHeader>
      <CardContent>
        <FriendActivityPreview />
      </CardContent>
    </Card>
  );
}
