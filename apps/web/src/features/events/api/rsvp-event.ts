import type { RsvpAnswer } from "@plaza/contracts/events.texts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { refreshEventQueries } from "./refresh-events";

/** PUT /api/events/{id}/rsvp {status}: answers {status, waitlistPosition} (going with no seat → waitlisted). */
export function useRsvp(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (status: RsvpAnswer) =>
      api.put("/api/events/{id}/rsvp", { params: { path: { id } }, body: { status } }),
    onSuccess: () => refreshEventQueries(queryClient),
  });
}
