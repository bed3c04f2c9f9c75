import { EARNINGS_MONTHS } from "@plaza/contracts/payouts";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { insertPost } from "../../../test/factories/posts";
import { buildUser } from "../../../test/factories/users";
import { expectLedgerInvariants } from "../../../test/ledger-invariants";
import { type StripeTestServer, startStripeServer, stripeEnv } from "../../../test/stripe-server";
import { buildTestApp, type TestApp, TestClient } from "../../../test/test-app";

let harness: TestApp;
let stripe: StripeTestServer;

beforeAll(async () => {
  stripe = await startStripeServer();
  harness = await buildTestApp({
    ...stripeEnv(stripe),
    // The test walks the clock through several months; sessions must outlive that.
    SESSION_IDLE_DAYS: "400",
    SESSION_MAX_DAYS: "400",
  });
});
afterAll(async () => {
  await harness.close();
  await stripe.close();
});
afterEach(async () => {
  await expectLedgerInvariants(harness.context.db);
});

function deliver(delivery: { payload: string; headers: Record<string, string> }) {
  return harness.app.inject({
    method: "POST",
    url: "/api/payments/webhooks/stripe",
    headers: delivery.headers,
    payload: delivery.payload,
  });
}

/** Moves the manual clock forward to `iso` (never back). */
function setClock(iso: string) {
  const target = new Date(iso).getTime();
  const now = harness.clock.now().getTime();
  if (target < now) throw new Error(`the clock cannot go back to ${iso}`);
  harness.clock.advance(target - now);
}

async function connectedCreator() {
  const creator = await buildUser(harness.app, { profileType: "creator" });
  expect((await creator.client.post("/api/payouts/account", {})).statusCode).toBe(200);
  const accountId = String(stripe.callsTo("/v1/account_links").at(-1)?.params.account);
  const account = stripe.updateAccount(accountId, {
    charges_enabled: true,
    payouts_enabled: true,
    details_submitted: true,
  });
  expect((await deliver(stripe.event("account.updated", account, { account: accountId }))).statusCode).toBe(200);
  return { ...creator, accountId };
}

/** A payment through Stripe, settled by its signed webhook at the clock's time; answers its PaymentIntent. */
async function pay(client: TestClient, path: string, body: unknown, accountId: string) {
  const response = await client.post(path, body, { "idempotency-key": crypto.randomUUID() });
  expect(response.statusCode).toBe(202);
  const intentId = String(response.json().clientSecret).split("_secret_")[0] ?? "";
  const intent = stripe.succeedIntent(intentId);
  expect((await deliver(stripe.event("payment_intent.succeeded", intent, { account: accountId }))).statusCode).toBe(
    200,
  );
  return intent;
}

const months = (client: TestClient) => client.get("/api/wallet/earnings-by-month");

describe("GET /api/wallet/earnings-by-month", () => {
  it("answers 401 without a session", async () => {
    expect((await months(new TestClient(harness.app))).statusCode).toBe(401);
  });

  it("answers 12 zero months, the current one last, for someone who never received anything", async () => {
    const { client } = await buildUser(harness.app);
    const response = await months(client);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.currency).toBe("USD");
    expect(body.months).toHaveLength(EARNINGS_MONTHS);
    expect(body.months.every((month: { cents: number }) => month.cents === 0)).toBe(true);
    const now = harness.clock.now();
    const current = `${now.getUTCFullYear()}-${String(now.getUTCMonth() + 1).padStart(2, "0")}`;
    expect(body.months.at(-1).month).toBe(current);
  });

  it("sums each month's wallet entries net of Stripe's fee, counts a refund in its own month and keeps empty months", async () => {
    setClock("2026-06-30T23:59:00Z");
    const creator = await connectedCreator();
    const fan = await buildUser(harness.app);
    const other = await connectedCreator();
    // June (its last minute, UTC): a $10.00 tip → $9.41 after the $0.59 fee.
    await pay(fan.client, "/api/tips", { receiverId: creator.user.id, amount: 10 }, creator.accountId);
    // The fan's payment to someone else is not the creator's earning.
    await pay(fan.client, "/api/tips", { receiverId: other.user.id, amount: 4 }, other.accountId);
    // July: nothing. August: a $5.00 tip and a $3.00 unlock.
    setClock("2026-08-01T00:00:00Z");
    await pay(fan.client, "/api/tips", { receiverId: creator.user.id, amount: 5 }, creator.accountId);
    const postId = await insertPost(harness.context.db, creator.user.id, { postType: "ppv", priceCents: 300 });
    const unlock = await pay(fan.client, "/api/ppv-unlocks", { postId, amount: 3 }, creator.accountId);
    // September: the unlock is refunded; the whole $3.00 leaves the wallet (Stripe keeps its fee).
    setClock("2026-09-10T08:00:00Z");
    const charge = { ...stripe.object(String(unlock.latest_charge)), amount_refunded: 300, refunded: true };
    expect((await deliver(stripe.event("charge.refunded", charge, { account: creator.accountId }))).statusCode).toBe(
      200,
    );
    setClock("2026-10-05T12:00:00Z");

    const response = await months(creator.client);
    expect(response.statusCode).toBe(200);
    const byMonth = Object.fromEntries(
      response.json().months.map((entry: { month: string; cents: number }) => [entry.month, entry.cents]),
    );
    expect(Object.keys(byMonth)).toEqual([
      "2025-11",
      "2025-12",
      "2026-01",
      "2026-02",
      "2026-03",
      "2026-04",
      "2026-05",
      "2026-06",
      "2026-07",
      "2026-08",
      "2026-09",
      "2026-10",
    ]);
    expect(byMonth["2026-06"]).toBe(1000 - stripe.feeOf(1000));
    expect(byMonth["2026-07"]).toBe(0);
    expect(byMonth["2026-08"]).toBe(500 - stripe.feeOf(500) + 300 - stripe.feeOf(300));
    expect(byMonth["2026-09"]).toBe(-300);
    expect(byMonth["2026-10"]).toBe(0);
    expect(byMonth["2026-05"]).toBe(0);
    // The months add up to the balance: the chart and the wallet tell the same story.
    const total = Object.values(byMonth).reduce((sum: number, cents) => sum + Number(cents), 0);
    expect(total).toBe((await creator.client.get("/api/wallet")).json().balanceCents);
    // The payer earned nothing by paying.
    const paid = (await months(fan.client)).json().months;
    expect(paid.every((month: { cents: number }) => month.cents === 0)).toBe(true);

    // A year on, June 2026 has left the window; what is older than 12 months is not counted.
    setClock("2027-06-15T12:00:00Z");
    const later = (await months(creator.client)).json().months;
    expect(later[0].month).toBe("2026-07");
    expect(later.find((entry: { month: string }) => entry.month === "2026-08").cents).toBe(
      500 - stripe.feeOf(500) + 300 - stripe.feeOf(300),
    );
  });
});
