import type { SearchResultsView } from "@plaza/contracts/search";
import { useInfiniteQuery } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api-client";

export const POST_RESULTS_PAGE = 10;

/** GET /api/search?type=posts: posts the viewer may see matching the text, best match first, page by page. */
export function useSearchPosts(text: string) {
  const q = text.trim();
  return useInfiniteQuery({
    queryKey: ["/api/search", { q, type: "posts" }],
    queryFn: async ({ pageParam }) => {
      const params = new URLSearchParams({ q, type: "posts", limit: String(POST_RESULTS_PAGE) });
      if (pageParam) params.set("cursor", pageParam);
      const { data, nextCursor } = await apiFetch<SearchResultsView>("GET", `/api/search?${params}`);
      return { posts: data.posts, nextCursor };
    },
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
    enabled: q.length > 0,
  });
}
