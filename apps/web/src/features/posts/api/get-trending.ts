import type { LocationQuery } from "@plaza/contracts/location";
import { useQuery } from "@tanstack/react-query";
import { operationQuery, queryKeyFor } from "@/lib/api";

export const trendingQueryKey = queryKeyFor("getPostsTrending");

/** The most-liked recent posts, near the viewer's location filter when one is set. */
export const trendingQuery = (location: LocationQuery) =>
  operationQuery("getPostsTrending", { params: { query: { ...location } } });

export function useTrending(location: LocationQuery) {
  return useQuery(trendingQuery(location));
}
