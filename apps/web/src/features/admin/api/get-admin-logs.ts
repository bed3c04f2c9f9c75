import { useInfiniteQuery } from "@tanstack/react-query";
import { pagedOperationQuery } from "@/lib/paged-list";

export const adminLogsQuery = () => pagedOperationQuery("getAdminLogs", { params: { query: { limit: 25 } } });

export function useAdminLogs(enabled: boolean) {
  return useInfiniteQuery({ ...adminLogsQuery(), enabled });
}
