import { buyTicketBody, eventIdParams, ticketView } from "@plaza/contracts/events";
import { paymentStartedView } from "@plaza/contracts/payments";
import type { FastifyInstance } from "fastify";
import { replayable, route } from "../../lib/route";
import { requireViewer } from "../../plugins/session";
import { buyTicket } from "./event-tickets.service";

/** A money call: its first answer to an Idempotency-Key is replayed (lib/route.ts `config.idempotent`). */
const moneyCall = { access: "user", idempotent: true } as const;

/** Buying an event's ticket: served here, at the event's address, because the money moves in this module. */
export function eventTicketRoutes(app: FastifyInstance): void {
  const context = app.context;
  route(
    app,
    "POST",
    "/api/events/:id/tickets",
    {
      schema: {
        summary: "Buy a ticket to a paid event",
        description:
          "201 with the ticket (the built-in provider charges at once); a retry with the same Idempotency-Key replays it (`Idempotent-Replayed: true`). With Stripe: 202 with the PaymentIntent's client secret; a seat is held for 15 minutes and the ticket is issued when Stripe confirms the payment.",
        errors: {
          400: "You host the event",
          402: "The card was declined",
          403: "A block, or the host can't be paid (suspended, deleted)",
          404: "No such event",
          409: "Sold out, a free event, a ticket already held, a cancelled or finished event, the Idempotency-Key used with another body, or (Stripe) the host can't receive payments yet",
        },
        params: eventIdParams,
        body: buyTicketBody,
        response: { 201: ticketView, 202: paymentStartedView },
      },
      config: moneyCall,
    },
    async (request, idempotency) =>
      replayable(await buyTicket(context, requireViewer(request), request.params.id, request.body, idempotency)),
  );
}
