import type { LocationQuery } from "@plaza/contracts/location";
import type { PostView } from "@plaza/contracts/posts";
import { queryOptions, useQuery } from "@tanstack/react-query";

export const trendingQueryKey = ["/api/posts/trending"] as const;

/** The most-liked recent posts, near the viewer's location filter when one is set. */
export const trendingQuery = (location: LocationQuery) =>
  queryOptions<PostView[]>({ queryKey: [...trendingQueryKey, { ...location }] });

export function useTrending(location: LocationQuery) {
  return useQuery(trendingQuery(location));
}
