import type { PostView } from "@plaza/contracts/posts";
import { MapPin } from "lucide-react";
import { useMemo } from "react";
import { defineMessages, useIntl } from "react-intl";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { useDeferredList } from "@/lib/use-deferred-list";
import { useProgressiveList } from "@/lib/use-progressive-list";
import { type NearbyArea, useNearby } from "../api/get-nearby";
import { useInfiniteScroll } from "../hooks/use-infinite-scroll";
import { openLocationFilterDialog } from "../hooks/use-location-filter";
import { PostCard } from "./post-card";
import { PostListSkeleton } from "./post-list-skeleton";
import type { PostSlots } from "./post-slots";

const NO_POSTS: PostView[] = [];

const phrases = defineMessages<{ postsWithinOf: { radius: number; place: string }; postsWithin: { radius: number } }>({
  postsWithinOf: { id: "posts.nearby.postsWithinOf", defaultMessage: "Posts within {radius, number} miles of {place}" },
  postsWithin: { id: "posts.nearby.postsWithin", defaultMessage: "Posts within {radius, number} miles" },
});
const messages = defineMessages({
  where: { id: "posts.nearby.where", defaultMessage: "Where are you?" },
  whereHint: {
    id: "posts.nearby.whereHint",
    defaultMessage: "Share your location, or add your city to your profile, to see posts from around you.",
  },
  useLocation: { id: "posts.nearby.useLocation", defaultMessage: "Use my location" },
  failed: { id: "posts.nearby.failed", defaultMessage: "Failed to fetch posts" },
  tryAgain: { id: "posts.nearby.tryAgain", defaultMessage: "Try again" },
  empty: { id: "posts.nearby.empty", defaultMessage: "Nothing posted near you yet" },
  emptyHint: { id: "posts.nearby.emptyHint", defaultMessage: "Be the first: share what's happening around you." },
  changeArea: { id: "posts.nearby.changeArea", defaultMessage: "Change area" },
});

interface NearbyPostsProps {
  viewerId: string;
  /** The centre and radius; null when neither a position nor a profile city gives one. */
  area: NearbyArea | null;
  /** "Hood River, Oregon, United States": where the area is, for the heading. */
  areaLabel: string | null;
  /** The area is still being worked out (the profile city's position is loading). */
  isLocating?: boolean;
  slots?: PostSlots;
}

/** The Near you tab: posts anyone may see made within the area, newest first, with infinite scroll. */
export function NearbyPosts({ viewerId, area, areaLabel, isLocating = false, slots }: NearbyPostsProps) {
  const intl = useIntl();
  const nearby = useNearby(area);
  const posts = useMemo(() => nearby.data?.pages.flatMap((page) => page.posts) ?? NO_POSTS, [nearby.data]);
  // Rendered in slices, and at once from the server's HTML (lib/use-deferred-list.ts).
  const shownPosts = useDeferredList(posts, NO_POSTS);
  // A screen of cards first, the rest as the reader scrolls; the next page only once every loaded one is shown.
  const progressive = useProgressiveList(shownPosts);
  const canLoadMore = Boolean(nearby.hasNextPage) && !nearby.isFetchingNextPage && progressive.isComplete;
  const sentinel = useInfiniteScroll(() => nearby.fetchNextPage(), canLoadMore);

  if (isLocating) return <PostListSkeleton />;
  if (!area) {
    return (
      <Card>
        <CardContent className="flex flex-col items-center gap-3 p-8 text-center">
          <MapPin aria-hidden className="h-10 w-10 text-gray-400" />
          <p className="text-lg font-medium">{intl.formatMessage(messages.where)}</p>
          <p className="text-sm text-gray-500">{intl.formatMessage(messages.whereHint)}</p>
          <Button onClick={() => openLocationFilterDialog("radius")}>{intl.formatMessage(messages.useLocation)}</Button>
        </CardContent>
      </Card>
    );
  }
  if (nearby.isLoading) return <PostListSkeleton />;
  if (nearby.isError) {
    return (
      <Card>
        <CardContent className="p-6 text-center">
          {/* Every failed page is the same error (api/get-feed.ts fetchPostPage). */}
          <p className="text-red-600">{intl.formatMessage(messages.failed)}</p>
          <Button variant="outline" className="mt-3" onClick={() => nearby.refetch()}>
            {intl.formatMessage(messages.tryAgain)}
          </Button>
        </CardContent>
      </Card>
    );
  }
  const where = areaLabel
    ? intl.formatMessage(phrases.postsWithinOf, { radius: area.radius, place: areaLabel })
    : intl.formatMessage(phrases.postsWithin, { radius: area.radius });
  return (
    <div className="lazy-cards space-y-4">
      <p className="text-sm text-gray-600 wrap-anywhere">
        <MapPin aria-hidden className="me-1 inline h-4 w-4 align-[-3px]" />
        {where}
      </p>
      {posts.length === 0 ? (
        <Card>
          <CardContent className="flex flex-col items-center gap-3 p-8 text-center">
            <p className="text-lg font-medium">{intl.formatMessage(messages.empty)}</p>
            <p className="text-sm text-gray-500">{intl.formatMessage(messages.emptyHint)}</p>
            <Button variant="outline" onClick={() => openLocationFilterDialog("radius")}>
              {intl.formatMessage(messages.changeArea)}
            </Button>
          </CardContent>
        </Card>
      ) : (
        progressive.shown.map((post) => <PostCard key={post.id} post={post} viewerId={viewerId} slots={slots} />)
      )}
      {progressive.sentinel && <div ref={progressive.sentinel} aria-hidden className="h-1" />}
      <div ref={sentinel} aria-hidden />
      {nearby.isFetchingNextPage && <PostListSkeleton count={1} />}
    </div>
  );
}
