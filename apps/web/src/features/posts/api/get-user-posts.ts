import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { urlFromQueryKey } from "@/lib/api-client";
import { fetchPostPage } from "./get-feed";

export const userPostsQueryKey = (userId: string) => ["/api/users", userId, "posts"] as const;

/** A user's posts as the server lets the viewer see them (visibility, blocks, locked content). */
export const userPostsQuery = (userId: string) =>
  infiniteQueryOptions({
    queryKey: userPostsQueryKey(userId),
    queryFn: ({ queryKey, pageParam }) => fetchPostPage(urlFromQueryKey(queryKey), pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });

export function useUserPosts(userId: string) {
  return useInfiniteQuery(userPostsQuery(userId));
}
