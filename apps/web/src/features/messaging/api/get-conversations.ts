import { useQuery } from "@tanstack/react-query";
import { operationQuery, queryKeyFor } from "@/lib/api";

/** Query key of the conversation list; invalidate it with `exact: true` so message lists are left alone. */
export const conversationsQueryKey = queryKeyFor("getConversations", { params: { query: { limit: 100 } } });

/** The viewer's conversations, most recent activity first (GET /api/conversations). */
export const conversationsQuery = () => operationQuery("getConversations", { params: { query: { limit: 100 } } });

export function useConversations() {
  return useQuery(conversationsQuery());
}
