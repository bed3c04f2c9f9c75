import { queryOptions, useQuery } from "@tanstack/react-query";
import { operationQuery } from "@/lib/api";

/** The first page (up to 100) of the signed-in user's subscriptions. */
export const mySubscriptionsQuery = () =>
  queryOptions({ ...operationQuery("getSubscriptions", { params: { query: { limit: 100 } } }), staleTime: 0 });

export function useMySubscriptions() {
  return useQuery(mySubscriptionsQuery());
}
