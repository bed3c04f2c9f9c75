import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { fetchPageOf, queryKeyFor } from "@/lib/api";

export const commentsQueryKey = (postId: string) =>
  queryKeyFor("getPostsByIdComments", { params: { path: { id: postId } } });

/** A post's comments, oldest first, page by page. */
export const commentsQuery = (postId: string) =>
  infiniteQueryOptions({
    queryKey: commentsQueryKey(postId),
    queryFn: async ({ pageParam }) => {
      const { items, nextCursor } = await fetchPageOf("getPostsByIdComments", pageParam, {
        params: { path: { id: postId } },
      });
      return { comments: items, nextCursor };
    },
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });

export function useComments(postId: string, enabled: boolean) {
  return useInfiniteQuery({ ...commentsQuery(postId), enabled });
}
