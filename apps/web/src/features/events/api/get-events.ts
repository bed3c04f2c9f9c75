import type { EventCategory } from "@plaza/contracts/events.texts";
import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { fetchPageOf, queryKeyFor } from "@/lib/api";

export interface EventListFilter {
  from?: string;
  to?: string;
  category?: EventCategory;
  mine?: "going" | "hosting";
  hostId?: string;
  businessId?: string;
  latitude?: number;
  longitude?: number;
  radius?: number;
  /** Events per page (the API's default when absent). */
  limit?: number;
}

/** GET /api/events: the upcoming events the viewer may see (signed out: public ones), by cursor pages. */
export const eventsQuery = (filter: EventListFilter) =>
  infiniteQueryOptions({
    queryKey: queryKeyFor("getEvents", { params: { query: { ...filter } } }),
    queryFn: ({ pageParam }) => fetchPageOf("getEvents", pageParam, { params: { query: { ...filter } } }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });

export function useEvents(filter: EventListFilter, isEnabled = true) {
  return useInfiniteQuery({ ...eventsQuery(filter), enabled: isEnabled });
}
