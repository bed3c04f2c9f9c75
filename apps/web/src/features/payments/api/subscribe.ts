import type { SubscribeBody } from "@plaza/contracts/payments";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { type MoneyRequest, moneyHeaders } from "./money-request";
import { refreshUnlockedContent } from "./refresh-unlocked-content";

export const subscribe = (request: MoneyRequest<SubscribeBody>) =>
  api.post("/api/subscriptions", { params: { header: moneyHeaders(request) }, body: request.body });

export function useSubscribe() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: subscribe, onSuccess: () => refreshUnlockedContent(queryClient) });
}
