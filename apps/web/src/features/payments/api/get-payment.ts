import type { ProcessorPaymentStatus } from "@plaza/contracts/payments";
import { useQuery } from "@tanstack/react-query";
import { operationQuery, queryKeyFor } from "@/lib/api";

export const paymentQueryKey = (paymentId: string) =>
  queryKeyFor("getPaymentsByPaymentId", { params: { path: { paymentId } } });

/** A payment's state no longer changes on its own once it has reached one of these. */
export const isSettledPayment = (status: ProcessorPaymentStatus) =>
  status === "succeeded" || status === "failed" || status === "refunded";

/** Between a live event and the next, how often an unsettled payment is asked again (a live connection can drop). */
const UNSETTLED_REFRESH_MS = 4_000;

/**
 * GET /api/payments/{id} for its payer. The live connection's `payment.updated` event writes the new state into this
 * query at once; while the payment is unsettled it is also asked again every few seconds.
 */
export function usePayment(paymentId: string, options: { isFollowing?: boolean } = {}) {
  return useQuery({
    ...operationQuery("getPaymentsByPaymentId", { params: { path: { paymentId } } }),
    refetchInterval: (query) =>
      options.isFollowing && query.state.data && !isSettledPayment(query.state.data.status)
        ? UNSETTLED_REFRESH_MS
        : false,
    retry: false,
  });
}
