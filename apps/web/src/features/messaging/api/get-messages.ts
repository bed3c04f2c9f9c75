import type { MessageView } from "@plaza/contracts/messaging";
import { queryOptions, useQuery } from "@tanstack/react-query";

/** Query key of a conversation's messages; the live client writes into the same entry. */
export const messagesQueryKey = (conversationId: string) =>
  ["/api/conversations", conversationId, "messages", { limit: 100 }] as const;

/** The newest page of a conversation's messages, newest first (only requested once one is selected). */
export const messagesQuery = (conversationId: string) =>
  queryOptions<MessageView[]>({ queryKey: messagesQueryKey(conversationId) });

export function useMessages(conversationId: string | null) {
  return useQuery({ ...messagesQuery(conversationId ?? ""), enabled: Boolean(conversationId) });
}
