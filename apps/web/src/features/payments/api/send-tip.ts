import type { TipBody } from "@plaza/contracts/payments";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, queryKeyFor } from "@/lib/api";
import { type MoneyRequest, moneyHeaders } from "./money-request";

export const sendTip = (request: MoneyRequest<TipBody>) =>
  api.post("/api/tips", { params: { header: moneyHeaders(request) }, body: request.body });

export function useSendTip() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendTip,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeyFor("getWallet") }),
  });
}
