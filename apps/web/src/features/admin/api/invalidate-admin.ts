import type { QueryClient } from "@tanstack/react-query";
import { queryKeyRoot } from "@/lib/api";

/** After any admin action: the lists, the stats and the activity log all change. */
export async function refreshAdminData(queryClient: QueryClient): Promise<void> {
  await Promise.all(
    (
      [
        "getAdminStats",
        "getAdminUsers",
        "getAdminPosts",
        "getAdminLogs",
        "getAdminReports",
        "getAdminSystem",
        "getAdminJobs",
      ] as const
    ).map((operationId) => queryClient.invalidateQueries({ queryKey: queryKeyRoot(operationId) })),
  );
}
