import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildUser } from "../../../test/factories/users";
import { type StripeTestServer, startStripeServer, stripeEnv } from "../../../test/stripe-server";
import { buildTestApp, type TestApp } from "../../../test/test-app";

/**
 * GET /api/payouts/readiness/{userId}: a pay button says before it is pressed that a person can't be paid yet
 * (issue 52: with Stripe beside the demo town, every creator's Tip, Unlock and Subscribe failed only once pressed).
 */
let stripe: StripeTestServer;
let withStripe: TestApp;
let builtIn: TestApp;

beforeAll(async () => {
  stripe = await startStripeServer();
  withStripe = await buildTestApp({ ...stripeEnv(stripe), PUBLIC_URL: "https://plaza.example" });
  builtIn = await buildTestApp();
});
afterAll(async () => {
  await withStripe?.close();
  await builtIn?.close();
  await stripe?.close();
});

const NOBODY = "00000000-0000-4000-8000-000000000000";

describe("whether a person can be paid now", () => {
  it("with Stripe: not until their connected account is active, in the words a payment would answer", async () => {
    const origin = { origin: "https://plaza.example" };
    const creator = await buildUser(withStripe.app, { profileType: "creator", firstName: "Kai", lastName: "Nakamura" });
    const fan = await buildUser(withStripe.app);
    const ask = () => fan.client.get(`/api/payouts/readiness/${creator.user.id}`, origin);
    expect((await ask()).json()).toEqual({ canReceive: false, message: "Kai Nakamura can't receive payments yet" });
    // The tip itself answers the same sentence.
    const tip = await fan.client.post(
      "/api/tips",
      { receiverId: creator.user.id, amount: 5 },
      { "idempotency-key": "readiness-tip", ...origin },
    );
    expect(tip.statusCode).toBe(409);
    expect(tip.json().message).toBe("Kai Nakamura can't receive payments yet");
    // Onboarded: Stripe reports the account able to take charges.
    expect((await creator.client.post("/api/payouts/account", {}, origin)).statusCode).toBe(200);
    const accountId = String(stripe.callsTo("/v1/account_links").at(-1)?.params.account);
    const account = stripe.updateAccount(accountId, {
      charges_enabled: true,
      payouts_enabled: true,
      details_submitted: true,
    });
    const delivery = stripe.event("account.updated", account, { account: accountId });
    const delivered = await withStripe.app.inject({
      method: "POST",
      url: "/api/payments/webhooks/stripe",
      headers: delivery.headers,
      payload: delivery.payload,
    });
    expect(delivered.statusCode).toBe(200);
    expect((await ask()).json()).toEqual({ canReceive: true, message: null });
    expect((await fan.client.get(`/api/payouts/readiness/${NOBODY}`, origin)).statusCode).toBe(404);
  });

  it("with the built-in provider: anyone can be paid (the rules that refuse a payment still answer it)", async () => {
    const creator = await buildUser(builtIn.app, { profileType: "creator" });
    const fan = await buildUser(builtIn.app);
    const answer = await fan.client.get(`/api/payouts/readiness/${creator.user.id}`);
    expect(answer.json()).toEqual({ canReceive: true, message: null });
    expect((await fan.client.get(`/api/payouts/readiness/${NOBODY}`)).statusCode).toBe(404);
    expect((await fan.client.get("/api/payouts/readiness/not-an-id")).statusCode).toBe(400);
  });
});
