import { queryOptions, useQuery } from "@tanstack/react-query";
import { fetchOperation, queryKeyFor } from "@/lib/api";

/** Under the wallet's key, so whatever refreshes the wallet (a payment) refreshes the chart too. */
export const earningsByMonthQuery = () =>
  queryOptions({
    queryKey: [...queryKeyFor("getWallet"), "earnings-by-month"],
    queryFn: () => fetchOperation("getWalletEarningsByMonth"),
    staleTime: 0,
  });

export function useEarningsByMonth() {
  return useQuery(earningsByMonthQuery());
}
