import { useQuery } from "@tanstack/react-query";
import { operationQuery } from "@/lib/api";

export const eventQuery = (id: string) => operationQuery("getEventsById", { params: { path: { id } } });

/** GET /api/events/{id}: one event with the viewer's answer (404 when missing or not shared with them). */
export function useEvent(id: string) {
  return useQuery(eventQuery(id));
}
