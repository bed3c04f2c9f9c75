import { useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api";

/**
 * GET /api/users/me/calendar: a link to the private calendar feed. Each call makes a new working link (only hashes
 * are kept), so it is asked for when the person wants it, not on every visit.
 */
export function useShowCalendarFeed() {
  return useMutation({ mutationFn: () => api.get("/api/users/me/calendar") });
}

/** POST /api/users/me/calendar/rotate: a new link; every earlier one stops working. */
export function useRotateCalendarFeed() {
  return useMutation({ mutationFn: () => api.post("/api/users/me/calendar/rotate") });
}
