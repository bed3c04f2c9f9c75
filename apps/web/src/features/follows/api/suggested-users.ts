import type { SuggestedUserView } from "@plaza/contracts/users";
import { queryOptions, useQuery } from "@tanstack/react-query";

/** GET /api/users/suggested: people to follow (popular locals first). Kept as first fetched while following. */
export const suggestedUsersQuery = (limit: number) =>
  queryOptions<SuggestedUserView[]>({
    queryKey: ["/api/users/suggested", { limit }],
    staleTime: Number.POSITIVE_INFINITY,
  });

export function useSuggestedUsers(limit = 6) {
  return useQuery(suggestedUsersQuery(limit));
}
