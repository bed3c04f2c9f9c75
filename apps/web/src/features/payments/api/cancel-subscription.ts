import type { SubscriptionView } from "@plaza/contracts/payments";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { subscriptionStatusQueryKey } from "./get-subscription-status";

export const cancelSubscription = (creatorId: string) =>
  apiRequest<SubscriptionView>("DELETE", `/api/subscriptions/${creatorId}`);

export function useCancelSubscription(creatorId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => cancelSubscription(creatorId),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: subscriptionStatusQueryKey(creatorId) }),
        queryClient.invalidateQueries({ queryKey: ["/api/subscriptions"] }),
      ]),
  });
}
