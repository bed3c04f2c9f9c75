import type { FriendActivityView } from "@plaza/contracts/checkins";
import { useInfiniteQuery } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api-client";

/** Every friend-activity item, a page at a time (the /activity page). */
export function useFriendActivityPages(pageSize: number) {
  return useInfiniteQuery({
    queryKey: ["/api/friend-activity", "pages", pageSize],
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) => {
      const params = new URLSearchParams({ limit: String(pageSize) });
      if (pageParam) params.set("cursor", pageParam);
      return apiFetch<FriendActivityView[]>("GET", `/api/friend-activity?${params}`);
    },
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}
