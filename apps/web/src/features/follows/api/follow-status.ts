import type { FollowStatusView } from "@plaza/contracts/follows";
import { queryOptions, useQuery } from "@tanstack/react-query";

/** GET /api/follows/status/{userId}; only when signed in and viewing someone else (docs/PRODUCT.md §7). */
export const followStatusQuery = (userId: string, isEnabled: boolean) =>
  queryOptions<FollowStatusView>({ queryKey: ["/api/follows/status", userId], enabled: isEnabled });

export function useFollowStatus(userId: string, isEnabled: boolean) {
  return useQuery(followStatusQuery(userId, isEnabled));
}
