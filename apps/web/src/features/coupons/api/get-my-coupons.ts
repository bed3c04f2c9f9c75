import type { RedemptionView } from "@plaza/contracts/coupons";
import { useInfiniteQuery } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api-client";

/** The viewer's redeemed codes, newest first, a page at a time, each with its state (My coupons). */
export function useMyCoupons(pageSize = 20) {
  return useInfiniteQuery({
    queryKey: ["/api/coupons/redemptions/mine", "pages", pageSize],
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) => {
      const params = new URLSearchParams({ limit: String(pageSize) });
      if (pageParam) params.set("cursor", pageParam);
      return apiFetch<RedemptionView[]>("GET", `/api/coupons/redemptions/mine?${params}`);
    },
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}
