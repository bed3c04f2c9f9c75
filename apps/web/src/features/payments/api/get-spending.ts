import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { pagedOperationQuery } from "@/lib/paged-list";

/** The signed-in user's own payments (tips, unlocks, subscriptions), page by page (X-Next-Cursor). */
export const spendingQuery = () =>
  infiniteQueryOptions({
    ...pagedOperationQuery("getWalletSpending", { params: { query: { limit: 20 } } }),
    staleTime: 0,
  });

export function useSpending() {
  return useInfiniteQuery(spendingQuery());
}
