import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildUser } from "../../../test/factories/users";
import { type StripeTestServer, startStripeServer, stripeEnv } from "../../../test/stripe-server";
import { buildTestApp, type TestApp, type TestClient } from "../../../test/test-app";
import { processorPayments } from "../../db/schema/payments";

let harness: TestApp;
let stripe: StripeTestServer;

beforeAll(async () => {
  stripe = await startStripeServer();
  harness = await buildTestApp(stripeEnv(stripe));
});
afterAll(async () => {
  await harness.close();
  await stripe.close();
});

/** Delivers a signed event the way Stripe does. */
async function deliver(delivery: { payload: string; headers: Record<string, string> }) {
  const response = await harness.app.inject({
    method: "POST",
    url: "/api/payments/webhooks/stripe",
    headers: delivery.headers,
    payload: delivery.payload,
  });
  expect(response.statusCode, response.body).toBe(200);
}

async function intentIdOf(paymentId: string): Promise<string> {
  const [row] = await harness.context.db
    .select({ intentId: processorPayments.intentId })
    .from(processorPayments)
    .where(eq(processorPayments.id, paymentId));
  if (!row) throw new Error(`no payment ${paymentId}`);
  return row.intentId;
}

/** A tip through Stripe: 202 with the payment waiting for the browser (its client secret is the payer's). */
async function startTip(fan: TestClient, receiverId: string, amount: number) {
  const response = await fan.post("/api/tips", { receiverId, amount });
  expect(response.statusCode, response.body).toBe(202);
  const { paymentId, clientSecret } = response.json<{ paymentId: string; clientSecret: string }>();
  return { paymentId, clientSecret, intentId: await intentIdOf(paymentId) };
}

async function exportOf(client: TestClient) {
  const response = await client.get("/api/users/export");
  expect(response.statusCode).toBe(200);
  return { text: response.body, data: response.json() };
}

describe("GET /api/users/export with Stripe (docs/PRODUCT.md 'The data export')", () => {
  it("holds every card payment in every state, as payer and payee, and the connected account; no client secret", async () => {
    const creator = await buildUser(harness.app, { profileType: "creator", firstName: "Cora" });
    const fan = await buildUser(harness.app, { firstName: "Finn" });
    expect((await exportOf(creator.client)).data).toMatchObject({ processorPayments: [], payoutAccount: null });

    // The creator connects a payout account and Stripe enables it.
    expect((await creator.client.post("/api/payouts/account", {})).statusCode).toBe(200);
    const accountId = String(stripe.callsTo("/v1/account_links").at(-1)?.params.account);
    expect(accountId).toMatch(/^acct_/);
    const account = stripe.updateAccount(accountId, {
      charges_enabled: true,
      payouts_enabled: true,
      details_submitted: true,
    });
    await deliver(stripe.event("account.updated", account, { account: accountId }));

    // Three tips: one still pending, one whose card was declined, one that went through.
    // A minute apart: the export lists them newest first.
    const pending = await startTip(fan.client, creator.user.id, 3);
    harness.clock.advance(60_000);
    const failed = await startTip(fan.client, creator.user.id, 4);
    const declined = { ...stripe.object(failed.intentId), status: "requires_payment_method" };
    await deliver(stripe.event("payment_intent.payment_failed", declined, { account: accountId }));
    harness.clock.advance(60_000);
    const succeeded = await startTip(fan.client, creator.user.id, 5);
    await deliver(
      stripe.event("payment_intent.succeeded", stripe.succeedIntent(succeeded.intentId), { account: accountId }),
    );

    const expected = [
      { id: succeeded.paymentId, status: "succeeded", amountCents: 500, intentId: succeeded.intentId },
      { id: failed.paymentId, status: "failed", amountCents: 400, intentId: failed.intentId },
      { id: pending.paymentId, status: "requires_payment", amountCents: 300, intentId: pending.intentId },
    ].map((payment) => ({
      ...payment,
      kind: "tip",
      payerId: fan.user.id,
      payeeId: creator.user.id,
      connectedAccountId: accountId,
      provider: "stripe",
    }));

    for (const person of [fan, creator]) {
      const { text, data } = await exportOf(person.client);
      expect(data.processorPayments).toHaveLength(3);
      expect(data.processorPayments).toEqual(expected.map((payment) => expect.objectContaining(payment)));
      for (const payment of data.processorPayments) expect(payment).not.toHaveProperty("clientSecret");
      // The secret that can confirm a payment is nowhere in the file.
      for (const { clientSecret } of [pending, failed, succeeded]) expect(text).not.toContain(clientSecret);
      // The ledger has only the one that went through.
      expect(data.payments).toHaveLength(1);
    }

    const creatorExport = (await exportOf(creator.client)).data;
    expect(creatorExport.payoutAccount).toMatchObject({
      accountId,
      status: "active",
      chargesEnabled: true,
      payoutsEnabled: true,
      detailsSubmitted: true,
    });
    expect(Date.parse(creatorExport.payoutAccount.createdAt)).not.toBeNaN();
    expect((await exportOf(fan.client)).data.payoutAccount).toBeNull();
  });

  it("names an account whose onboarding is not finished as pending", async () => {
    const creator = await buildUser(harness.app, { profileType: "creator" });
    expect((await creator.client.post("/api/payouts/account", {})).statusCode).toBe(200);
    const accountId = String(stripe.callsTo("/v1/account_links").at(-1)?.params.account);
    expect((await exportOf(creator.client)).data.payoutAccount).toMatchObject({ accountId, status: "pending" });
  });
});
