import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, queryKeyRoot } from "@/lib/api";
import { subscriptionStatusQueryKey } from "./get-subscription-status";

export const cancelSubscription = (creatorId: string) =>
  api.delete("/api/subscriptions/{creatorId}", { params: { path: { creatorId } } });

export function useCancelSubscription(creatorId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => cancelSubscription(creatorId),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: subscriptionStatusQueryKey(creatorId) }),
        queryClient.invalidateQueries({ queryKey: queryKeyRoot("getSubscriptions") }),
      ]),
  });
}
