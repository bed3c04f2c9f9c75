import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, queryKeyRoot } from "@/lib/api";

/**
 * POST /api/events/{id}/admissions {code} (hosts): {name, admittedAt, firstTime}. The host's lists and counts (all
 * keyed under the event's attendees path) are read again, so the admitted mark and "n of m admitted" follow.
 */
export function useAdmitTicket(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => api.post("/api/events/{id}/admissions", { params: { path: { id } }, body: { code } }),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: [...queryKeyRoot("getEventsByIdAttendees"), id, "attendees"] }),
  });
}
