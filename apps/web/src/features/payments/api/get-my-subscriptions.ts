import type { MySubscriptionView } from "@plaza/contracts/payments";
import { queryOptions, useQuery } from "@tanstack/react-query";

/** The first page (up to 100) of the signed-in user's subscriptions. */
export const mySubscriptionsQuery = () =>
  queryOptions<MySubscriptionView[]>({ queryKey: ["/api/subscriptions", { limit: 100 }], staleTime: 0 });

export function useMySubscriptions() {
  return useQuery(mySubscriptionsQuery());
}
