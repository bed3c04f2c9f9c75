import type { PaymentStartedView, PpvUnlockBody, PpvUnlockView } from "@plaza/contracts/payments";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type MoneyRequest, sendMoneyRequest } from "./money-request";
import { refreshUnlockedContent } from "./refresh-unlocked-content";

export const unlockPost = (request: MoneyRequest<PpvUnlockBody>) =>
  sendMoneyRequest<PpvUnlockView | PaymentStartedView, PpvUnlockBody>("/api/ppv-unlocks", request);

export function useUnlockPost() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: unlockPost, onSuccess: () => refreshUnlockedContent(queryClient) });
}
