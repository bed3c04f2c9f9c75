import { queryOptions, useQuery } from "@tanstack/react-query";
import { UNREAD_COUNT_POLL_MS } from "@/lib/ui-constants";

/**
 * Keyed under ["/api/notifications", …] (GET /api/notifications/unread-count) so that invalidating
 * ["/api/notifications"] — what the live client does on `notification.created` — refreshes the badge too.
 */
export const notificationsUnreadCountQuery = () =>
  queryOptions<{ count: number }>({ queryKey: ["/api/notifications", "unread-count"] });

/** Unread notifications; refetched every 30 seconds like the messages count (docs/PRODUCT.md §9). */
export function useNotificationsUnreadCount(pollMs: number | false = UNREAD_COUNT_POLL_MS) {
  return useQuery({ ...notificationsUnreadCountQuery(), refetchInterval: pollMs });
}
