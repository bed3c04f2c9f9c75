import type { LocationQuery } from "@plaza/contracts/location";
import type { PostView } from "@plaza/contracts/posts";
import { POST_MESSAGES } from "@plaza/contracts/posts.texts";
import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { fetchPageOf, type Page, queryKeyFor } from "@/lib/api";

export const feedQueryKey = queryKeyFor("getPostsFeed");

export interface PostPage {
  posts: PostView[];
  nextCursor: string | null;
}

/** One page of a post list (`fetchPageOf`); any failure becomes docs/PRODUCT.md §7's 'Failed to fetch posts'. */
export async function fetchPostPage(page: () => Promise<Page<PostView>>): Promise<PostPage> {
  try {
    const { items, nextCursor } = await page();
    return { posts: items, nextCursor };
  } catch (error) {
    throw new Error(POST_MESSAGES.fetchFailed, { cause: error });
  }
}

/** The viewer's feed (own + followed users' posts), filtered by the location filter, page by page. */
export const feedQuery = (location: LocationQuery) =>
  infiniteQueryOptions({
    queryKey: queryKeyFor("getPostsFeed", { params: { query: { ...location } } }),
    queryFn: ({ pageParam }) =>
      fetchPostPage(() => fetchPageOf("getPostsFeed", pageParam, { params: { query: { ...location } } })),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });

export function useFeed(location: LocationQuery) {
  return useInfiniteQuery(feedQuery(location));
}
