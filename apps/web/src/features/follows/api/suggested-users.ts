import { queryOptions, useQuery } from "@tanstack/react-query";
import { operationQuery } from "@/lib/api";

/** GET /api/users/suggested: people to follow (popular locals first). Kept as first fetched while following. */
export const suggestedUsersQuery = (limit: number) =>
  queryOptions({
    ...operationQuery("getUsersSuggested", { params: { query: { limit } } }),
    staleTime: Number.POSITIVE_INFINITY,
  });

export function useSuggestedUsers(limit = 6) {
  return useQuery(suggestedUsersQuery(limit));
}
