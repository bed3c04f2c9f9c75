import { EVENT_MESSAGES, EVENT_TICKET_HOLD_MS } from "@plaza/contracts/events";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { buildEvent } from "../../../test/factories/events";
import { buildUser } from "../../../test/factories/users";
import { expectLedgerInvariants } from "../../../test/ledger-invariants";
import { type StripeTestServer, startStripeServer, stripeEnv } from "../../../test/stripe-server";
import { buildTestApp, type TestApp, type TestClient } from "../../../test/test-app";
import { processorPayments } from "../../db/schema/payments";
import { refundDuePayments } from "./processor-refunds.service";
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

  it("a host who can't receive payments sells nothing yet (409)", async () => {
    const { client: host } = await buildUser(harness.app, { firstName: "Nora", lastName: "Nopay" });
    const event = await buildEvent(host, { price: 10 });
    const { client: guest } = await buildUser(harness.app);
    const refused = await buy(guest, event.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe("Nora Nopay can't receive payments yet");
  });
});
