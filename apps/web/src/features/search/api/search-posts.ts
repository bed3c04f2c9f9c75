import { useInfiniteQuery } from "@tanstack/react-query";
import { type OperationOf, queryKeyRoot, type ResponseOf, urlOf } from "@/lib/api";
import { apiFetch } from "@/lib/api-client";

export const POST_RESULTS_PAGE = 10;

/** GET /api/search?type=posts: posts the viewer may see matching the text, best match first, page by page. */
export function useSearchPosts(text: string) {
  const q = text.trim();
  return useInfiniteQuery({
    queryKey: [...queryKeyRoot("getSearch"), { q, type: "posts" }],
    queryFn: async ({ pageParam }) => {
      const query = { q, type: "posts", limit: POST_RESULTS_PAGE, cursor: pageParam ?? undefined } as const;
      const { data, nextCursor } = await apiFetch("GET", urlOf("/api/search", { params: { query } }));
      return { posts: (data as ResponseOf<OperationOf<"getSearch">>).posts, nextCursor };
    },
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
    enabled: q.length > 0,
  });
}
