import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { conversationsQueryKey } from "./get-conversations";
import { unreadCountQueryKey } from "./get-unread-count";

/** POST /api/conversations/{id}/mark-read, sent on selection; the unread count is refetched after. */
export function useMarkConversationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (conversationId: string) =>
      apiRequest<{ count: number }>("POST", `/api/conversations/${conversationId}/mark-read`),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: unreadCountQueryKey }),
        queryClient.invalidateQueries({ queryKey: conversationsQueryKey, exact: true }),
      ]);
    },
  });
}
