import type { PaymentStartedView, SubscribeBody, SubscriptionView } from "@plaza/contracts/payments";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type MoneyRequest, sendMoneyRequest } from "./money-request";
import { refreshUnlockedContent } from "./refresh-unlocked-content";

export const subscribe = (request: MoneyRequest<SubscribeBody>) =>
  sendMoneyRequest<SubscriptionView | PaymentStartedView, SubscribeBody>("/api/subscriptions", request);

export function useSubscribe() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: subscribe, onSuccess: () => refreshUnlockedContent(queryClient) });
}
