import type { AdminLogView } from "@plaza/contracts/admin";
import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { fetchPage, pagedListOptions } from "@/lib/paged-list";

export const adminLogsQuery = () =>
  infiniteQueryOptions({
    queryKey: ["/api/admin/logs", { limit: 25 }] as const,
    queryFn: ({ queryKey, pageParam }) => fetchPage<AdminLogView>(queryKey, pageParam),
    ...pagedListOptions,
  });

export function useAdminLogs(enabled: boolean) {
  return useInfiniteQuery({ ...adminLogsQuery(), enabled });
}
