import type { CommentView } from "@plaza/contracts/posts";
import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api-client";

export const commentsQueryKey = (postId: string) => ["/api/posts", postId, "comments"] as const;

/** A post's comments, oldest first, page by page. */
export const commentsQuery = (postId: string) =>
  infiniteQueryOptions({
    queryKey: commentsQueryKey(postId),
    queryFn: async ({ pageParam }) => {
      const url = `/api/posts/${postId}/comments${pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : ""}`;
      const { data, nextCursor } = await apiFetch<CommentView[]>("GET", url);
      return { comments: data, nextCursor };
    },
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });

export function useComments(postId: string, enabled: boolean) {
  return useInfiniteQuery({ ...commentsQuery(postId), enabled });
}
