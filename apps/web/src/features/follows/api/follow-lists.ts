import type { UserSummaryView } from "@plaza/contracts/users";
import { queryOptions, useQuery } from "@tanstack/react-query";

export type FollowListKind = "followers" | "following";

/** GET /api/users/{userId}/followers or /following (first page). */
export const followListQuery = (userId: string, kind: FollowListKind, isEnabled: boolean) =>
  queryOptions<UserSummaryView[]>({ queryKey: ["/api/users", userId, kind], enabled: isEnabled });

export function useFollowList(userId: string, kind: FollowListKind, isEnabled: boolean) {
  return useQuery(followListQuery(userId, kind, isEnabled));
}
