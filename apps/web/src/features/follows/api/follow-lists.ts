import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { fetchListOf, queryKeyFor } from "@/lib/api";

export type FollowListKind = "followers" | "following";

const OPERATIONS = { followers: "getUsersByUserIdFollowers", following: "getUsersByUserIdFollowing" } as const;

/** GET /api/users/{userId}/followers or /following, page by page (cursor in X-Next-Cursor). */
export const followListQuery = (userId: string, kind: FollowListKind, isEnabled: boolean) =>
  infiniteQueryOptions({
    queryKey: queryKeyFor(OPERATIONS[kind], { params: { path: { userId } } }),
    queryFn: ({ pageParam }) => fetchListOf(OPERATIONS[kind], pageParam, { params: { path: { userId } } }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
    enabled: isEnabled,
  });

export function useFollowList(userId: string, kind: FollowListKind, isEnabled: boolean) {
  return useInfiniteQuery(followListQuery(userId, kind, isEnabled));
}
