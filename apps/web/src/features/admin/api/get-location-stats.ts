import { useQuery } from "@tanstack/react-query";
import { operationQuery } from "@/lib/api";

export const locationStatsQuery = () => operationQuery("getAdminLocationStats");

export function useLocationStats(enabled: boolean) {
  return useQuery({ ...locationStatsQuery(), enabled });
}
