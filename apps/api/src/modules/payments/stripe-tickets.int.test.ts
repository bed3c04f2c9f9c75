import { EVENT_CAPACITY_MESSAGES, EVENT_MESSAGES, EVENT_TICKET_HOLD_MS } from "@plaza/contracts/events";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { buildEvent } from "../../../test/factories/events";
import { buildUser } from "../../../test/factories/users";
import { expectLedgerInvariants } from "../../../test/ledger-invariants";
import { type StripeTestServer, startStripeServer, stripeEnv } from "../../../test/stripe-server";
import { buildTestApp, type TestApp, type TestClient } from "../../../test/test-app";
import { processorPayments } from "../../db/schema/payments";
import { refundDuePayments } from "./processor-refunds.service";
import { releaseExpiredTicketHolds } from "./ticket-holds.service";
import { refundDueTickets } from "./ticket-refunds.service";

let harness: TestApp;
let stripe: StripeTestServer;

beforeAll(async () => {
  stripe = await startStripeServer();
  harness = await buildTestApp({ ...stripeEnv(stripe), PUBLIC_URL: "https://plaza.example" });
});
afterAll(async () => {
  await harness.close();
  await stripe.close();
});
afterEach(async () => {
  await expectLedgerInvariants(harness.context.db);
});

const key = () => ({ "idempotency-key": crypto.randomUUID() });
const buy = (client: TestClient, eventId: string, headers = key()) =>
  client.post(`/api/events/${eventId}/tickets`, {}, headers);

function deliver(delivery: { payload: string; headers: Record<string, string> }) {
  return harness.app.inject({
    method: "POST",
    url: "/api/payments/webhooks/stripe",
    headers: delivery.headers,
    payload: delivery.payload,
  });
}

/** A host with an active connected account (onboarded through the API and `account.updated`). */
async function connectedHost() {
  const host = await buildUser(harness.app, { firstName: "Hana", lastName: "Host" });
  expect((await host.client.post("/api/payouts/account", {})).statusCode).toBe(200);
  const accountId = String(stripe.callsTo("/v1/account_links").at(-1)?.params.account);
  const account = stripe.updateAccount(accountId, {
    charges_enabled: true,
    payouts_enabled: true,
    details_submitted: true,
  });
  expect((await deliver(stripe.event("account.updated", account, { account: accountId }))).statusCode).toBe(200);
  return { ...host, accountId };
}

async function intentIdOf(paymentId: string): Promise<string> {
  const [row] = await harness.context.db
    .select({ intentId: processorPayments.intentId })
    .from(processorPayments)
    .where(eq(processorPayments.id, paymentId));
  if (!row) throw new Error(`no payment ${paymentId}`);
  return row.intentId;
}

async function payIntent(paymentId: string, accountId: string) {
  const intent = stripe.succeedIntent(await intentIdOf(paymentId));
  expect((await deliver(stripe.event("payment_intent.succeeded", intent, { account: accountId }))).statusCode).toBe(
    200,
  );
  return intent;
}

