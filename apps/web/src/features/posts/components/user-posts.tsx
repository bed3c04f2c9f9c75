import type { PostView } from "@plaza/contracts/posts";
import type { InfiniteData, UseInfiniteQueryResult } from "@tanstack/react-query";
import { ImageIcon } from "lucide-react";
import { useMemo } from "react";
import { defineMessages, type IntlShape, useIntl } from "react-intl";
import { Link } from "wouter";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { LoadingRegion, Skeleton } from "@/components/ui/skeleton";
import { UploadedPicture } from "@/components/ui/uploaded-picture";
import { ApiError } from "@/lib/api-client";
import { paths } from "@/lib/paths";
import { useProgressiveList } from "@/lib/use-progressive-list";
import { useBusinessPhotos } from "../api/get-business-photos";
import type { PostPage } from "../api/get-feed";
import { useUserPosts } from "../api/get-user-posts";
import { useInfiniteScroll } from "../hooks/use-infinite-scroll";
import { useRefreshWhileProcessing } from "../hooks/use-refresh-while-processing";
import { PostCard } from "./post-card";
import { PostListSkeleton } from "./post-list-skeleton";
import type { PostSlots } from "./post-slots";

const NO_POSTS: PostView[] = [];

const phrases = defineMessages<{ fallbackAlt: { name: string } }>({
  fallbackAlt: { id: "posts.userPosts.fallbackAlt", defaultMessage: "Image posted by {name}" },
});
const messages = defineMessages({
  private: { id: "posts.userPosts.private", defaultMessage: "These posts are private." },
  failed: { id: "posts.userPosts.failed", defaultMessage: "Failed to fetch posts" },
  empty: { id: "posts.userPosts.empty", defaultMessage: "No posts yet" },
  emptySelf: { id: "posts.userPosts.emptySelf", defaultMessage: "Share your first post to get started!" },
  createFirst: { id: "posts.userPosts.createFirst", defaultMessage: "Create Your First Post" },
  emptyOther: { id: "posts.userPosts.emptyOther", defaultMessage: "This user hasn't shared any posts yet." },
  loadingMore: { id: "posts.userPosts.loadingMore", defaultMessage: "Loading more posts..." },
  customersPhotos: { id: "posts.userPosts.customersPhotos", defaultMessage: "Customers' photos" },
  noPhotos: { id: "posts.userPosts.noPhotos", defaultMessage: "No photos yet" },
  loadingPhotos: { id: "posts.userPosts.loadingPhotos", defaultMessage: "Loading photos..." },
  loadMorePhotos: { id: "posts.userPosts.loadMorePhotos", defaultMessage: "Load more photos" },
});

interface UserPostsProps {
  userId: string;
  /** The signed-in viewer's id, or null when signed out. */
  viewerId: string | null;
  slots?: PostSlots;
}

function refusalText(intl: IntlShape, error: Error): string {
  const cause = error.cause;
  if (cause instanceof ApiError && cause.status === 403) {
    return cause.serverMessage ?? intl.formatMessage(messages.private);
  }
  // Every other failure is the same error (api/get-feed.ts fetchPostPage).
  return intl.formatMessage(messages.failed);
}

