import { UNREAD_COUNT_POLL_MS } from "@plaza/contracts/constants";
import { queryOptions, useQuery } from "@tanstack/react-query";

export const notificationsUnreadCountQuery = () =>
  queryOptions<{ count: number }>({ queryKey: ["/api/notifications/unread-count"] });

/** Unread notifications; refetched every 30 seconds like the messages count (seed-spec §9). */
export function useNotificationsUnreadCount(pollMs: number | false = UNREAD_COUNT_POLL_MS) {
  return useQuery({ ...notificationsUnreadCountQuery(), refetchInterval: pollMs });
}
