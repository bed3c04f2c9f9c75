import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { fetchPageOf, queryKeyFor } from "@/lib/api";
import { fetchPostPage } from "./get-feed";

export const nearbyQueryKey = queryKeyFor("getPostsNearby");

/** The centre and radius (miles) of Near you. */
export interface NearbyArea {
  latitude: number;
  longitude: number;
  radius: number;
}

/** Posts anyone may see made within the area, newest first, page by page. */
export const nearbyQuery = (area: NearbyArea) =>
  infiniteQueryOptions({
    queryKey: queryKeyFor("getPostsNearby", { params: { query: { ...area } } }),
    queryFn: ({ pageParam }) =>
      fetchPostPage(() => fetchPageOf("getPostsNearby", pageParam, { params: { query: { ...area } } })),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });

export function useNearby(area: NearbyArea | null) {
  return useInfiniteQuery({
    ...nearbyQuery(area ?? { latitude: 0, longitude: 0, radius: 1 }),
    enabled: area !== null,
  });
}
