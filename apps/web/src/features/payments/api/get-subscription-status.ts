import type { SubscriptionStatusView } from "@plaza/contracts/payments";
import { queryOptions, useQuery } from "@tanstack/react-query";

export const subscriptionStatusQueryKey = (creatorId: string) => ["/api/subscriptions/status", creatorId] as const;

/** The creator's real monthly price and the viewer's subscription to them. */
export const subscriptionStatusQuery = (creatorId: string) =>
  queryOptions<SubscriptionStatusView>({ queryKey: subscriptionStatusQueryKey(creatorId), staleTime: 0 });

export function useSubscriptionStatus(creatorId: string, isEnabled = true) {
  return useQuery({ ...subscriptionStatusQuery(creatorId), enabled: isEnabled });
}