/** The profile's Posts tab (docs/PRODUCT.md §2), with the contract's empty texts for oneself and for others. */
export function UserPosts({ userId, viewerId, slots }: UserPostsProps) {
  const intl = useIntl();
  const posts = useUserPosts(userId);
  const items = useMemo(() => posts.data?.pages.flatMap((page) => page.posts) ?? NO_POSTS, [posts.data]);
  // A screen of cards first, the rest as the reader scrolls; the next page only once every loaded one is shown.
  const progressive = useProgressiveList(items);
  const canLoadMore = Boolean(posts.hasNextPage) && !posts.isFetchingNextPage && progressive.isComplete;
  const sentinel = useInfiniteScroll(() => posts.fetchNextPage(), canLoadMore);
  const isSelf = viewerId === userId;

  if (posts.isLoading) return <PostListSkeleton />;
  if (posts.isError) return <p className="p-6 text-center text-gray-600">{refusalText(intl, posts.error)}</p>;
  if (items.length === 0) {
    return (
      <Card>
        <CardContent className="flex flex-col items-center gap-2 p-8 text-center">
          <p className="text-lg font-medium">{intl.formatMessage(messages.empty)}</p>
          {isSelf ? (
            <>
              <p className="text-sm text-gray-500">{intl.formatMessage(messages.emptySelf)}</p>
              <Button asChild className="mt-2">
                <Link href={paths.home}>{intl.formatMessage(messages.createFirst)}</Link>
              </Button>
            </>
          ) : (
            <p className="text-sm text-gray-500">{intl.formatMessage(messages.emptyOther)}</p>
          )}
        </CardContent>
      </Card>
    );
  }
  return (
    <div className="lazy-cards space-y-4">
      {progressive.shown.map((post) => (
        <PostCard key={post.id} post={post} viewerId={viewerId} slots={slots} />
      ))}
      {progressive.sentinel && <div ref={progressive.sentinel} aria-hidden className="h-1" />}
      <div ref={sentinel} aria-hidden className="h-1" />
      {posts.isFetchingNextPage && <PostListSkeleton count={1} label={intl.formatMessage(messages.loadingMore)} />}
    </div>
  );
}

/** The profile's Photos tab: the real images of the user's posts the viewer may see, else 'No photos yet'. */
export function UserPhotos({ userId }: { userId: string }) {
  return <PhotoGrid posts={useUserPosts(userId)} />;
}

/**
 * A business's customers' photos: pictures of the visible posts tagged to it ("Tag a place"), newest first, paged
 * (GET /api/businesses/{id}/photos).
 */
export function BusinessPhotos({ businessId, emptyText }: { businessId: string; emptyText?: string }) {
  const intl = useIntl();
  return (
    <PhotoGrid
      posts={useBusinessPhotos(businessId)}
      emptyText={emptyText}
      label={intl.formatMessage(messages.customersPhotos)}
    />
  );
}

function PhotoGrid({
  posts,
  emptyText,
  label,
}: {
  posts: UseInfiniteQueryResult<InfiniteData<PostPage>>;
  emptyText?: string;
  label?: string;
}) {
  const intl = useIntl();
  if (posts.isLoading) {
    return (
      <LoadingRegion
        label={intl.formatMessage(messages.loadingPhotos)}
        className="grid grid-cols-2 gap-2 sm:grid-cols-3"
      >
        {[0, 1, 2].map((key) => (
          <Skeleton key={key} className="aspect-square w-full" />
        ))}
      </LoadingRegion>
    );
  }
  const photos = (posts.data?.pages.flatMap((page) => page.posts) ?? []).filter((post) => post.imageUrl);
  if (photos.length === 0) {
    return (
      <Card>
        <CardContent className="flex flex-col items-center gap-2 p-8 text-center">
          <ImageIcon aria-hidden className="h-10 w-10 text-gray-400" />
          <p className="text-gray-600">{emptyText ?? intl.formatMessage(messages.noPhotos)}</p>
        </CardContent>
      </Card>
    );
  }
  return (
    <div className="space-y-3">
      <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3" aria-label={label}>
        {photos.map((post) => (
          <PhotoTile key={post.id} post={post} />
        ))}
      </ul>
      {posts.hasNextPage && (
        <Button variant="outline" onClick={() => posts.fetchNextPage()} disabled={posts.isFetchingNextPage}>
          {intl.formatMessage(messages.loadMorePhotos)}
        </Button>
      )}
    </div>
  );
}

/** One picture of the grid; while its sizes are being made, the lists showing it are read again until it is ready. */
function PhotoTile({ post }: { post: PostView }) {
  const intl = useIntl();
  useRefreshWhileProcessing(post);
  return (
    <li>
      <Link href={paths.post(post.id)} className="block">
        <UploadedPicture
          src={post.imageUrl ?? ""}
          status={post.media[0]?.status}
          alt={post.altText || intl.formatMessage(phrases.fallbackAlt, { name: post.authorName })}
          loading="lazy"
          decoding="async"
          width={300}
          height={300}
          className="aspect-square w-full rounded-lg bg-gray-100 object-cover"
        />
      </Link>
    </li>
  );
}
