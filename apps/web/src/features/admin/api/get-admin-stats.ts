import { useQuery } from "@tanstack/react-query";
import { operationQuery } from "@/lib/api";

export const adminStatsQuery = () => operationQuery("getAdminStats");

export function useAdminStats(enabled: boolean) {
  return useQuery({ ...adminStatsQuery(), enabled });
}
