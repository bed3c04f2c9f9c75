import type { BusinessCategory, BusinessSort, BusinessView } from "@plaza/contracts/businesses";
import { useInfiniteQuery } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api-client";

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

export function discoverSearchParams(query: DiscoverQuery, cursor: string | null): URLSearchParams {
  const params = new URLSearchParams({ limit: String(DISCOVER_PAGE_SIZE), sort: query.sort });
  if (query.category) params.set("category", query.category);
  if (query.openNow) params.set("openNow", "true");
  const point = query.area ?? query.position;
  if (point) {
    params.set("latitude", String(point.latitude));
    params.set("longitude", String(point.longitude));
  }
  if (query.area) params.set("radius", String(query.area.radiusMiles));
  if (cursor) params.set("cursor", cursor);
  return params;
}

/** Published businesses for Discover, a page at a time (keyset cursors per order). */
export function useDiscoverBusinesses(query: DiscoverQuery) {
  return useInfiniteQuery({
    queryKey: ["/api/businesses", "discover", query],
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) =>
      apiFetch<BusinessView[]>("GET", `/api/businesses?${discoverSearchParams(query, pageParam)}`),
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}
