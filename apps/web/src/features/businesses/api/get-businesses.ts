import type { BusinessCategory, BusinessSort } from "@plaza/contracts/businesses";
import { useInfiniteQuery } from "@tanstack/react-query";
import { fetchListOf, queryKeyRoot } from "@/lib/api";

export interface ViewerPosition {
  latitude: number;
  longitude: number;
}

/** What the Discover list asks GET /api/businesses for. */
export interface DiscoverQuery {
  category: BusinessCategory | null;
  openNow: boolean;
  sort: BusinessSort;
  /** The viewer's position (distances, nearest first). */
  position: ViewerPosition | null;
  /** "Search this area": the map's centre and radius; replaces the position as the point of reference. */
  area: (ViewerPosition & { radiusMiles: number }) | null;
}

export const DISCOVER_PAGE_SIZE = 20;

/** The query parameters of GET /api/businesses for Discover (the cursor is added per page). */
export function discoverQueryParams(query: DiscoverQuery) {
  const point = query.area ?? query.position;
  return {
    limit: DISCOVER_PAGE_SIZE,
    sort: query.sort,
    category: query.category ?? undefined,
    openNow: query.openNow ? ("true" as const) : undefined,
    latitude: point?.latitude,
    longitude: point?.longitude,
    radius: query.area?.radiusMiles,
  };
}

/** Published businesses for Discover, a page at a time (keyset cursors per order). */
export function useDiscoverBusinesses(query: DiscoverQuery) {
  return useInfiniteQuery({
    queryKey: [...queryKeyRoot("getBusinesses"), "discover", query],
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) =>
      fetchListOf("getBusinesses", pageParam, { params: { query: discoverQueryParams(query) } }),
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}
