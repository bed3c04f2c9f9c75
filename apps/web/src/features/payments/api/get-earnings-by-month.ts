import type { EarningsByMonthView } from "@plaza/contracts/payouts";
import { queryOptions, useQuery } from "@tanstack/react-query";

/** Under the wallet's key, so whatever refreshes the wallet (a payment) refreshes the chart too. */
export const earningsByMonthQuery = () =>
  queryOptions<EarningsByMonthView>({ queryKey: ["/api/wallet", "earnings-by-month"], staleTime: 0 });

export function useEarningsByMonth() {
  return useQuery(earningsByMonthQuery());
}
