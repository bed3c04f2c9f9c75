import type { ReportView } from "@plaza/contracts/reports";
import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { fetchPage, pagedListOptions } from "@/lib/paged-list";

export const reportsQuery = (status: ReportView["status"]) =>
  infiniteQueryOptions({
    queryKey: ["/api/admin/reports", { status, limit: 20 }] as const,
    queryFn: ({ queryKey, pageParam }) => fetchPage<ReportView>(queryKey, pageParam),
    ...pagedListOptions,
  });

export function useReports(status: ReportView["status"], enabled: boolean) {
  return useInfiniteQuery({ ...reportsQuery(status), enabled });
}
