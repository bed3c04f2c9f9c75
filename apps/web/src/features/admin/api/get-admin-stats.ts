import type { AdminStatsView } from "@plaza/contracts/admin";
import { queryOptions, useQuery } from "@tanstack/react-query";

export const adminStatsQuery = () => queryOptions<AdminStatsView>({ queryKey: ["/api/admin/stats"] });

export function useAdminStats(enabled: boolean) {
  return useQuery({ ...adminStatsQuery(), enabled });
}
