import type { EventScope } from "@plaza/contracts/events.texts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { refreshEventQueries } from "./refresh-events";

/** POST /api/events/{id}/cancel?scope=this|following (hosts). */
export function useCancelEvent(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (scope: EventScope) =>
      api.post("/api/events/{id}/cancel", { params: { path: { id }, query: { scope } } }),
    onSuccess: () => refreshEventQueries(queryClient),
  });
}
