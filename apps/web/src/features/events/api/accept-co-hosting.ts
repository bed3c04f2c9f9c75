import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { refreshEventQueries } from "./refresh-events";

/** POST /api/events/{id}/co-hosts/accept: the asked person becomes one of its hosts. */
export function useAcceptCoHosting(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post("/api/events/{id}/co-hosts/accept", { params: { path: { id } } }),
    onSuccess: () => refreshEventQueries(queryClient),
  });
}
