import type { unreadCountView } from "@plaza/contracts/messaging";
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import { UNREAD_COUNT_POLL_MS } from "@/lib/ui-constants";

export const unreadCountQueryKey = ["/api/messages/unread-count"] as const;

/** The viewer's unread messages; refetched every 30 s as a fallback to the live connection (docs/PRODUCT.md §7). */
export const unreadCountQuery = () =>
  queryOptions<z.infer<typeof unreadCountView>>({
    queryKey: unreadCountQueryKey,
    refetchInterval: UNREAD_COUNT_POLL_MS,
  });

export function useUnreadCount() {
  return useQuery(unreadCountQuery());
}