describe("tickets through Stripe", () => {
  it("a PaymentIntent on the host's connected account with no application fee; going with a ticket once it succeeds", async () => {
    const host = await connectedHost();
    const event = await buildEvent(host.client, { price: 25, capacity: 10 });
    const { client: guest } = await buildUser(harness.app);
    const headers = key();
    const started = await buy(guest, event.id, headers);
    expect(started.statusCode).toBe(202);
    expect(started.json()).toMatchObject({ status: "requires_payment", stripeAccount: host.accountId });
    expect(started.json().clientSecret).toEqual(expect.any(String));
    const call = stripe.callsTo("/v1/payment_intents").at(-1);
    expect(call?.stripeAccount).toBe(host.accountId);
    expect(call?.params).toMatchObject({ amount: 2500, metadata: { plaza_kind: "ticket" } });
    expect(call?.params).not.toHaveProperty("application_fee_amount");
    const replay = await buy(guest, event.id, headers);
    expect(replay.json()).toEqual(started.json());
    // Not going until the payment succeeded; the seat is held meanwhile.
    expect((await guest.get(`/api/events/${event.id}`)).json().viewer).toMatchObject({ rsvp: null, ticket: null });

    await payIntent(started.json().paymentId, host.accountId);
    const view = (await guest.get(`/api/events/${event.id}`)).json();
    expect(view).toMatchObject({ goingCount: 1, viewer: { rsvp: "going" } });
    expect(view.viewer.ticket.code).toEqual((await guest.get(`/api/events/${event.id}/ticket`)).json().code);
    const wallet = (await host.client.get("/api/wallet")).json();
    expect(wallet.balanceCents).toBe(2500 - stripe.feeOf(2500));

    // Leaving before the 24 hours: refunded in full through Stripe; the refund's webhook reverses the ledger.
    await guest.put(`/api/events/${event.id}/rsvp`, { status: "not_going" });
    // The job asked for after the commit may have run already; a run here then finds nothing left due.
    await refundDueTickets(harness.context);
    await vi.waitFor(() => expect(stripe.callsTo("/v1/refunds").length).toBeGreaterThan(0));
    expect(await refundDueTickets(harness.context)).toBe(0);
    const refund = stripe.callsTo("/v1/refunds").at(-1);
    expect(refund?.stripeAccount).toBe(host.accountId);
    expect(refund?.params).not.toHaveProperty("amount");
    const intent = stripe.object(await intentIdOf(started.json().paymentId));
    const charge = { ...stripe.object(String(intent?.latest_charge)), amount_refunded: 2500, refunded: true };
    expect((await deliver(stripe.event("charge.refunded", charge, { account: host.accountId }))).statusCode).toBe(200);
    expect((await host.client.get("/api/wallet")).json().balanceCents).toBe(-stripe.feeOf(2500));
    expect((await guest.get(`/api/payments/${started.json().paymentId}`)).json().status).toBe("refunded");
  });

  it("an open payment holds its seat for 15 minutes; once the hold expired the seat is sold again, and the late payment is refunded", async () => {
    const host = await connectedHost();
    const event = await buildEvent(host.client, { price: 10, capacity: 1 });
    const { client: slow } = await buildUser(harness.app);
    const { client: other } = await buildUser(harness.app);
    const held = await buy(slow, event.id);
    expect(held.statusCode).toBe(202);
    const soldOut = await buy(other, event.id);
    expect(soldOut.statusCode).toBe(409);
    expect(soldOut.json().message).toBe(EVENT_MESSAGES.soldOut);
    // The same buyer asking again gets the same payment to confirm.
    expect((await buy(slow, event.id)).json().paymentId).toBe(held.json().paymentId);

    harness.clock.advance(EVENT_TICKET_HOLD_MS + 1000);
    const second = await buy(other, event.id);
    expect(second.statusCode).toBe(202);
    const refundsBefore = stripe.callsTo("/v1/refunds").length;
    // The first payment completes after all: no seat is left for it, so it is refunded in full.
    await payIntent(held.json().paymentId, host.accountId);
    expect((await slow.get(`/api/events/${event.id}`)).json().viewer).toMatchObject({ rsvp: null, ticket: null });
    await refundDuePayments(harness.context);
    await vi.waitFor(() => expect(stripe.callsTo("/v1/refunds").length).toBeGreaterThan(refundsBefore));
    await payIntent(second.json().paymentId, host.accountId);
    expect((await other.get(`/api/events/${event.id}`)).json()).toMatchObject({
      goingCount: 1,
      viewer: { rsvp: "going" },
    });
  });

  it("an expired hold's PaymentIntent is cancelled once by the holds job; a payment completed anyway is refunded, never an extra seat", async () => {
    const host = await connectedHost();
    const event = await buildEvent(host.client, { price: 10, capacity: 1 });
    const { client: slow } = await buildUser(harness.app);
    const { client: other } = await buildUser(harness.app);
    const held = await buy(slow, event.id);
    expect(held.statusCode).toBe(202);
    const heldId = held.json().paymentId;
    const intentId = await intentIdOf(heldId);
    const cancelPath = `/v1/payment_intents/${intentId}/cancel`;
    // A hold still running is left alone.
    await releaseExpiredTicketHolds(harness.context);
    expect(stripe.callsTo(cancelPath)).toHaveLength(0);

    harness.clock.advance(EVENT_TICKET_HOLD_MS + 1000);
    const second = await buy(other, event.id);
    expect(second.statusCode).toBe(202);
    expect(await releaseExpiredTicketHolds(harness.context)).toBe(1);
    const cancels = stripe.callsTo(cancelPath);
    expect(cancels).toHaveLength(1);
    expect(cancels[0]).toMatchObject({ stripeAccount: host.accountId, idempotencyKey: `plaza-cancel-${heldId}` });
    expect(stripe.object(intentId)?.status).toBe("canceled");
    expect((await slow.get(`/api/payments/${heldId}`)).json().status).toBe("failed");
    // The other buyer's hold is young: its intent stays. A second run cancels nothing more.
    expect(stripe.callsTo(`/v1/payment_intents/${await intentIdOf(second.json().paymentId)}/cancel`)).toHaveLength(0);
    expect(await releaseExpiredTicketHolds(harness.context)).toBe(0);
    expect(stripe.callsTo(cancelPath)).toHaveLength(1);

    await payIntent(second.json().paymentId, host.accountId);
    // Had the buyer's confirmation beaten the cancel at Stripe, the late success finds no seat: refunded, no ticket.
    const refundsBefore = stripe.callsTo("/v1/refunds").length;
    await payIntent(heldId, host.accountId);
    expect((await slow.get(`/api/events/${event.id}`)).json()).toMatchObject({
      goingCount: 1,
      viewer: { rsvp: null, ticket: null },
    });
    await refundDuePayments(harness.context);
    await vi.waitFor(() => expect(stripe.callsTo("/v1/refunds").length).toBeGreaterThan(refundsBefore));
    expect(stripe.callsTo("/v1/refunds").at(-1)?.params).toMatchObject({ payment_intent: intentId });
  });

  it("an expired hold whose payment already succeeded at Stripe is left to its webhook, which gives it the free seat", async () => {
    const host = await connectedHost();
    const event = await buildEvent(host.client, { price: 10, capacity: 1 });
    const { client: slow } = await buildUser(harness.app);
    const held = await buy(slow, event.id);
    const heldId = held.json().paymentId;
    const intentId = await intentIdOf(heldId);
    harness.clock.advance(EVENT_TICKET_HOLD_MS + 1000);
    const intent = stripe.succeedIntent(intentId);
    expect(await releaseExpiredTicketHolds(harness.context)).toBe(0);
    expect(stripe.callsTo(`/v1/payment_intents/${intentId}/cancel`)).toHaveLength(1);
    expect((await slow.get(`/api/payments/${heldId}`)).json().status).toBe("requires_payment");
    const delivered = await deliver(stripe.event("payment_intent.succeeded", intent, { account: host.accountId }));
    expect(delivered.statusCode).toBe(200);
    expect((await slow.get(`/api/events/${event.id}`)).json()).toMatchObject({
      goingCount: 1,
      viewer: { rsvp: "going" },
    });
  });

  it("the capacity can't go below the people going plus the seats held while buyers pay (409)", async () => {
    const host = await connectedHost();
    const event = await buildEvent(host.client, { price: 10, capacity: 3 });
    const { client: paid } = await buildUser(harness.app);
    const { client: paying } = await buildUser(harness.app);
    const { client: late } = await buildUser(harness.app);
    await payIntent((await buy(paid, event.id)).json().paymentId, host.accountId);
    expect((await buy(paying, event.id)).statusCode).toBe(202);

    const refused = await host.client.patch(`/api/events/${event.id}`, { capacity: 1 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(EVENT_CAPACITY_MESSAGES.belowHeld(1, 1));
    expect((await host.client.get(`/api/events/${event.id}`)).json().capacity).toBe(3);
    expect((await host.client.patch(`/api/events/${event.id}`, { capacity: 2 })).statusCode).toBe(200);
    const soldOut = await buy(late, event.id);
    expect(soldOut.statusCode).toBe(409);
    expect(soldOut.json().message).toBe(EVENT_MESSAGES.soldOut);
    // Once the hold expired its seat counts no more.
    harness.clock.advance(EVENT_TICKET_HOLD_MS + 1000);
    expect((await host.client.patch(`/api/events/${event.id}`, { capacity: 1 })).statusCode).toBe(200);
  });

  it("a host who can't receive payments sells nothing yet (409)", async () => {
    const { client: host } = await buildUser(harness.app, { firstName: "Nora", lastName: "Nopay" });
    const event = await buildEvent(host, { price: 10 });
    const { client: guest } = await buildUser(harness.app);
    const refused = await buy(guest, event.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe("Nora Nopay can't receive payments yet");
  });
});
