import type { PayoutAccountView } from "@plaza/contracts/payments";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { payoutAccountQueryKey } from "./get-payout-account";

export const refreshPayoutAccount = () => apiRequest<PayoutAccountView>("POST", "/api/payouts/account/refresh", {});

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
