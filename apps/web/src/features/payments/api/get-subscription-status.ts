import { queryOptions, useQuery } from "@tanstack/react-query";
import { operationQuery, queryKeyFor } from "@/lib/api";

export const subscriptionStatusQueryKey = (creatorId: string) =>
  queryKeyFor("getSubscriptionsStatusByCreatorId", { params: { path: { creatorId } } });

/** The creator's real monthly price and the viewer's subscription to them. */
export const subscriptionStatusQuery = (creatorId: string) =>
  queryOptions({
    ...operationQuery("getSubscriptionsStatusByCreatorId", { params: { path: { creatorId } } }),
    staleTime: 0,
  });

export function useSubscriptionStatus(creatorId: string, isEnabled = true) {
  return useQuery({ ...subscriptionStatusQuery(creatorId), enabled: isEnabled });
}
