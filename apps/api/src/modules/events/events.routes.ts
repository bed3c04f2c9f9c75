import {
  calendarFeedView,
  calendarTokenParams,
  createEventBody,
  eventIdParams,
  eventPage,
  eventScopeQuery,
  eventView,
  invitationsView,
  inviteBody,
  listEventsQuery,
  rsvpBody,
  rsvpView,
  ticketCodeView,
  updateEventBody,
} from "@plaza/contracts/events";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { publicBaseUrl } from "../../lib/mail/links";
import { calendar, created, ok, page, route } from "../../lib/route";
import { requireViewer } from "../../plugins/session";
import { calendarFeedFile, calendarFeedLink, eventCalendarFile, rotateCalendarFeed } from "./calendar.service";
import { doorRoutes } from "./door.routes";
import { cancelEvent, createEvent, editEvent, getEvent, listEventsFor } from "./events.service";
import { acceptCoHosting, inviteToEvent } from "./invitations.service";
import { answerRsvp } from "./rsvp.service";
import { getTicketCode } from "./tickets.service";

/** Events (CONTRACT.md "Fourth round" → "Events"): creating, listing, editing, cancelling, RSVPs, calendar files. */
export async function eventsRoutes(app: FastifyInstance): Promise<void> {
  eventRoutes(app);
  peopleRoutes(app);
  attendanceRoutes(app);
  calendarFeedRoutes(app);
  doorRoutes(app);
}

/** The private calendar feed of an account. */
function calendarFeedRoutes(app: FastifyInstance): void {
  const context = app.context;
  const user = { access: "user" } as const;
  const ics = { 200: { description: "RFC 5545", content: { "text/calendar": { schema: z.string() } } } };

  route(
    app,
    "GET",
    "/api/users/me/calendar",
    {
      schema: {
        summary: "A link to your private calendar feed (the events you are going to or host)",
        description: "Only a hash of the token is kept: each call gives a new link; all work until you rotate.",
        response: { 200: calendarFeedView },
      },
      config: user,
    },
    async (request) => ok(await calendarFeedLink(context, requireViewer(request), publicBaseUrl(context.env, request))),
  );

  route(
    app,
    "POST",
    "/api/users/me/calendar/rotate",
    {
      schema: {
        summary: "A new link to your calendar feed: every earlier link stops working",
        response: { 200: calendarFeedView },
      },
      config: user,
    },
    async (request) =>
      ok(await rotateCalendarFeed(context, requireViewer(request), publicBaseUrl(context.env, request))),
  );

  route(
    app,
    "GET",
    "/api/calendar/:token.ics",
    {
      schema: {
        summary: "A private calendar feed (no session: calendar apps fetch it by its secret link)",
        errors: { 404: "No such feed, or a rotated link" },
        params: calendarTokenParams,
        docResponses: ics,
      },
      config: { access: "public" },
    },
    async (request) =>
      calendar(await calendarFeedFile(context, request.params.token, publicBaseUrl(context.env, request))),
  );
}

/** Co-hosts and guests. */
function peopleRoutes(app: FastifyInstance): void {
  const context = app.context;
  const user = { access: "user" } as const;

  route(
    app,
    "POST",
    "/api/events/:id/co-hosts/accept",
    {
      schema: {
        summary: "Accept to co-host an event (every occurrence of a series you were asked to co-host)",
        description: "Once accepted you are among its hosts: you may edit and cancel it like its creator.",
        errors: { 403: "You were not asked to co-host it", 404: "No such event" },
        params: eventIdParams,
        response: { 200: eventView },
      },
      config: user,
    },
    async (request) => ok(await acceptCoHosting(context, requireViewer(request), request.params.id)),
  );

  route(
    app,
    "POST",
    "/api/events/:id/invitations",
    {
      schema: {
        summary: "Invite people to an event (hosts): they may see it and answer it, invite-only included",
        description: "In a series, the invitation covers this and the following occurrences. Each is notified once.",
        errors: {
          400: "Nobody to invite, or someone you cannot invite",
          403: "You do not host it",
          404: "No such event",
        },
        params: eventIdParams,
        body: inviteBody,
        response: { 200: invitationsView },
      },
      config: user,
    },
    async (request) => ok(await inviteToEvent(context, requireViewer(request), request.params.id, request.body)),
  );
}

