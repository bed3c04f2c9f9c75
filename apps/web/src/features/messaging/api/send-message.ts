import type { MessageView, SendMessageBody } from "@plaza/contracts/messaging";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { conversationsQueryKey } from "./get-conversations";

/** POST /api/messages; afterwards the conversation and message lists are refetched (seed-spec §4). */
export function useSendMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SendMessageBody) => apiRequest<MessageView>("POST", "/api/messages", body),
    onSuccess: async (message) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: conversationsQueryKey, exact: true }),
        queryClient.invalidateQueries({ queryKey: ["/api/conversations", message.conversationId, "messages"] }),
      ]);
    },
  });
}
