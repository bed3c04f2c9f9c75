import { queryOptions, useQuery } from "@tanstack/react-query";
import { operationQuery, queryKeyFor } from "@/lib/api";
import { UNREAD_COUNT_POLL_MS } from "@/lib/ui-constants";

export const unreadCountQueryKey = queryKeyFor("getMessagesUnreadCount");

/** The viewer's unread messages; refetched every 30 s as a fallback to the live connection (docs/PRODUCT.md §7). */
export const unreadCountQuery = () =>
  queryOptions({
    ...operationQuery("getMessagesUnreadCount"),
    refetchInterval: UNREAD_COUNT_POLL_MS,
  });

export function useUnreadCount() {
  return useQuery(unreadCountQuery());
}
