import type { BusinessView } from "@plaza/contracts/businesses";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest, urlFromQueryKey } from "@/lib/api-client";

export interface ViewerPosition {
  latitude: number;
  longitude: number;
}

/** Published businesses; nearest first (with distances) when the viewer's position is known. */
export const businessesQuery = (position: ViewerPosition | null) => {
  const queryKey = ["/api/businesses", position ? { ...position } : {}] as const;
  return queryOptions({
    queryKey,
    queryFn: () => apiRequest<BusinessView[]>("GET", urlFromQueryKey(queryKey)),
  });
};

export function useBusinesses(position: ViewerPosition | null) {
  return useQuery(businessesQuery(position));
}
