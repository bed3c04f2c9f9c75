import { queryOptions, useQuery } from "@tanstack/react-query";
import { operationQuery } from "@/lib/api";

/** GET /api/follows/status/{userId}; only when signed in and viewing someone else (docs/PRODUCT.md §7). */
export const followStatusQuery = (userId: string, isEnabled: boolean) =>
  queryOptions({
    ...operationQuery("getFollowsStatusByUserId", { params: { path: { userId } } }),
    enabled: isEnabled,
  });

export function useFollowStatus(userId: string, isEnabled: boolean) {
  return useQuery(followStatusQuery(userId, isEnabled));
}
