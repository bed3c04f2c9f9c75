import type { PayoutAccountView } from "@plaza/contracts/payments";
import { queryOptions, useQuery } from "@tanstack/react-query";

export const payoutAccountQueryKey = ["/api/payouts/account"] as const;

/**
 * The creator's Stripe account state. Right after Stripe sent the creator back (`isAwaitingStripe`), it is read
 * again every few seconds until it is no longer pending: `account.updated` may arrive a moment later.
 */
export const payoutAccountQuery = (isAwaitingStripe: boolean) =>
  queryOptions<PayoutAccountView>({
    queryKey: payoutAccountQueryKey,
    staleTime: 0,
    refetchInterval: (query) => (isAwaitingStripe && query.state.data?.status === "pending" ? 3000 : false),
  });

export function usePayoutAccount(options: { isEnabled: boolean; isAwaitingStripe: boolean }) {
  return useQuery({ ...payoutAccountQuery(options.isAwaitingStripe), enabled: options.isEnabled });
}
