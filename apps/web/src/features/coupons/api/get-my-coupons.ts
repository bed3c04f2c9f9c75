import { useInfiniteQuery } from "@tanstack/react-query";
import { fetchListOf, queryKeyFor } from "@/lib/api";

/** The viewer's redeemed codes, newest first, a page at a time, each with its state (My coupons). */
export function useMyCoupons(pageSize = 20) {
  return useInfiniteQuery({
    queryKey: [...queryKeyFor("getCouponsRedemptionsMine"), "pages", pageSize],
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) =>
      fetchListOf("getCouponsRedemptionsMine", pageParam, { params: { query: { limit: pageSize } } }),
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}
