import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { fetchPageOf, queryKeyFor } from "@/lib/api";
import { fetchPostPage } from "./get-feed";

export const userPostsQueryKey = (userId: string) =>
  queryKeyFor("getUsersByUserIdPosts", { params: { path: { userId } } });

/** A user's posts as the server lets the viewer see them (visibility, blocks, locked content). */
export const userPostsQuery = (userId: string) =>
  infiniteQueryOptions({
    queryKey: userPostsQueryKey(userId),
    queryFn: ({ pageParam }) =>
      fetchPostPage(() => fetchPageOf("getUsersByUserIdPosts", pageParam, { params: { path: { userId } } })),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });

export function useUserPosts(userId: string) {
  return useInfiniteQuery(userPostsQuery(userId));
}
