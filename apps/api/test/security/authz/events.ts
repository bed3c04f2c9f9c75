import { randomBytes } from "node:crypto";
import { calendarFeedTokens, eventHosts, eventRsvps, events, eventTickets } from "../../../src/db/schema/events";
import { hashSessionToken } from "../../../src/modules/auth/auth.service";
import { insertTicket } from "../../../src/modules/events/tickets.repository";
import { insertUser } from "../harness";
import {
  allow,
  type CaseInput,
  type Expectation,
  ID,
  type MatrixRow,
  money,
  NONE_ID,
  owner,
  ownOnly,
  SELF,
} from "./common";

/**
 * A fresh public event hosted by the resource's owner (Alice's for `other`), written straight to the database; it
 * starts in `startsIn` (a week unless said), with tickets at `priceCents` when given.
 */
async function freshEvent(
  input: CaseInput,
  options: { priceCents?: number | null; startsIn?: number } = {},
): Promise<string> {
  const { priceCents = null, startsIn = 7 * 86_400_000 } = options;
  const host = owner(input);
  if (input.resource === "none" || !host) return NONE_ID;
  const db = input.world.harness.context.db;
  const startsAt = new Date(input.world.harness.clock.now().getTime() + startsIn);
  const endsAt = new Date(startsAt.getTime() + 3_600_000);
  const [row] = await db
    .insert(events)
    .values({
      creatorId: host,
      title: "Matrix event",
      startsAt,
      endsAt,
      occurrenceStartsAt: startsAt,
      occurrenceEndsAt: endsAt,
      timeZone: "UTC",
      placeName: "Square",
      category: "community",
      capacity: 5,
      priceCents,
    })
    .returning({ id: events.id });
  if (!row) throw new Error("no event inserted");
  await db.insert(eventHosts).values({ eventId: row.id, userId: host, isAccepted: true });
  return row.id;
}

/** A fresh public event (as freshEvent) the role is going to, with its ticket. */
async function eventWithMyTicket(input: CaseInput): Promise<string> {
  const eventId = await freshEvent(input);
  if (eventId === NONE_ID || !input.me) return eventId;
  const db = input.world.harness.context.db;
  await db.insert(eventRsvps).values({ eventId, userId: input.me, status: "going" });
  await db
    .insert(eventTickets)
    .values({ eventId, userId: input.me, code: randomBytes(5).toString("hex").toUpperCase() });
  return eventId;
}

/**
 * An admission at the door of a fresh event starting in an hour (the door is open): the code of a going guest's
 * ticket (a spare user's). None: a made-up code on a missing event.
 */
async function doorAdmission(input: CaseInput): Promise<{ url: string; payload: { code: string } }> {
  const eventId = await freshEvent(input, { startsIn: 3_600_000 });
  if (eventId === NONE_ID) return { url: `/api/events/${NONE_ID}/admissions`, payload: { code: "0000000000" } };
  const db = input.world.harness.context.db;
  const guestId = await insertUser(input.world.harness);
  const now = input.world.harness.clock.now();
  await db.insert(eventRsvps).values({ eventId, userId: guestId, status: "going" });
  const ticket = await insertTicket(db, { eventId, userId: guestId, priceCents: 0, now });
  return { url: `/api/events/${eventId}/admissions`, payload: { code: ticket.code } };
}

/**
 * A calendar feed token: the role's own (stored), or, for `other` and `none`, one that is not (guessed, or rotated
 * away): the link is the credential, so only a stored one answers.
 */
async function feedToken(input: CaseInput): Promise<string> {
  const token = randomBytes(24).toString("hex");
  if (input.resource !== "own" || !input.me) return token;
  await input.world.harness.context.db
    .insert(calendarFeedTokens)
    .values({ tokenHash: hashSessionToken(token), userId: input.me });
  return token;
}

/** A public event: anyone sees it, but not across a block (Alice blocked `blocked`); none: 404. */
const publicEvent = (input: CaseInput): Expectation => {
  if (input.resource === "none") return "deny";
  if (input.resource === "own") return input.role === "anon" ? "skip" : "allow";
  return input.role === "blocked" ? "deny" : "allow";
};

