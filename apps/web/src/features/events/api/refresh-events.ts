import type { QueryClient } from "@tanstack/react-query";
import { queryKeyRoot } from "@/lib/api";

/** Every cached event and list of events (their keys start with "/api/events"). */
export function refreshEventQueries(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: queryKeyRoot("getEvents") });
}
