import type { FollowStatusView } from "@plaza/contracts/follows";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { operationQuery } from "@/lib/api";

/**
 * GET /api/follows/status/{userId}; only when signed in and viewing someone else (docs/PRODUCT.md §7). A list
 * that already knows the status (`known`) fills the query instead of asking once per person.
 */
export const followStatusQuery = (userId: string, isEnabled: boolean, known?: FollowStatusView) =>
  queryOptions({
    ...operationQuery("getFollowsStatusByUserId", { params: { path: { userId } } }),
    enabled: isEnabled,
    ...(known ? { initialData: known } : {}),
  });

export function useFollowStatus(userId: string, isEnabled: boolean, known?: FollowStatusView) {
  return useQuery(followStatusQuery(userId, isEnabled, known));
}
