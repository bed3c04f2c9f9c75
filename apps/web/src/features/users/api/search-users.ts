import { queryOptions, useQuery } from "@tanstack/react-query";
import { operationQuery } from "@/lib/api";

/** GET /api/users/search?q= (people picker for custom visibility). */
export const searchUsersQuery = (text: string) =>
  queryOptions({
    ...operationQuery("getUsersSearch", { params: { query: { q: text } } }),
    enabled: text.trim().length > 0,
    staleTime: 30_000,
  });

export function useSearchUsers(text: string) {
  return useQuery(searchUsersQuery(text));
}
