import { EVENT_MESSAGES, TICKET_CODE_PATTERN } from "@plaza/contracts/events";
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { buildEvent } from "../../../test/factories/events";
import { buildUser } from "../../../test/factories/users";
import { expectLedgerInvariants } from "../../../test/ledger-invariants";
import { buildTestApp, type TestApp, type TestClient } from "../../../test/test-app";
import { refundDueTickets } from "./ticket-refunds.service";

let harness: TestApp;

beforeAll(async () => {
  harness = await buildTestApp();
});
afterAll(() => harness.close());
afterEach(async () => {
  await expectLedgerInvariants(harness.context.db);
});

const key = () => ({ "idempotency-key": crypto.randomUUID() });
const balanceOf = async (client: TestClient) => (await client.get("/api/wallet")).json().balanceCents as number;
const buy = (client: TestClient, eventId: string, headers = key()) =>
  client.post(`/api/events/${eventId}/tickets`, { paymentMethod: "card", cardLast4: "4242" }, headers);

async function reversalsOf(eventId: string): Promise<number> {
  const result = (await harness.context.db.execute(
    sql`select count(*)::int as n from ledger_transactions r join event_tickets t on t.transaction_id = r.reverses_transaction_id where t.event_id = ${eventId}`,
  )) as unknown as { rows: { n: number }[] };
  return Number(result.rows[0]?.n);
}

describe("paid tickets with the built-in provider", () => {
  it("buys a ticket (going, with a code), replays its key, refuses plain going, a second ticket, the host, and sells out", async () => {
    const { client: host } = await buildUser(harness.app);
    const event = await buildEvent(host, { capacity: 2, price: 12.5 });
    expect(event.price).toBe(12.5);
    const { client: guest } = await buildUser(harness.app);
    const plain = await guest.put(`/api/events/${event.id}/rsvp`, { status: "going" });
    expect(plain.statusCode).toBe(409);
    expect(plain.json().message).toBe(EVENT_MESSAGES.buyTicket);
    expect((await guest.put(`/api/events/${event.id}/rsvp`, { status: "interested" })).statusCode).toBe(200);

    const headers = key();
    const bought = await buy(guest, event.id, headers);
    expect(bought.statusCode).toBe(201);
    expect(bought.json()).toMatchObject({
      eventId: event.id,
      priceCents: 1250,
      code: expect.stringMatching(TICKET_CODE_PATTERN),
    });
    const replay = await buy(guest, event.id, headers);
    expect(replay.statusCode).toBe(201);
    expect(replay.headers["idempotent-replayed"]).toBe("true");
    expect(replay.json()).toEqual(bought.json());
    const view = (await guest.get(`/api/events/${event.id}`)).json();
    expect(view).toMatchObject({ goingCount: 1, interestedCount: 0, viewer: { rsvp: "going" } });
    expect(view.viewer.ticket).toEqual({ id: bought.json().id, code: bought.json().code });
    expect((await guest.get(`/api/events/${event.id}/ticket`)).json()).toEqual({ code: bought.json().code });
    // The whole price reaches the host: no platform fee (the built-in provider charges no card fee).
    expect(await balanceOf(host)).toBe(1250);

    const again = await buy(guest, event.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(EVENT_MESSAGES.alreadyHasTicket);
    expect((await buy(host, event.id)).statusCode).toBe(400);
    const { client: second } = await buildUser(harness.app);
    expect((await buy(second, event.id)).statusCode).toBe(201);
    const { client: third } = await buildUser(harness.app);
    const soldOut = await buy(third, event.id);
    expect(soldOut.statusCode).toBe(409);
    expect(soldOut.json()).toMatchObject({ message: "This event is sold out" });
    expect(await balanceOf(host)).toBe(2500);

    const declined = await third.post(`/api/events/${event.id}/tickets`, { cardLast4: "0002" }, key());
    expect(declined.statusCode).toBe(409);

    const free = await buildEvent(host);
    const refused = await buy(guest, free.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(EVENT_MESSAGES.freeEvent);
    // Many calls: a loaded machine once took longer than the default 30 seconds.
  }, 120_000);

  it("refuses a price change once a ticket is sold (409), takes one before", async () => {
    const { client: host } = await buildUser(harness.app);
    const event = await buildEvent(host, { price: 10 });
    const cheaper = await host.patch(`/api/events/${event.id}`, { price: 8.25 });
    expect(cheaper.statusCode).toBe(200);
    expect(cheaper.json().price).toBe(8.25);
    const { client: guest } = await buildUser(harness.app);
    expect((await buy(guest, event.id)).json().priceCents).toBe(825);
    const locked = await host.patch(`/api/events/${event.id}`, { price: 20 });
    expect(locked.statusCode).toBe(409);
    expect(locked.json().message).toBe(EVENT_MESSAGES.priceLocked);
    expect((await host.patch(`/api/events/${event.id}`, { price: null })).statusCode).toBe(409);
    expect((await host.patch(`/api/events/${event.id}`, { title: "Renamed" })).statusCode).toBe(200);
  });

  it("refunds a holder who leaves until 24 hours before the start, not after; the seat is free again", async () => {
    const { client: host } = await buildUser(harness.app);
    // Ten days after the clock's start.
    const event = await buildEvent(host, { capacity: 2, price: 20 });
    const { client: early } = await buildUser(harness.app);
    const { client: late } = await buildUser(harness.app);
    await buy(early, event.id);
    await buy(late, event.id);
    expect(await balanceOf(host)).toBe(4000);

    await early.put(`/api/events/${event.id}/rsvp`, { status: "not_going" });
    await refundDueTickets(harness.context);
    expect(await balanceOf(host)).toBe(2000);
    expect((await early.get(`/api/events/${event.id}/ticket`)).statusCode).toBe(404);
    expect((await early.get(`/api/events/${event.id}`)).json()).toMatchObject({
      goingCount: 1,
      viewer: { ticket: null },
    });
    // A second run refunds nothing twice.
    expect(await refundDueTickets(harness.context)).toBe(0);
    expect(await reversalsOf(event.id)).toBe(1);

    const { client: newcomer } = await buildUser(harness.app);
    expect((await buy(newcomer, event.id)).statusCode).toBe(201);

    // Within 24 hours of the start: leaving refunds nothing.
    harness.clock.advance(9.5 * 24 * 60 * 60 * 1000);
    await late.put(`/api/events/${event.id}/rsvp`, { status: "not_going" });
    await refundDueTickets(harness.context);
    expect(await balanceOf(host)).toBe(4000);
    expect(await reversalsOf(event.id)).toBe(1);
    harness.clock.advance(-9.5 * 24 * 60 * 60 * 1000);
  });

  it("cancelling the event refunds every ticket in full; the ledger reverses each", async () => {
    const { client: host } = await buildUser(harness.app);
    const event = await buildEvent(host, { price: 15 });
    const buyers = await Promise.all([1, 2, 3].map(() => buildUser(harness.app)));
    for (const { client } of buyers) expect((await buy(client, event.id)).statusCode).toBe(201);
    expect(await balanceOf(host)).toBe(4500);
    expect((await host.post(`/api/events/${event.id}/cancel`)).statusCode).toBe(200);
    await refundDueTickets(harness.context);
    expect(await balanceOf(host)).toBe(0);
    expect(await reversalsOf(event.id)).toBe(3);
    for (const { client } of buyers) expect((await client.get(`/api/events/${event.id}/ticket`)).statusCode).toBe(404);
  });
});
