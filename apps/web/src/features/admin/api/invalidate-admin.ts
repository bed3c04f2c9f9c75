import type { QueryClient } from "@tanstack/react-query";

/** After any admin action: the lists, the stats and the activity log all change. */
export async function refreshAdminData(queryClient: QueryClient): Promise<void> {
  await Promise.all(
    [
      "/api/admin/stats",
      "/api/admin/users",
      "/api/admin/posts",
      "/api/admin/logs",
      "/api/admin/reports",
      "/api/admin/system",
      "/api/admin/jobs",
    ].map((key) => queryClient.invalidateQueries({ queryKey: [key] })),
  );
}
