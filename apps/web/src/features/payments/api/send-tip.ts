import type { PaymentStartedView, TipBody, TipView } from "@plaza/contracts/payments";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type MoneyRequest, sendMoneyRequest } from "./money-request";

export const sendTip = (request: MoneyRequest<TipBody>) =>
  sendMoneyRequest<TipView | PaymentStartedView, TipBody>("/api/tips", request);

export function useSendTip() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendTip,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["/api/wallet"] }),
  });
}
