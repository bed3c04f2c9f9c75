import type { LocationFilterValue, LocationQuery } from "@plaza/contracts/location";
import type { PostView } from "@plaza/contracts/posts";
import { Compass, MapPin } from "lucide-react";
import { useMemo } from "react";
import { defineMessages, useIntl } from "react-intl";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { useDeferredList } from "@/lib/use-deferred-list";
import { useProgressiveList } from "@/lib/use-progressive-list";
import { useFeed } from "../api/get-feed";
import { useInfiniteScroll } from "../hooks/use-infinite-scroll";
import { applyLocationFilter, useRadiusCentreName, widerRadius } from "../hooks/use-location-filter";
import { PostCard } from "./post-card";
import { PostListSkeleton } from "./post-list-skeleton";
import type { PostSlots } from "./post-slots";

const NO_POSTS: PostView[] = [];

const phrases = defineMessages<{
  noPostsWithin: { radius: number; place: string };
  noPostsIn: { place: string };
  widen: { radius: number };
}>({
  noPostsWithin: {
    id: "posts.feed.noPostsWithin",
    defaultMessage: "No posts within {radius, plural, one {# mile} other {# miles}} of {place}",
  },
  noPostsIn: { id: "posts.feed.noPostsIn", defaultMessage: "No posts in {place}" },
  widen: { id: "posts.feed.widen", defaultMessage: "Widen to {radius, number} miles" },
});
const messages = defineMessages({
  failed: { id: "posts.feed.failed", defaultMessage: "Failed to fetch posts" },
  tryAgain: { id: "posts.feed.tryAgain", defaultMessage: "Try again" },
  yourLocation: { id: "posts.feed.yourLocation", defaultMessage: "your location" },
  noPostsHint: {
    id: "posts.feed.noPostsHint",
    defaultMessage: "Try a wider area, or clear the filter to see every post.",
  },
  clearFilter: { id: "posts.feed.clearFilter", defaultMessage: "Clear location filter" },
  empty: { id: "posts.feed.empty", defaultMessage: "Your feed is empty" },
  emptyHint: { id: "posts.feed.emptyHint", defaultMessage: "Follow people and businesses to see their posts here." },
  discover: { id: "posts.feed.discover", defaultMessage: "Discover Businesses" },
  loadingMore: { id: "posts.feed.loadingMore", defaultMessage: "Loading more posts..." },
  loadMoreFailed: { id: "posts.feed.loadMoreFailed", defaultMessage: "Couldn't load more posts." },
});

interface PostFeedProps {
  viewerId: string;
  location: LocationQuery;
  /** The saved filter behind `location`, for the empty text and its Widen/Clear actions. */
  locationFilter?: LocationFilterValue | null;
  onDiscover: () => void;
  slots?: PostSlots;
}

