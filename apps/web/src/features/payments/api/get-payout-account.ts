import { queryOptions, useQuery } from "@tanstack/react-query";
import { operationQuery, queryKeyFor } from "@/lib/api";

export const payoutAccountQueryKey = queryKeyFor("getPayoutsAccount");

const AWAITING_STRIPE_INTERVAL_MS = 3000;
/** About two minutes of asking; after that the page stops (a reload asks again). */
const AWAITING_STRIPE_READS = 40;

/**
 * The creator's Stripe account state. Right after Stripe sent the creator back (`isAwaitingStripe`), it is read
 * again every few seconds while it is pending: Stripe may take a moment to check the details it was given.
 */
export const payoutAccountQuery = (isAwaitingStripe: boolean) =>
  queryOptions({
    ...operationQuery("getPayoutsAccount"),
    staleTime: 0,
    refetchInterval: (query) =>
      isAwaitingStripe && query.state.data?.status === "pending" && query.state.dataUpdateCount < AWAITING_STRIPE_READS
        ? AWAITING_STRIPE_INTERVAL_MS
        : false,
  });

export function usePayoutAccount(options: { isEnabled: boolean; isAwaitingStripe: boolean }) {
  return useQuery({ ...payoutAccountQuery(options.isAwaitingStripe), enabled: options.isEnabled });
}
