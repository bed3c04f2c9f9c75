import type { QueryClient } from "@tanstack/react-query";
import { queryKeyRoot } from "@/lib/api";

/** After any moderation step: the queue, histories, appeals and notices may all have changed. */
export async function refreshModeration(queryClient: QueryClient): Promise<void> {
  await Promise.all(
    (
      [
        "getAdminReports",
        "getAdminReportsByReportIdHistory",
        "getAdminUsersByUserIdModerationHistory",
        "getAdminAppeals",
        "getAdminEmailDomainBlocks",
        "getNoticesByNoticeId",
      ] as const
    ).map((operationId) => queryClient.invalidateQueries({ queryKey: queryKeyRoot(operationId) })),
  );
}
