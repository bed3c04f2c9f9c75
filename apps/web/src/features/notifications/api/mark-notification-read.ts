import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { refreshNotifications } from "./refresh-notifications";

export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (notificationId: string) =>
      api.post("/api/notifications/{notificationId}/read", { params: { path: { notificationId } } }),
    onSuccess: () => refreshNotifications(queryClient),
  });
}
