import { queryOptions, useQuery } from "@tanstack/react-query";
import { fetchOperation, queryKeyRoot } from "@/lib/api";
import { UNREAD_COUNT_POLL_MS } from "@/lib/ui-constants";

/**
 * Keyed under ["/api/notifications", …] (GET /api/notifications/unread-count) so that invalidating
 * ["/api/notifications"] — what the live client does on `notification.created` — refreshes the badge too.
 */
export const notificationsUnreadCountQuery = () =>
  queryOptions({
    queryKey: [...queryKeyRoot("getNotifications"), "unread-count"],
    queryFn: () => fetchOperation("getNotificationsUnreadCount"),
  });

/** Unread notifications; refetched every 30 seconds like the messages count (docs/PRODUCT.md §9). */
export function useNotificationsUnreadCount(pollMs: number | false = UNREAD_COUNT_POLL_MS) {
  return useQuery({ ...notificationsUnreadCountQuery(), refetchInterval: pollMs });
}
