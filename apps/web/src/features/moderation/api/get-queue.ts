import type { QueueStatus } from "@plaza/contracts/moderation.texts";
import { useInfiniteQuery } from "@tanstack/react-query";
import { pagedOperationQuery } from "@/lib/paged-list";

export const queueQuery = (status: QueueStatus) =>
  pagedOperationQuery("getAdminReports", { params: { query: { status, limit: 20 } } });

/** The report queue under one filter: open, assigned or resolved. */
export function useQueue(status: QueueStatus, enabled: boolean) {
  return useInfiniteQuery({ ...queueQuery(status), enabled });
}