/** Creating, listing, reading, editing and cancelling events. */
function eventRoutes(app: FastifyInstance): void {
  const context = app.context;
  const user = { access: "user" } as const;

  route(
    app,
    "POST",
    "/api/events",
    {
      schema: {
        summary: "Create an event (a recurrence creates one event per occurrence sharing a seriesId)",
        errors: { 400: "A field is invalid: the message names it" },
        body: createEventBody,
        response: { 201: eventView },
      },
      config: user,
    },
    async (request) => created(await createEvent(context, requireViewer(request), request.body)),
  );

  route(
    app,
    "GET",
    "/api/events",
    {
      schema: {
        summary: "Upcoming events you may see, soonest first",
        description: "Signed out: public events only. `mine` needs a session.",
        errors: { 401: "`mine` without a session" },
        querystring: listEventsQuery,
        response: { 200: eventPage },
      },
      config: { access: "public", readsReplica: true },
    },
    async (request) => page(await listEventsFor(context, request.viewer, request.query)),
  );

  route(
    app,
    "GET",
    "/api/events/:id",
    {
      schema: {
        summary: "An event",
        errors: { 404: "No such event, or not one you may see" },
        params: eventIdParams,
        response: { 200: eventView },
      },
      config: { access: "public" },
    },
    async (request) => ok(await getEvent(context, request.viewer, request.params.id)),
  );

  route(
    app,
    "PATCH",
    "/api/events/:id",
    {
      schema: {
        summary: "Edit an event, or it and the following occurrences of its series (hosts)",
        errors: { 403: "You do not host it", 404: "No such event", 409: "Cancelled, or a capacity below those going" },
        params: eventIdParams,
        querystring: eventScopeQuery,
        body: updateEventBody,
        response: { 200: eventView },
      },
      config: user,
    },
    async (request) =>
      ok(await editEvent(context, requireViewer(request), request.params.id, request.query.scope, request.body)),
  );

  route(
    app,
    "POST",
    "/api/events/:id/cancel",
    {
      schema: {
        summary: "Cancel an event, or it and the following occurrences of its series (hosts)",
        errors: { 403: "You do not host it", 404: "No such event", 409: "Already cancelled" },
        params: eventIdParams,
        querystring: eventScopeQuery,
        response: { 200: eventView },
      },
      config: user,
    },
    async (request) => ok(await cancelEvent(context, requireViewer(request), request.params.id, request.query.scope)),
  );
}

/** Answering an event and putting it in a calendar. */
function attendanceRoutes(app: FastifyInstance): void {
  const context = app.context;
  const user = { access: "user" } as const;

  route(
    app,
    "PUT",
    "/api/events/:id/rsvp",
    {
      schema: {
        summary: "Answer an event: going (a seat, or a place on the waitlist), interested or not going",
        errors: { 404: "No such event", 409: "The event is cancelled or over" },
        params: eventIdParams,
        body: rsvpBody,
        response: { 200: rsvpView },
      },
      config: user,
    },
    async (request) => ok(await answerRsvp(context, requireViewer(request), request.params.id, request.body)),
  );

  route(
    app,
    "GET",
    "/api/events/:id/ticket",
    {
      schema: {
        summary: "Your ticket's code (shown as a QR code at the door) while you are going",
        errors: { 404: "No such event, or you have no ticket to it" },
        params: eventIdParams,
        response: { 200: ticketCodeView },
      },
      config: user,
    },
    async (request) => ok(await getTicketCode(context, requireViewer(request), request.params.id)),
  );

  route(
    app,
    "GET",
    "/api/events/:id/calendar.ics",
    {
      schema: {
        summary: "The event (or its series) as an iCalendar file",
        errors: { 404: "No such event, or not one you may see" },
        params: eventIdParams,
        docResponses: { 200: { description: "RFC 5545", content: { "text/calendar": { schema: z.string() } } } },
      },
      config: { access: "public" },
    },
    async (request) =>
      calendar(
        await eventCalendarFile(context, request.viewer, request.params.id, publicBaseUrl(context.env, request)),
      ),
  );
}
