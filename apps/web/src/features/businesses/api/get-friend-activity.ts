import type { FriendActivityView } from "@plaza/contracts/checkins";
import { useQuery } from "@tanstack/react-query";

/** Friends' check-ins and reviews, newest first. */
export function useFriendActivity(limit: number) {
  return useQuery<FriendActivityView[]>({ queryKey: ["/api/friend-activity", { limit }] });
}
