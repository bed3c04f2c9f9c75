import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { fetchPageOf, queryKeyFor } from "@/lib/api";

const PAGE_SIZE = 20;

/** All ledger lines of the wallet, page by page (X-Next-Cursor). */
export const walletLinesQuery = () =>
  infiniteQueryOptions({
    queryKey: [...queryKeyFor("getWallet"), "lines"],
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam }) => {
      const page = await fetchPageOf("getWalletLines", pageParam, { params: { query: { limit: PAGE_SIZE } } });
      return { lines: page.items, nextCursor: page.nextCursor };
    },
    getNextPageParam: (page) => page.nextCursor,
    staleTime: 0,
  });

export function useWalletLines(isEnabled: boolean) {
  return useInfiniteQuery({ ...walletLinesQuery(), enabled: isEnabled });
}
