import type { LikeView, PostView } from "@plaza/contracts/posts";
import { type QueryClient, type QueryKey, useMutation, useQueryClient } from "@tanstack/react-query";
import { defineMessages, useIntl } from "react-intl";
import { toast } from "@/components/ui/use-toast";
import { api, queryKeyRoot } from "@/lib/api";
import { isUnauthorizedError } from "@/lib/api-client";
import { feedQueryKey, type PostPage } from "./get-feed";
import { trendingQueryKey } from "./get-trending";

const messages = defineMessages({
  failed: { id: "posts.like.failed", defaultMessage: "Failed to update like. Please try again." },
});

interface InfinitePosts {
  pages: PostPage[];
  pageParams: unknown[];
}

type CachedPosts = PostView | PostView[] | InfinitePosts;

function isInfinitePosts(data: CachedPosts): data is InfinitePosts {
  return "pages" in data && Array.isArray(data.pages);
}

function patchList(posts: PostView[], postId: string, patch: (post: PostView) => PostView): PostView[] {
  return posts.some((post) => post.id === postId)
    ? posts.map((post) => (post.id === postId ? patch(post) : post))
    : posts;
}

/** The same post in any cached shape: one post, a list, or the pages of an infinite list. */
function patchCachedPosts(
  data: CachedPosts | undefined,
  postId: string,
  patch: (post: PostView) => PostView,
): CachedPosts | undefined {
  if (!data) return data;
  if (Array.isArray(data)) return patchList(data, postId, patch);
  if (isInfinitePosts(data)) {
    return { ...data, pages: data.pages.map((page) => ({ ...page, posts: patchList(page.posts, postId, patch) })) };
  }
  return data.id === postId ? patch(data) : data;
}

/** Every cache that can hold a post card: the feed, trending, a profile's posts and the post page. */
function isPostListKey(queryKey: QueryKey, postId: string): boolean {
  const [root, id, part] = queryKey;
  return (
    root === feedQueryKey[0] ||
    root === trendingQueryKey[0] ||
    (root === queryKeyRoot("getUsersByUserIdPosts")[0] && part === "posts") ||
    (root === queryKeyRoot("getPostsById")[0] && id === postId)
  );
}

/** Writes `patch` into every cached copy of the post, so feed, profile and post page agree. */
export function patchPostEverywhere(queryClient: QueryClient, postId: string, patch: (post: PostView) => PostView) {
  queryClient.setQueriesData<CachedPosts>({ predicate: (query) => isPostListKey(query.queryKey, postId) }, (data) =>
    patchCachedPosts(data, postId, patch),
  );
}

interface LikeContext {
  snapshot: [QueryKey, unknown][];
}

/**
 * The like toggle as TanStack Query options (docs/PRODUCT.md §4 "Like"): liked → DELETE /api/likes/{postId}, else
 * POST /api/likes. Optimistic: every cached copy of the post flips and its count moves before the server answers;
 * a refusal restores the caches and shows the error toast (`failureText`); the server's answer sets the final count.
 */
export function likeMutationOptions(queryClient: QueryClient, postId: string, failureText: string) {
  const filters = { predicate: (query: { queryKey: QueryKey }) => isPostListKey(query.queryKey, postId) };
  return {
    mutationKey: ["like", postId],
    mutationFn: (isLiked: boolean) =>
      isLiked
        ? api.delete("/api/likes/{postId}", { params: { path: { postId } } })
        : api.post("/api/likes", { body: { postId } }),
    onMutate: async (wasLiked: boolean): Promise<LikeContext> => {
      await queryClient.cancelQueries(filters);
      const snapshot = queryClient.getQueriesData(filters);
      patchPostEverywhere(queryClient, postId, (post) => ({
        ...post,
        isLiked: !wasLiked,
        likeCount: Math.max(0, post.likeCount + (wasLiked ? -1 : 1)),
      }));
      return { snapshot };
    },
    onError: (error: Error, _wasLiked: boolean, context: LikeContext | undefined) => {
      for (const [queryKey, data] of context?.snapshot ?? []) queryClient.setQueryData(queryKey, data);
      if (!isUnauthorizedError(error)) toast({ title: failureText, variant: "destructive" });
    },
    onSuccess: (result: LikeView) => {
      patchPostEverywhere(queryClient, postId, (post) => ({
        ...post,
        isLiked: result.isLiked,
        likeCount: result.likeCount,
      }));
    },
  };
}

export function useToggleLike(postId: string) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  return useMutation(likeMutationOptions(queryClient, postId, intl.formatMessage(messages.failed)));
}
