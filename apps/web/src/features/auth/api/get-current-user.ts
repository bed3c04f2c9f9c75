import type { SelfUserView } from "@plaza/contracts/users";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { currentUserQueryKey } from "@/lib/current-user";
import { getQueryFn } from "@/lib/query-client";

/** The signed-in user; null when signed out (401 is "no data" here). */
export const currentUserQuery = () =>
  queryOptions({
    queryKey: currentUserQueryKey,
    queryFn: getQueryFn<SelfUserView>({ on401: "returnNull" }),
  });

export function useCurrentUser() {
  return useQuery(currentUserQuery());
}
