import type { LocationQuery } from "@plaza/contracts/location";
import type { PostView } from "@plaza/contracts/posts";
import { POST_MESSAGES } from "@plaza/contracts/posts.texts";
import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { apiFetch, urlFromQueryKey } from "@/lib/api-client";

export const feedQueryKey = ["/api/posts/feed"] as const;

export interface PostPage {
  posts: PostView[];
  nextCursor: string | null;
}

/** Fetches one page of a post list; any failure becomes docs/PRODUCT.md §7's 'Failed to fetch posts'. */
export async function fetchPostPage(url: string, cursor: string | null): Promise<PostPage> {
  const separator = url.includes("?") ? "&" : "?";
  try {
    const { data, nextCursor } = await apiFetch<PostView[]>(
      "GET",
      cursor ? `${url}${separator}cursor=${encodeURIComponent(cursor)}` : url,
    );
    return { posts: data, nextCursor };
  } catch (error) {
    throw new Error(POST_MESSAGES.fetchFailed, { cause: error });
  }
}

/** The viewer's feed (own + followed users' posts), filtered by the location filter, page by page. */
export const feedQuery = (location: LocationQuery) =>
  infiniteQueryOptions({
    queryKey: [...feedQueryKey, { ...location }] as const,
    queryFn: ({ queryKey, pageParam }) => fetchPostPage(urlFromQueryKey(queryKey), pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });

export function useFeed(location: LocationQuery) {
  return useInfiniteQuery(feedQuery(location));
}
