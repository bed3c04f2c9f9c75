import { useInfiniteQuery } from "@tanstack/react-query";
import { fetchListOf, queryKeyFor } from "@/lib/api";

/** Every friend-activity item, a page at a time (the /activity page). */
export function useFriendActivityPages(pageSize: number) {
  return useInfiniteQuery({
    queryKey: [...queryKeyFor("getFriendActivity"), "pages", pageSize],
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) => fetchListOf("getFriendActivity", pageParam, { params: { query: { limit: pageSize } } }),
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}
