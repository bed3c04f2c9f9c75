import {
  admissionBody,
  admissionView,
  attendeeCountsView,
  attendeePage,
  attendeesQuery,
} from "@plaza/contracts/event-door";
import { eventIdParams } from "@plaza/contracts/events";
import type { FastifyInstance } from "fastify";
import { ok, page, route } from "../../lib/route";
import { requireViewer } from "../../plugins/session";
import { admitTicket, countEventAttendees, listAttendees } from "./door.service";

/** The host's side of an event (CONTRACT.md "Fourth round" → "Events"): who comes, and check-in at the door. */
export function doorRoutes(app: FastifyInstance): void {
  const context = app.context;
  const user = { access: "user" } as const;

  route(
    app,
    "GET",
    "/api/events/:id/attendees",
    {
      schema: {
        summary: "Who is going, on the waitlist (in line order) or interested (hosts), a page at a time",
        errors: { 400: "An unknown status or cursor", 403: "You do not host it", 404: "No such event" },
        params: eventIdParams,
        querystring: attendeesQuery,
        response: { 200: attendeePage },
      },
      config: user,
    },
    async (request) => page(await listAttendees(context, requireViewer(request), request.params.id, request.query)),
  );

  route(
    app,
    "GET",
    "/api/events/:id/attendees/counts",
    {
      schema: {
        summary: "How many are going, waitlisted and interested, and how many were admitted (hosts)",
        errors: { 403: "You do not host it", 404: "No such event" },
        params: eventIdParams,
        response: { 200: attendeeCountsView },
      },
      cacheControl: "no-store",
      config: user,
    },
    async (request) => ok(await countEventAttendees(context, requireViewer(request), request.params.id)),
  );

  route(
    app,
    "POST",
    "/api/events/:id/admissions",
    {
      schema: {
        summary: "Admit a ticket at the door (hosts): its holder's name, when they came in, and whether just now",
        description:
          "At an event placed at a business, the first admission counts as a verified visit of the business (coupons that need a visit accept it). The door opens 3 hours before the start and closes at the end.",
        errors: {
          400: "No code",
          403: "You do not host it",
          404: "No such event, or no ticket with this code",
          409: "Another event's ticket, a holder no longer going, a cancelled event, or outside the door's hours",
        },
        params: eventIdParams,
        body: admissionBody,
        response: { 200: admissionView },
      },
      config: user,
    },
    async (request) => ok(await admitTicket(context, requireViewer(request), request.params.id, request.body)),
  );
}
