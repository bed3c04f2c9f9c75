import type { UserSummaryView } from "@plaza/contracts/users";
import { queryOptions, useQuery } from "@tanstack/react-query";

/** GET /api/users/search?q= (people picker for custom visibility). */
export const searchUsersQuery = (text: string) =>
  queryOptions<UserSummaryView[]>({
    queryKey: ["/api/users/search", { q: text }],
    enabled: text.trim().length > 0,
    staleTime: 30_000,
  });

export function useSearchUsers(text: string) {
  return useQuery(searchUsersQuery(text));
}
