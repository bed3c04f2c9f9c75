import { PAYOUT_TEXTS } from "@plaza/contracts/payments";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildUser } from "../../../test/factories/users";
import { type StripeTestServer, startStripeServer, stripeEnv } from "../../../test/stripe-server";
import { buildTestApp, type TestApp, TestClient } from "../../../test/test-app";

let harness: TestApp;
let offline: TestApp;
let stripe: StripeTestServer;

beforeAll(async () => {
  stripe = await startStripeServer();
  harness = await buildTestApp({
    ...stripeEnv(stripe),
  });
  offline = await buildTestApp();
});
afterAll(async () => {
  await harness.close();
  await offline.close();
  await stripe.close();
});

describe("POST /api/payouts/account/refresh", () => {
  it("answers 401 without a session", async () => {
    const response = await new TestClient(harness.app).post("/api/payouts/account/refresh", {});
    expect(response.statusCode).toBe(401);
  });

  it("answers 409 when the server does not pay through Stripe", async () => {
    const { client } = await buildUser(offline.app, { profileType: "creator" });
    const response = await client.post("/api/payouts/account/refresh", {});
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(PAYOUT_TEXTS.notConfigured);
  });

  it("answers none without calling Stripe when no account was connected", async () => {
    const { client } = await buildUser(harness.app, { profileType: "creator" });
    const calls = stripe.calls.length;
    const response = await client.post("/api/payouts/account/refresh", {});
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: "none", chargesEnabled: false, payoutsEnabled: false, requirements: [] });
    expect(stripe.calls).toHaveLength(calls);
  });

  it("reads the account from Stripe and stores its state, before any account.updated arrives", async () => {
    const { client } = await buildUser(harness.app, { profileType: "creator" });
    expect((await client.post("/api/payouts/account", {})).statusCode).toBe(200);
    const accountId = String(stripe.callsTo("/v1/account_links").at(-1)?.params.account);
    // Onboarding finished on Stripe's side; no webhook has been delivered.
    stripe.updateAccount(accountId, {
      details_submitted: true,
      charges_enabled: true,
      payouts_enabled: true,
      requirements: { currently_due: [], past_due: [], disabled_reason: null },
    });
    expect((await client.get("/api/payouts/account")).json().status).toBe("pending");

    const response = await client.post("/api/payouts/account/refresh", {});
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: "active", chargesEnabled: true, payoutsEnabled: true, requirements: [] });
    expect(stripe.callsTo(`/v1/accounts/${accountId}`, "GET")).toHaveLength(1);
    expect((await client.get("/api/payouts/account")).json().status).toBe("active");
  });
});
