import { useInfiniteQuery } from "@tanstack/react-query";
import { pagedOperationQuery } from "@/lib/paged-list";

export const notificationsQuery = () => pagedOperationQuery("getNotifications", { params: { query: { limit: 20 } } });

/** The signed-in user's notifications, newest first; loaded when the dialog opens. */
export function useNotifications(enabled: boolean) {
  return useInfiniteQuery({ ...notificationsQuery(), enabled });
}
