import type { SpendingLineView } from "@plaza/contracts/payments";
import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { fetchPage, pagedListOptions } from "@/lib/paged-list";

/** The signed-in user's own payments (tips, unlocks, subscriptions), page by page (X-Next-Cursor). */
export const spendingQuery = () =>
  infiniteQueryOptions({
    queryKey: ["/api/wallet/spending", { limit: 20 }],
    queryFn: ({ queryKey, pageParam }) => fetchPage<SpendingLineView>(queryKey, pageParam),
    ...pagedListOptions,
    staleTime: 0,
  });

export function useSpending() {
  return useInfiniteQuery(spendingQuery());
}
