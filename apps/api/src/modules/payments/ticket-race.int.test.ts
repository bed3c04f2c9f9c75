import { randomBytes } from "node:crypto";
import { EVENT_MESSAGES } from "@plaza/contracts/events";
import { DEFAULT_PREFERENCES } from "@plaza/contracts/users";
import { and, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildEvent } from "../../../test/factories/events";
import { buildUser } from "../../../test/factories/users";
import { expectLedgerInvariants } from "../../../test/ledger-invariants";
import { buildTestApp, type TestApp, TestClient } from "../../../test/test-app";
import { sessions } from "../../db/schema/auth";
import { eventRsvps, events, eventTickets } from "../../db/schema/events";
import { users } from "../../db/schema/users";
import { hashSessionToken } from "../auth/auth.service";

/**
 * Paid seats are never oversold (CONTRACT.md "Events", "Paid events"): many buyers at once for a few seats. PGlite
 * has a single connection and serialises everything, so this proves something only on PostgreSQL.
 */
const isPostgres = Boolean(process.env.TEST_DATABASE_URL);
const GUESTS = 30;
const SEATS = 5;
const RUNS = Number(process.env.RACE_RUNS ?? 3);

describe.skipIf(!isPostgres)("ticket purchase race (PostgreSQL only: set TEST_DATABASE_URL to run it)", () => {
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
          email: `buyer${tag}${index}@example.test`,
          passwordHash: "not-a-real-hash",
          username: `buyer_${tag}_${index}`,
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

  it(`${GUESTS} buyers at once for ${SEATS} paid seats: exactly ${SEATS} tickets, the rest "sold out", ${RUNS} runs`, async () => {
    for (let run = 0; run < RUNS; run += 1) {
      const event = await buildEvent(host, { capacity: SEATS, price: 5 });
      const answers = await Promise.all(
        guests.map((guest) =>
          guest.client.post(`/api/events/${event.id}/tickets`, {}, { "idempotency-key": crypto.randomUUID() }),
        ),
      );
      const sold = answers.filter((answer) => answer.statusCode === 201);
      const refused = answers.filter((answer) => answer.statusCode === 409);
      const others = answers.filter((answer) => answer.statusCode !== 201 && answer.statusCode !== 409);
      expect(others.map((answer) => `${answer.statusCode} ${answer.body}`)).toEqual([]);
      expect(sold).toHaveLength(SEATS);
      expect(refused).toHaveLength(GUESTS - SEATS);
      for (const answer of refused) expect(answer.json().message).toBe(EVENT_MESSAGES.soldOut);
      const [row] = await harness.context.db.select().from(events).where(eq(events.id, event.id));
      expect(row?.goingCount).toBe(SEATS);
      const going = await harness.context.db
        .select()
        .from(eventRsvps)
        .where(and(eq(eventRsvps.eventId, event.id), eq(eventRsvps.status, "going")));
      expect(going).toHaveLength(SEATS);
      const tickets = await harness.context.db
        .select()
        .from(eventTickets)
        .where(and(eq(eventTickets.eventId, event.id), isNull(eventTickets.voidedAt)));
      expect(tickets).toHaveLength(SEATS);
      expect(new Set(tickets.map((ticket) => ticket.transactionId)).size).toBe(SEATS);
      await expectLedgerInvariants(harness.context.db);
    }
  }, 240_000);
});
