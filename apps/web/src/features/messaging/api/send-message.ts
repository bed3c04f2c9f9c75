import type { SendMessageBody } from "@plaza/contracts/messaging";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { conversationsQueryKey } from "./get-conversations";
import { type MessagePages, messagesQueryKey, withNewMessage } from "./get-messages";

/** POST /api/messages; afterwards the conversation and message lists are refetched (docs/PRODUCT.md §4). */
export function useSendMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SendMessageBody) => api.post("/api/messages", { body }),
    // Not awaited: the input clears as soon as the server accepted the message, while the lists refetch.
    onSuccess: (message) => {
      // A first message opens its conversation at once, without a loading flash.
      queryClient.setQueryData<MessagePages>(
        messagesQueryKey(message.conversationId),
        (pages) =>
          withNewMessage(pages, message) ?? { pages: [{ data: [message], nextCursor: null }], pageParams: [null] },
      );
      void queryClient.invalidateQueries({ queryKey: conversationsQueryKey, exact: true });
      void queryClient.invalidateQueries({ queryKey: messagesQueryKey(message.conversationId) });
    },
  });
}
