import type { NotificationView } from "@plaza/contracts/notifications";
import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { fetchPage, pagedListOptions } from "@/lib/paged-list";

export const notificationsQuery = () =>
  infiniteQueryOptions({
    queryKey: ["/api/notifications", { limit: 20 }] as const,
    queryFn: ({ queryKey, pageParam }) => fetchPage<NotificationView>(queryKey, pageParam),
    ...pagedListOptions,
  });

/** The signed-in user's notifications, newest first; loaded when the dialog opens. */
export function useNotifications(enabled: boolean) {
  return useInfiniteQuery({ ...notificationsQuery(), enabled });
}
