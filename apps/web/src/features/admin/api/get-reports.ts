import type { ReportView } from "@plaza/contracts/reports";
import { useInfiniteQuery } from "@tanstack/react-query";
import { pagedOperationQuery } from "@/lib/paged-list";

export const reportsQuery = (status: ReportView["status"]) =>
  pagedOperationQuery("getAdminReports", { params: { query: { status, limit: 20 } } });

export function useReports(status: ReportView["status"], enabled: boolean) {
  return useInfiniteQuery({ ...reportsQuery(status), enabled });
}
