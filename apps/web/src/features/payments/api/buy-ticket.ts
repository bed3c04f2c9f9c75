import type { BuyTicketBody } from "@plaza/contracts/events";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { type MoneyRequest, moneyHeaders } from "./money-request";
import { refreshUnlockedContent } from "./refresh-unlocked-content";

/** POST /api/events/{id}/tickets: 201 the ticket (built-in provider), 202 the payment to confirm (Stripe). */
export const buyTicket = (request: MoneyRequest<BuyTicketBody> & { eventId: string }) =>
  api.post("/api/events/{id}/tickets", {
    params: { path: { id: request.eventId }, header: moneyHeaders(request) },
    body: request.body,
  });

export function useBuyTicket() {
  const queryClient = useQueryClient();
  // The event (going, its ticket, the counts) and the wallet come back from the server changed.
  return useMutation({ mutationFn: buyTicket, onSuccess: () => refreshUnlockedContent(queryClient) });
}
