import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { conversationsQueryKey } from "./get-conversations";
import { unreadCountQueryKey } from "./get-unread-count";

/** POST /api/conversations/{id}/mark-read, sent on selection; the unread count is refetched after. */
export function useMarkConversationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (conversationId: string) =>
      api.post("/api/conversations/{id}/mark-read", { params: { path: { id: conversationId } } }),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: unreadCountQueryKey }),
        queryClient.invalidateQueries({ queryKey: conversationsQueryKey, exact: true }),
      ]);
    },
  });
}
