import { useInfiniteQuery } from "@tanstack/react-query";
import { fetchOperationPage, queryKeyRoot } from "@/lib/api";

export const POST_RESULTS_PAGE = 10;

/** GET /api/search?type=posts: posts the viewer may see matching the text, best match first, page by page. */
export function useSearchPosts(text: string) {
  const q = text.trim();
  return useInfiniteQuery({
    queryKey: [...queryKeyRoot("getSearch"), { q, type: "posts" }],
    queryFn: async ({ pageParam }) => {
      const { data, nextCursor } = await fetchOperationPage("getSearch", pageParam, {
        params: { query: { q, type: "posts", limit: POST_RESULTS_PAGE } },
      });
      return { posts: data.posts, nextCursor };
    },
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
    enabled: q.length > 0,
  });
}
