import { useQuery } from "@tanstack/react-query";
import { operationQuery } from "@/lib/api";

/** Friends' check-ins and reviews, newest first. */
export function useFriendActivity(limit: number) {
  return useQuery(operationQuery("getFriendActivity", { params: { query: { limit } } }));
}
