import type { FriendActivityView } from "@plaza/contracts/checkins";
import { FRIEND_ACTIVITY_SHOWN } from "@plaza/contracts/constants";
import { displayName } from "@plaza/contracts/users.texts";
import { Users } from "lucide-react";
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

/** Friends' check-ins and reviews, newest first. */
export function FriendActivityList({ limit }: { limit: number }) {
  const { data, isLoading, isError } = useFriendActivity(limit);
  // One placeholder per item to come, each as tall as a two-line item, so that what is below moves less.
  if (isLoading) {
    return <SkeletonList label="Loading friend activity..." count={limit} itemClassName="h-14" hasAvatar />;
  }
  if (isError) return <p className="text-sm text-red-600">Could not load friend activity.</p>;
  return <FriendActivityItems items={data ?? []} />;
}

/** All of friends' activity with a 'Load more' button (the /activity page). */
export function FriendActivityFeed({ pageSize }: { pageSize: number }) {
  const { data, isLoading, isError, hasNextPage, fetchNextPage, isFetchingNextPage } = useFriendActivityPages(pageSize);
  if (isLoading) return <SkeletonList label="Loading friend activity..." count={3} hasAvatar />;
  if (isError) return <p className="text-sm text-red-600">Could not load friend activity.</p>;
  return (
    <div className="space-y-4">
      <FriendActivityItems items={data?.pages.flatMap((page) => page.data) ?? []} />
      {hasNextPage && (
        <Button variant="outline" onClick={() => fetchNextPage()} disabled={isFetchingNextPage}>
          {isFetchingNextPage ? "Loading..." : "Load more"}
        </Button>
      )}
    </div>
  );
}

function FriendActivityItems({ items: data }: { items: FriendActivityView[] }) {
  if (data.length === 0) {
    return (
      <EmptyState
        icon={Users}
        title="No recent activity from friends."
        description="Follow people to see where they check in."
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
                <Link href={paths.profile(item.userId)} className="font-medium hover:underline">
                  {name}
                </Link>{" "}
                {item.rating === null ? "checked in at" : "reviewed"}{" "}
                <Link href={paths.business(item.businessId)} className="font-medium hover:underline">
                  {item.businessName}
                </Link>
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
  return (
    <div className="space-y-3">
      <FriendActivityList limit={FRIEND_ACTIVITY_SHOWN} />
      <Link href={paths.activity} className="block text-sm font-medium text-brand-600 hover:underline">
        View all activity
      </Link>
    </div>
  );
}

/** The same in its own card. */
export function FriendActivity() {
  return (
    <Card>
      <CardHeader className="pb-2">
        <CardTitle className="text-base">Friend Activity</CardTitle>
      </CardHeader>
      <CardContent>
        <FriendActivityPreview />
      </CardContent>
    </Card>
  );
}
