import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { queryKeyFor, queryKeyRoot } from "@/lib/api";
import { conversationsQueryKey } from "../api/get-conversations";
import { type MessagePages, messagesQueryKey, withNewMessage, withReadMessages } from "../api/get-messages";
import { unreadCountQueryKey } from "../api/get-unread-count";
import { openLiveConnection } from "../live/live-connection";
import { clearTyping, markTyping } from "../live/typing-store";

/**
 * Keeps the messaging cache live for the signed-in user: new messages land in their conversation's list,
 * unread counts update at once, and notification lists are refetched. After a reconnect everything that may
 * have been missed is refetched. The 30 s unread-count poll stays as a fallback. A payment's new state (Stripe's
 * webhook reached the server) lands in its query, which the checkout follows.
 */
export function useLiveMessaging(isEnabled: boolean): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!isEnabled) return;
    return openLiveConnection({
      onEvent: (event) => {
        switch (event.type) {
          case "message.created": {
            const { conversationId, message } = event.payload;
            queryClient.setQueryData<MessagePages>(messagesQueryKey(conversationId), (pages) =>
              withNewMessage(pages, message),
            );
            clearTyping(conversationId);
            void queryClient.invalidateQueries({ queryKey: conversationsQueryKey, exact: true });
            break;
          }
          case "typing":
            markTyping(event.payload.conversationId);
            break;
          case "conversation.read": {
            const { conversationId, readerId, readAt } = event.payload;
            queryClient.setQueryData<MessagePages>(messagesQueryKey(conversationId), (pages) =>
              withReadMessages(pages, readerId, readAt),
            );
            break;
          }
          case "unread.changed":
            queryClient.setQueryData(unreadCountQueryKey, event.payload);
            break;
          case "payment.updated":
            // A query's key is its resource's address (lib/api-client): this is GET /api/payments/{id}'s answer.
            queryClient.setQueryData(
              queryKeyFor("getPaymentsByPaymentId", { params: { path: { paymentId: event.payload.paymentId } } }),
              event.payload,
            );
            break;
          case "notification.created":
            void queryClient.invalidateQueries({ queryKey: queryKeyRoot("getNotifications") });
            break;
          default:
            break;
        }
      },
      onReady: (isReconnect) => {
        if (!isReconnect) return;
        void queryClient.invalidateQueries({ queryKey: queryKeyRoot("getConversations") });
        void queryClient.invalidateQueries({ queryKey: unreadCountQueryKey });
      },
    });
  }, [isEnabled, queryClient]);
}
