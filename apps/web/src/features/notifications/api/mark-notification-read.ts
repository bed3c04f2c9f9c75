import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { refreshNotifications } from "./refresh-notifications";

export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (notificationId: string) => apiRequest<null>("POST", `/api/notifications/${notificationId}/read`),
    onSuccess: () => refreshNotifications(queryClient),
  });
}
