import type { AppealStatus } from "@plaza/contracts/moderation.texts";
import { useInfiniteQuery } from "@tanstack/react-query";
import { pagedOperationQuery } from "@/lib/paged-list";

/** The appeals queue under one status. */
export function useAppeals(status: AppealStatus, enabled: boolean) {
  return useInfiniteQuery({
    ...pagedOperationQuery("getAdminAppeals", { params: { query: { status, limit: 20 } } }),
    enabled,
  });
}
