import type { LocationStatsView } from "@plaza/contracts/admin";
import { queryOptions, useQuery } from "@tanstack/react-query";

export const locationStatsQuery = () => queryOptions<LocationStatsView>({ queryKey: ["/api/admin/location-stats"] });

export function useLocationStats(enabled: boolean) {
  return useQuery({ ...locationStatsQuery(), enabled });
}