/** The Social Feed tab: skeletons, the empty state, then posts with infinite scroll. */
export function PostFeed({ viewerId, location, locationFilter = null, onDiscover, slots }: PostFeedProps) {
  const intl = useIntl();
  const feed = useFeed(location);
  const posts = useMemo(() => feed.data?.pages.flatMap((page) => page.posts) ?? NO_POSTS, [feed.data]);
  // Rendered in slices, and at once from the server's HTML (lib/use-deferred-list.ts).
  const shownPosts = useDeferredList(posts, NO_POSTS);
  // A screen of cards first, the rest as the reader scrolls; the next page only once every loaded one is shown.
  const progressive = useProgressiveList(shownPosts);
  // After a failed next page the list waits for "Try again": the end stays in view, so loading on sight would ask a
  // failing server again and again.
  const canLoadMore =
    Boolean(feed.hasNextPage) && !feed.isFetchingNextPage && !feed.isFetchNextPageError && progressive.isComplete;
  const sentinel = useInfiniteScroll(() => feed.fetchNextPage(), canLoadMore);
  const centreName = useRadiusCentreName(locationFilter);

  if (feed.isLoading) return <PostListSkeleton />;
  // A failed first page replaces the list; a failed next page keeps the posts already shown (below, "Try again").
  if (feed.isError && !feed.isFetchNextPageError) {
    return (
      <Card>
        <CardContent className="p-6 text-center">
          {/* Every failed page is the same error (api/get-feed.ts fetchPostPage). */}
          <p className="text-red-600">{intl.formatMessage(messages.failed)}</p>
          <Button variant="outline" className="mt-3" onClick={() => feed.refetch()}>
            {intl.formatMessage(messages.tryAgain)}
          </Button>
        </CardContent>
      </Card>
    );
  }
  if (posts.length === 0 && locationFilter) {
    // Under a location filter the feed is empty because of the place, not because of who the viewer follows.
    const wider = widerRadius(locationFilter);
    // "within 10 miles of Hood River" (the radius's centre named by the gazetteer, "your location" until the name is
    // known), "in Hood River".
    const noPosts =
      locationFilter.type === "radius"
        ? intl.formatMessage(phrases.noPostsWithin, {
            radius: locationFilter.radius,
            place: centreName ?? intl.formatMessage(messages.yourLocation),
          })
        : intl.formatMessage(phrases.noPostsIn, { place: locationFilter.text });
    return (
      <Card>
        <CardContent className="flex flex-col items-center gap-3 p-8 text-center">
          <MapPin aria-hidden className="h-10 w-10 text-gray-400" />
          <p className="text-lg font-medium wrap-anywhere">{noPosts}</p>
          <p className="text-sm text-gray-500">{intl.formatMessage(messages.noPostsHint)}</p>
          <div className="flex flex-wrap justify-center gap-2">
            {wider !== null && locationFilter.type === "radius" && (
              <Button onClick={() => applyLocationFilter({ ...locationFilter, radius: wider })}>
                {intl.formatMessage(phrases.widen, { radius: wider })}
              </Button>
            )}
            <Button variant="outline" onClick={() => applyLocationFilter(null)}>
              {intl.formatMessage(messages.clearFilter)}
            </Button>
          </div>
        </CardContent>
      </Card>
    );
  }
  if (posts.length === 0) {
    return (
      <Card>
        <CardContent className="flex flex-col items-center gap-3 p-8 text-center">
          <Compass aria-hidden className="h-10 w-10 text-gray-400" />
          <p className="text-lg font-medium">{intl.formatMessage(messages.empty)}</p>
          <p className="text-sm text-gray-500">{intl.formatMessage(messages.emptyHint)}</p>
          <Button onClick={onDiscover}>{intl.formatMessage(messages.discover)}</Button>
        </CardContent>
      </Card>
    );
  }
  if (shownPosts.length === 0) return <PostListSkeleton />;
  return (
    // lazy-cards (index.css): the cards past the screen are laid out only when scrolled near.
    <div className="lazy-cards space-y-4" data-testid="post-feed">
      {progressive.shown.map((post) => (
        <PostCard key={post.id} post={post} viewerId={viewerId} slots={slots} />
      ))}
      {progressive.sentinel && <div ref={progressive.sentinel} aria-hidden className="h-1" />}
      {/* data-list-end: every page is loaded and shown (what a test scrolling to the end waits for). */}
      <div
        ref={sentinel}
        aria-hidden
        className="h-1"
        data-list-end={!feed.hasNextPage && shownPosts === posts && progressive.isComplete}
      />
      {feed.isFetchingNextPage && <PostListSkeleton count={1} label={intl.formatMessage(messages.loadingMore)} />}
      {feed.isFetchNextPageError && !feed.isFetchingNextPage && (
        // The next page failed (a dropped connection, a busy server): scrolling again would not ask again, since
        // the end of the list is already in view, so the feed says so and offers to.
        <div role="alert" className="flex flex-col items-center gap-2 py-4 text-center text-sm text-gray-600">
          <p>{intl.formatMessage(messages.loadMoreFailed)}</p>
          <Button variant="outline" onClick={() => void feed.fetchNextPage()}>
            {intl.formatMessage(messages.tryAgain)}
          </Button>
        </div>
      )}
    </div>
  );
}
