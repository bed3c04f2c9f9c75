import type { QueryClient } from "@tanstack/react-query";
import { queryKeyRoot } from "@/lib/api";

/** The list and the unread count share the ["/api/notifications"] prefix and change together. */
export async function refreshNotifications(queryClient: QueryClient): Promise<void> {
  await queryClient.invalidateQueries({ queryKey: queryKeyRoot("getNotifications") });
}
