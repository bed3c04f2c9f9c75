import type { LocationQuery } from "@plaza/contracts/location";
import { TrendingUp } from "lucide-react";
import { defineMessages, useIntl } from "react-intl";
import { Card, CardContent } from "@/components/ui/card";
import { useTrending } from "../api/get-trending";
import { PostCard } from "./post-card";
import { PostListSkeleton } from "./post-list-skeleton";
import type { PostSlots } from "./post-slots";

const messages = defineMessages({
  failed: { id: "posts.trending.failed", defaultMessage: "Failed to fetch posts" },
  empty: { id: "posts.trending.empty", defaultMessage: "Nothing trending yet" },
  emptyHint: {
    id: "posts.trending.emptyHint",
    defaultMessage: "The most-liked posts of the last week will appear here.",
  },
});

/** The Trending tab: the most-liked recent posts (near the location filter when one is set). */
export function TrendingPosts({
  viewerId,
  location,
  slots,
}: {
  viewerId: string;
  location: LocationQuery;
  slots?: PostSlots;
}) {
  const intl = useIntl();
  const trending = useTrending(location);
  if (trending.isLoading) return <PostListSkeleton />;
  if (trending.isError) return <p className="p-6 text-center text-red-600">{intl.formatMessage(messages.failed)}</p>;
  const posts = trending.data ?? [];
  if (posts.length === 0) {
    return (
      <Card>
        <CardContent className="flex flex-col items-center gap-2 p-8 text-center">
          <TrendingUp aria-hidden className="h-10 w-10 text-gray-400" />
          <p className="font-medium">{intl.formatMessage(messages.empty)}</p>
          <p className="text-sm text-gray-500">{intl.formatMessage(messages.emptyHint)}</p>
        </CardContent>
      </Card>
    );
  }
  return (
    <div className="space-y-4">
      {posts.map((post) => (
        <PostCard key={post.id} post={post} viewerId={viewerId} slots={slots} />
      ))}
    </div>
  );
}
