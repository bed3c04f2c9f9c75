import type { WalletLineView } from "@plaza/contracts/payments";
import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api-client";

const PAGE_SIZE = 20;

/** All ledger lines of the wallet, page by page (X-Next-Cursor). */
export const walletLinesQuery = () =>
  infiniteQueryOptions({
    queryKey: ["/api/wallet", "lines"],
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam }) => {
      const query = new URLSearchParams({ limit: String(PAGE_SIZE) });
      if (pageParam) query.set("cursor", pageParam);
      const response = await apiFetch<WalletLineView[]>("GET", `/api/wallet/lines?${query.toString()}`);
      return { lines: response.data, nextCursor: response.nextCursor };
    },
    getNextPageParam: (page) => page.nextCursor,
    staleTime: 0,
  });

export function useWalletLines(isEnabled: boolean) {
  return useInfiniteQuery({ ...walletLinesQuery(), enabled: isEnabled });
}
