import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { urlFromQueryKey } from "@/lib/api-client";
import { fetchPostPage } from "./get-feed";

export const nearbyQueryKey = ["/api/posts/nearby"] as const;

/** The centre and radius (miles) of Near you. */
export interface NearbyArea {
  latitude: number;
  longitude: number;
  radius: number;
}

/** Posts anyone may see made within the area, newest first, page by page. */
export const nearbyQuery = (area: NearbyArea) =>
  infiniteQueryOptions({
    queryKey: [...nearbyQueryKey, { latitude: area.latitude, longitude: area.longitude, radius: area.radius }] as const,
    queryFn: ({ queryKey, pageParam }) => fetchPostPage(urlFromQueryKey(queryKey), pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });

export function useNearby(area: NearbyArea | null) {
  return useInfiniteQuery({
    ...nearbyQuery(area ?? { latitude: 0, longitude: 0, radius: 1 }),
    enabled: area !== null,
  });
}
