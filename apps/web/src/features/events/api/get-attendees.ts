import type { AttendeeStatus } from "@plaza/contracts/event-door.texts";
import { infiniteQueryOptions, useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { fetchListOf, operationQuery, queryKeyFor } from "@/lib/api";

/** GET /api/events/{id}/attendees?status= (hosts): one tab of the host's view, page by page. */
export const attendeesQuery = (id: string, status: AttendeeStatus) =>
  infiniteQueryOptions({
    queryKey: queryKeyFor("getEventsByIdAttendees", { params: { path: { id }, query: { status } } }),
    queryFn: ({ pageParam }) =>
      fetchListOf("getEventsByIdAttendees", pageParam, { params: { path: { id }, query: { status } } }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });

export function useAttendees(id: string, status: AttendeeStatus) {
  return useInfiniteQuery(attendeesQuery(id, status));
}

/** GET /api/events/{id}/attendees/counts (hosts): the tabs' counts and how many were admitted. */
export function useAttendeeCounts(id: string, isHost: boolean) {
  return useQuery({
    ...operationQuery("getEventsByIdAttendeesCounts", { params: { path: { id } } }),
    enabled: isHost,
  });
}
