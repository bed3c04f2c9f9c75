import { randomBytes } from "node:crypto";
import { DEFAULT_PREFERENCES } from "@plaza/contracts/users";
import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildEvent } from "../../../test/factories/events";
import { buildUser } from "../../../test/factories/users";
import { buildTestApp, type TestApp, TestClient } from "../../../test/test-app";
import { sessions } from "../../db/schema/auth";
import { eventRsvps, events } from "../../db/schema/events";
import { users } from "../../db/schema/users";
import { hashSessionToken } from "../auth/auth.service";

/**
 * Seats are never oversold and the waitlist keeps arrival order under concurrency (CONTRACT.md "Events"). PGlite has
 * a single connection and serialises everything, so this proves something only on PostgreSQL.
 */
const isPostgres = Boolean(process.env.TEST_DATABASE_URL);
const GUESTS = 100;
const SEATS = 10;
const RUNS = Number(process.env.RACE_RUNS ?? 5);

describe.skipIf(!isPostgres)("event RSVP race (PostgreSQL only: set TEST_DATABASE_URL to run it)", () => {
  let harness: TestApp;
  let host: TestClient;
  let guests: { id: string; client: TestClient }[] = [];

  beforeAll(async () => {
    harness = await buildTestApp();
    host = (await buildUser(harness.app)).client;
    const now = harness.clock.now();
    const tag = randomBytes(4).toString("hex");
    // Guests written straight to the database (no password hashing), each with a session.
    const rows = await harness.context.db
      .insert(users)
      .values(
        Array.from({ length: GUESTS }, (_, index) => ({
          email: `rsvp${tag}${index}@example.test`,
          passwordHash: "not-a-real-hash",
          username: `rsvp_${tag}_${index}`,
          firstName: "Guest",
          lastName: String(index),
          preferences: DEFAULT_PREFERENCES,
        })),
      )
      .returning({ id: users.id });
    const tokens = rows.map(() => randomBytes(32).toString("base64url"));
    await harness.context.db.insert(sessions).values(
      rows.map((row, index) => ({
        id: hashSessionToken(tokens[index] ?? ""),
        userId: row.id,
        createdAt: now,
        lastSeenAt: now,
        expiresAt: new Date(now.getTime() + 86_400_000),
      })),
    );
    guests = rows.map((row, index) => {
      const client = new TestClient(harness.app);
      client.cookie = `plaza_session=${tokens[index]}`;
      return { id: row.id, client };
    });
  }, 120_000);
  afterAll(() => harness?.close());

  async function stateOf(eventId: string) {
    const [event] = await harness.context.db.select().from(events).where(eq(events.id, eventId));
    const rows = await harness.context.db
      .select()
      .from(eventRsvps)
      .where(eq(eventRsvps.eventId, eventId))
      .orderBy(asc(eventRsvps.waitlistOrder));
    return {
      event,
      going: rows.filter((row) => row.status === "going").map((row) => row.userId),
      line: rows.filter((row) => row.status === "waitlisted").map((row) => row.userId),
    };
  }

  it(`${GUESTS} concurrent "going" for ${SEATS} seats: exactly ${SEATS} going, the rest waitlisted 1..N in lock order; leaving promotes in order, ${RUNS} runs`, async () => {
    for (let run = 0; run < RUNS; run += 1) {
      const event = await buildEvent(host, { capacity: SEATS });
      const url = `/api/events/${event.id}/rsvp`;
      const answers = await Promise.all(
        guests.map(async (guest) => ({ guest, body: (await guest.client.put(url, { status: "going" })).json() })),
      );
      const going = answers.filter((answer) => answer.body.status === "going");
      const waiting = answers.filter((answer) => answer.body.status === "waitlisted");
      expect(going).toHaveLength(SEATS);
      expect(waiting).toHaveLength(GUESTS - SEATS);
      const positions = waiting.map((answer) => answer.body.waitlistPosition as number);
      expect([...positions].sort((a, b) => a - b)).toEqual(Array.from({ length: GUESTS - SEATS }, (_, i) => i + 1));
      // The position each request was answered is its place in the stored line.
      const state = await stateOf(event.id);
      const byPosition = [...waiting].sort((a, b) => a.body.waitlistPosition - b.body.waitlistPosition);
      expect(state.line).toEqual(byPosition.map((answer) => answer.guest.id));
      expect(state.event).toMatchObject({ goingCount: SEATS, waitlistCount: GUESTS - SEATS });

      // Five of those going leave at once: the first five in line take their seats, the line keeps its order.
      const leaving = going.slice(0, 5);
      await Promise.all(leaving.map((answer) => answer.guest.client.put(url, { status: "not_going" })));
      const after = await stateOf(event.id);
      expect(after.going).toHaveLength(SEATS);
      expect(after.event).toMatchObject({ goingCount: SEATS, waitlistCount: GUESTS - SEATS - 5 });
      const expectedPromoted = state.line.slice(0, 5);
      for (const id of expectedPromoted) expect(after.going).toContain(id);
      expect(after.line).toEqual(state.line.slice(5));
      const nextInLine = guests.find((guest) => guest.id === after.line[0]);
      const mine = (await nextInLine?.client.get(`/api/events/${event.id}`))?.json();
      expect(mine.viewer).toMatchObject({ rsvp: "waitlisted", waitlistPosition: 1 });

      // A mixed storm: the remaining going leave while the waiting re-answer: never more going than seats.
      await Promise.all([
        ...going.slice(5).map((answer) => answer.guest.client.put(url, { status: "interested" })),
        ...waiting.slice(0, 30).map((answer) => answer.guest.client.put(url, { status: "going" })),
      ]);
      const last = await stateOf(event.id);
      expect(last.going.length).toBeLessThanOrEqual(SEATS);
      expect(last.event?.goingCount).toBe(last.going.length);
      expect(last.event?.waitlistCount).toBe(last.line.length);
      expect(last.going).toHaveLength(SEATS);
      const counted = await harness.context.db
        .select()
        .from(eventRsvps)
        .where(and(eq(eventRsvps.eventId, event.id), eq(eventRsvps.status, "going")));
      expect(counted).toHaveLength(SEATS);
    }
  }, 240_000);
});
