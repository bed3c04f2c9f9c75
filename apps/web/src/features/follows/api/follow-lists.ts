import type { UserSummaryView } from "@plaza/contracts/users";
import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api-client";

export type FollowListKind = "followers" | "following";

/** GET /api/users/{userId}/followers or /following, page by page (cursor in X-Next-Cursor). */
export const followListQuery = (userId: string, kind: FollowListKind, isEnabled: boolean) =>
  infiniteQueryOptions({
    queryKey: ["/api/users", userId, kind],
    queryFn: async ({ pageParam }) => {
      const query = pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : "";
      return apiFetch<UserSummaryView[]>("GET", `/api/users/${userId}/${kind}${query}`);
    },
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
    enabled: isEnabled,
  });

export function useFollowList(userId: string, kind: FollowListKind, isEnabled: boolean) {
  return useInfiniteQuery(followListQuery(userId, kind, isEnabled));
}
