import type { QueryClient } from "@tanstack/react-query";

/** The list and the unread count change together. */
export async function refreshNotifications(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: ["/api/notifications"] }),
    queryClient.invalidateQueries({ queryKey: ["/api/notifications/unread-count"] }),
  ]);
}
