import type { ConversationView } from "@plaza/contracts/messaging";
import { queryOptions, useQuery } from "@tanstack/react-query";

/** Query key of the conversation list; invalidate it with `exact: true` so message lists are left alone. */
export const conversationsQueryKey = ["/api/conversations", { limit: 100 }] as const;

/** The viewer's conversations, most recent activity first (GET /api/conversations). */
export const conversationsQuery = () => queryOptions<ConversationView[]>({ queryKey: conversationsQueryKey });

export function useConversations() {
  return useQuery(conversationsQuery());
}
