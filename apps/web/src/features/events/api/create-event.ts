import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, type RequestBodyOf } from "@/lib/api";
import { refreshEventQueries } from "./refresh-events";

/** POST /api/events (a recurrence creates every occurrence). */
export function useCreateEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RequestBodyOf<"postEvents">) => api.post("/api/events", { body }),
    onSuccess: () => refreshEventQueries(queryClient),
  });
}
