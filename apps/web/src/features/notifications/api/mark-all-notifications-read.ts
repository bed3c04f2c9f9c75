import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { refreshNotifications } from "./refresh-notifications";

export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<null>("POST", "/api/notifications/read-all"),
    onSuccess: () => refreshNotifications(queryClient),
  });
}
