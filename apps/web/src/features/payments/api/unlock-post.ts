import type { PpvUnlockBody } from "@plaza/contracts/payments";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { type MoneyRequest, moneyHeaders } from "./money-request";
import { refreshUnlockedContent } from "./refresh-unlocked-content";

export const unlockPost = (request: MoneyRequest<PpvUnlockBody>) =>
  api.post("/api/ppv-unlocks", { params: { header: moneyHeaders(request) }, body: request.body });

export function useUnlockPost() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: unlockPost, onSuccess: () => refreshUnlockedContent(queryClient) });
}
