import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, operationQuery, queryKeyFor } from "@/lib/api";

export const sessionsQueryKey = queryKeyFor("getAuthSessions");

/** GET /api/auth/sessions: where the account is signed in. */
export function useSessions() {
  return useQuery(operationQuery("getAuthSessions"));
}

/** DELETE /api/auth/sessions/{id}: signs one other browser out. */
export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sessionId: string) =>
      api.delete("/api/auth/sessions/{sessionId}", { params: { path: { sessionId } } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsQueryKey }),
  });
}

/** POST /api/auth/sessions/revoke-others: signs every other browser out. */
export function useEndOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post("/api/auth/sessions/revoke-others"),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsQueryKey }),
  });
}