/** Matrix rows: events. */
export const EVENTS_ROWS: MatrixRow[] = [
  {
    route: "POST /api/events",
    resources: SELF,
    request: () => ({
      url: "/api/events",
      payload: {
        title: "Matrix event",
        startsAt: "2026-07-01T18:00:00Z",
        endsAt: "2026-07-01T20:00:00Z",
        timeZone: "UTC",
        place: { name: "Square", latitude: 0, longitude: 0 },
        category: "community",
      },
    }),
    expect: allow,
  },
  { route: "GET /api/events", resources: SELF, request: () => ({ url: "/api/events" }), expect: allow },
  {
    route: "GET /api/events/:id",
    resources: ID,
    request: async (input) => ({ url: `/api/events/${await freshEvent(input)}` }),
    expect: publicEvent,
  },
  {
    route: "GET /api/events/:id/calendar.ics",
    resources: ID,
    request: async (input) => ({ url: `/api/events/${await freshEvent(input)}/calendar.ics` }),
    expect: publicEvent,
  },
  {
    route: "PATCH /api/events/:id",
    resources: ID,
    request: async (input) => ({ url: `/api/events/${await freshEvent(input)}`, payload: { title: "Renamed" } }),
    expect: ownOnly,
  },
  {
    route: "POST /api/events/:id/cancel",
    resources: ID,
    request: async (input) => ({ url: `/api/events/${await freshEvent(input)}/cancel` }),
    expect: ownOnly,
  },
  {
    route: "PUT /api/events/:id/rsvp",
    resources: ID,
    request: async (input) => ({ url: `/api/events/${await freshEvent(input)}/rsvp`, payload: { status: "going" } }),
    expect: publicEvent,
  },
  {
    route: "GET /api/events/:id/ticket",
    resources: ID,
    // One's own ticket (the row gives the role one, even to an event it hosts): not across a block, none 404.
    request: async (input) => ({ url: `/api/events/${await eventWithMyTicket(input)}/ticket` }),
    expect: publicEvent,
  },
  {
    route: "POST /api/events/:id/tickets",
    resources: ID,
    // A host buys no ticket to its own event (400); anyone else who sees it may buy one; none 404.
    request: async (input) => ({
      url: `/api/events/${await freshEvent(input, { priceCents: 1000 })}/tickets`,
      payload: { cardLast4: "4242" },
      headers: money(),
    }),
    expect: (input) => (input.resource === "own" ? "refuse" : publicEvent(input)),
  },
  {
    route: "POST /api/events/:id/co-hosts/accept",
    resources: ID,
    // Only the asked (or a host, for whom it changes nothing) may accept: anyone else 403, none 404.
    request: async (input) => ({ url: `/api/events/${await freshEvent(input)}/co-hosts/accept` }),
    expect: ownOnly,
  },
  {
    route: "POST /api/events/:id/invitations",
    resources: ID,
    request: async (input) => ({
      url: `/api/events/${await freshEvent(input)}/invitations`,
      payload: { userIds: [input.me ?? NONE_ID] },
    }),
    expect: ownOnly,
  },
  {
    route: "GET /api/events/:id/attendees",
    resources: ID,
    // Hosts only: anyone else who sees the event 403, one who may not see it (or none) 404.
    request: async (input) => ({ url: `/api/events/${await freshEvent(input)}/attendees?status=going` }),
    expect: ownOnly,
  },
  {
    route: "GET /api/events/:id/attendees/counts",
    resources: ID,
    request: async (input) => ({ url: `/api/events/${await freshEvent(input)}/attendees/counts` }),
    expect: ownOnly,
  },
  {
    route: "POST /api/events/:id/admissions",
    resources: ID,
    // Hosts only: a guest's valid code scanned by anyone else is 403 (404 when they may not see the event).
    request: doorAdmission,
    expect: ownOnly,
  },
  {
    route: "GET /api/users/me/calendar",
    resources: SELF,
    request: () => ({ url: "/api/users/me/calendar" }),
    expect: allow,
  },
  {
    route: "POST /api/users/me/calendar/rotate",
    resources: SELF,
    request: () => ({ url: "/api/users/me/calendar/rotate" }),
    expect: allow,
  },
  {
    route: "GET /api/calendar/:token.ics",
    resources: ID,
    request: async (input) => ({ url: `/api/calendar/${await feedToken(input)}.ics` }),
    expect: (input) => (input.resource !== "own" ? "deny" : input.role === "anon" ? "skip" : "allow"),
  },
];
