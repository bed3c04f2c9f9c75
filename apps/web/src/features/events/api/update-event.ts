import type { EventScope } from "@plaza/contracts/events.texts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, type RequestBodyOf } from "@/lib/api";
import { refreshEventQueries } from "./refresh-events";

/** PATCH /api/events/{id}?scope=this|following (hosts). */
export function useUpdateEvent(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, scope }: { body: RequestBodyOf<"patchEventsById">; scope: EventScope }) =>
      api.patch("/api/events/{id}", { params: { path: { id }, query: { scope } }, body }),
    onSuccess: () => refreshEventQueries(queryClient),
  });
}
