import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { payoutAccountQueryKey } from "./get-payout-account";

export const refreshPayoutAccount = () => api.post("/api/payouts/account/refresh", { body: {} });

/** Back from Stripe: the server reads the account from Stripe now, rather than waiting for its webhook. */
export function useRefreshPayoutAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: refreshPayoutAccount,
    // A read that started before Stripe was asked would otherwise land after this answer with the older state.
    onSuccess: async (account) => {
      await queryClient.cancelQueries({ queryKey: payoutAccountQueryKey });
      queryClient.setQueryData(payoutAccountQueryKey, account);
    },
  });
}
