import { useQuery } from "@tanstack/react-query";
import { operationQuery } from "@/lib/api";

/** Everything that happened to one report, oldest first. */
export function useReportHistory(reportId: string, enabled: boolean) {
  return useQuery({
    ...operationQuery("getAdminReportsByReportIdHistory", { params: { path: { reportId } } }),
    enabled,
  });
}
