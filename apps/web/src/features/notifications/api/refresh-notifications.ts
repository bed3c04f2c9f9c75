import type { QueryClient } from "@tanstack/react-query";

/** The list and the unread count share the ["/api/notifications"] prefix and change together. */
export async function refreshNotifications(queryClient: QueryClient): Promise<void> {
  await queryClient.invalidateQueries({ queryKey: ["/api/notifications"] });
}
