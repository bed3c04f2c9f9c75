import { PAYMENT_MESSAGES, PAYMENT_UPDATED_EVENT } from "@plaza/contracts/payments";
import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { insertPost } from "../../../test/factories/posts";
import { buildUser } from "../../../test/factories/users";
import { expectLedgerInvariants } from "../../../test/ledger-invariants";
import { type StripeTestServer, startStripeServer, stripeEnv } from "../../../test/stripe-server";
import { buildTestApp, type TestApp, type TestClient } from "../../../test/test-app";
import { mailOutbox } from "../../db/schema/mail";
import { ppvUnlocks, processorPayments, subscriptions } from "../../db/schema/payments";
import type { LiveEvent } from "../../lib/live-events";
import { refundDuePayments } from "./processor-refunds.service";
import { renewDueSubscriptions } from "./subscriptions.service";

let harness: TestApp;
let stripe: StripeTestServer;

beforeAll(async () => {
  stripe = await startStripeServer();
  harness = await buildTestApp({
    ...stripeEnv(stripe),
    PUBLIC_URL: "https://plaza.example",
  });
});
afterAll(async () => {
  await harness.close();
  await stripe.close();
});
afterEach(async () => {
  await expectLedgerInvariants(harness.context.db);
});

type Row = Record<string, unknown>;
async function rows(query: ReturnType<typeof sql>): Promise<Row[]> {
  return ((await harness.context.db.execute(query)) as unknown as { rows: Row[] }).rows;
}
const countTransactions = async () =>
  Number((await rows(sql`select count(*)::int as n from ledger_transactions`))[0]?.n);
async function walletBalance(client: TestClient): Promise<number> {
  return (await client.get("/api/wallet")).json().balanceCents;
}
async function feeAccountCents(): Promise<number> {
  const [row] = await rows(
    sql`select coalesce(sum(e.amount_cents), 0)::int as n from ledger_entries e join ledger_accounts a on a.id = e.account_id where a.kind = 'external' and a.provider = 'stripe:fees'`,
  );
  return Number(row?.n);
}

/** Delivers a signed event the way Stripe does. */
function deliver(delivery: { payload: string; headers: Record<string, string> }) {
  return harness.app.inject({
    method: "POST",
    url: "/api/payments/webhooks/stripe",
    headers: delivery.headers,
    payload: delivery.payload,
  });
}

/** A creator with an active connected account (onboarded through the API and `account.updated`). */
async function connectedCreator(firstName = "Cora") {
  const creator = await buildUser(harness.app, { profileType: "creator", firstName, lastName: "Creator" });
  const link = await creator.client.post("/api/payouts/account", {});
  expect(link.statusCode).toBe(200);
  const accountId = String(stripe.callsTo("/v1/account_links").at(-1)?.params.account);
  const account = stripe.updateAccount(accountId, {
    charges_enabled: true,
    payouts_enabled: true,
    details_submitted: true,
  });
  expect((await deliver(stripe.event("account.updated", account, { account: accountId }))).statusCode).toBe(200);
  return { ...creator, accountId };
}

/** The browser confirmed the intent and Stripe says so: `payment_intent.succeeded` for the connected account. */
async function payIntent(intentId: string, accountId: string) {
  const intent = stripe.succeedIntent(intentId);
  const delivery = stripe.event("payment_intent.succeeded", intent, { account: accountId });
  const response = await deliver(delivery);
  expect(response.statusCode).toBe(200);
  return { intent, delivery };
}

function intentOf(paymentId: string) {
  const call = stripe
    .callsTo("/v1/payment_intents")
    .find((entry) => (entry.params.metadata as Row | undefined)?.plaza_payment_id === paymentId);
  if (!call) throw new Error(`no PaymentIntent was created for ${paymentId}`);
  return call;
}

async function intentIdOf(paymentId: string): Promise<string> {
  const [row] = await harness.context.db
    .select({ intentId: processorPayments.intentId })
    .from(processorPayments)
    .where(eq(processorPayments.id, paymentId));
  if (!row) throw new Error(`no payment ${paymentId}`);
  return row.intentId;
}

/**
 * Sends two requests that each create a PaymentIntent, holding Stripe's answers until both asked: both are past
 * their "is one open?" check before either stores its payment, as two tabs pressing Pay at once can be.
 */
async function inTwoTabsAtOnce<T>(send: () => Promise<T>[]): Promise<T[]> {
  const asked = stripe.callsTo("/v1/payment_intents").length;
  let release = () => {};
  const bothAsked = new Promise<void>((resolve) => {
    release = resolve;
  });
  stripe.beforeAnswer = async (call) => {
    if (call.path !== "/v1/payment_intents") return;
    if (stripe.callsTo("/v1/payment_intents").length - asked >= 2) release();
    await bothAsked;
  };
  try {
    const answers = await Promise.all(send());
    expect(stripe.callsTo("/v1/payment_intents").length - asked).toBe(2);
    return answers;
  } finally {
    stripe.beforeAnswer = null;
  }
}

describe("GET /api/config with Stripe", () => {
  it("tells the web app to use Stripe.js with the publishable key, and the CSP lets Stripe.js load", async () => {
    const response = await harness.app.inject({ method: "GET", url: "/api/config" });
    expect(response.json().payments).toEqual({ provider: "stripe", stripePublishableKey: "pk_test_plaza" });
    const csp = String(response.headers["content-security-policy"]);
    expect(csp).toMatch(/script-src [^;]*https:\/\/js\.stripe\.com/);
    expect(csp).toMatch(/frame-src [^;]*https:\/\/js\.stripe\.com/);
  });
});

describe("Stripe Connect onboarding", () => {
  it("creates the connected account once, answers an onboarding link on PUBLIC_URL, and follows account.updated", async () => {
    const creator = await buildUser(harness.app, { profileType: "creator" });
    expect((await creator.client.get("/api/payouts/account")).json()).toEqual({
      status: "none",
      chargesEnabled: false,
      payoutsEnabled: false,
      requirements: [],
    });
    const accountsBefore = stripe.callsTo("/v1/accounts").length;
    const first = await creator.client.post("/api/payouts/account", {});
    const second = await creator.client.post("/api/payouts/account", {});
    expect(first.statusCode).toBe(200);
    expect(first.json().url).toMatch(/^https:\/\/connect\.stripe\.test\/setup\/acct_/);
    expect(second.json().url).toBe(first.json().url);
    const created = stripe.callsTo("/v1/accounts").slice(accountsBefore);
    expect(created).toHaveLength(1);
    expect(created[0]?.params).toMatchObject({
      controller: { fees: { payer: "account" }, losses: { payments: "stripe" } },
      capabilities: { card_payments: { requested: true }, transfers: { requested: true } },
    });
    const link = stripe.callsTo("/v1/account_links").at(-1);
    expect(link?.params).toMatchObject({
      type: "account_onboarding",
      refresh_url: "https://plaza.example/wallet?payouts=refresh",
      return_url: "https://plaza.example/wallet?payouts=return",
    });
    const accountId = String(link?.params.account);
    expect((await creator.client.get("/api/payouts/account")).json().status).toBe("pending");

    const restricted = stripe.updateAccount(accountId, {
      details_submitted: true,
      requirements: { currently_due: ["individual.id_number"], past_due: [], disabled_reason: "requirements.past_due" },
    });
    await deliver(stripe.event("account.updated", restricted, { account: accountId }));
    expect((await creator.client.get("/api/payouts/account")).json()).toEqual({
      status: "restricted",
      chargesEnabled: false,
      payoutsEnabled: false,
      requirements: ["individual.id_number"],
    });
    const active = stripe.updateAccount(accountId, {
      charges_enabled: true,
      payouts_enabled: true,
      requirements: { currently_due: [], past_due: [], disabled_reason: null },
    });
    await deliver(stripe.event("account.updated", active, { account: accountId }));
    expect((await creator.client.get("/api/payouts/account")).json()).toMatchObject({
      status: "active",
      chargesEnabled: true,
      payoutsEnabled: true,
    });
    const dashboard = await creator.client.post("/api/payouts/dashboard", {});
    expect(dashboard.json().url).toBe(`https://connect.stripe.test/express/${accountId}`);
  });

  it("refuses paying someone whose account is not active with 409 naming them, and calls Stripe for nothing", async () => {
    const creator = await buildUser(harness.app, { profileType: "creator", firstName: "Nia", lastName: "Newcomer" });
    const fan = await buildUser(harness.app);
    const intents = stripe.callsTo("/v1/payment_intents").length;
    const tip = await fan.client.post("/api/tips", { receiverId: creator.user.id, amount: 5 });
    expect(tip.statusCode).toBe(409);
    expect(tip.json()).toMatchObject({ message: "Nia Newcomer can't receive payments yet" });
    const subscribe = await fan.client.post("/api/subscriptions", { creatorId: creator.user.id });
    expect(subscribe.statusCode).toBe(409);
    expect(stripe.callsTo("/v1/payment_intents")).toHaveLength(intents);
    expect(await countTransactions()).toBe(0);
  });
});

describe("paying through Stripe: intent → signed webhook → ledger → what was bought", () => {
  it("a tip: a direct charge with no application fee; the ledger posts on the webhook, with the fee as its own entry", async () => {
    const creator = await connectedCreator();
    const fan = await buildUser(harness.app);
    const live: LiveEvent[] = [];
    const stop = harness.context.liveEvents.subscribe(fan.user.id, (event) => live.push(event));
    const before = await countTransactions();
    const feesBefore = await feeAccountCents();

    const response = await fan.client.post(
      "/api/tips",
      { receiverId: creator.user.id, amount: 10, message: "Thanks!" },
      { "idempotency-key": "tip-1" },
    );
    expect(response.statusCode).toBe(202);
    const started = response.json();
    expect(started).toMatchObject({ status: "requires_payment", stripeAccount: creator.accountId });
    expect(started.clientSecret).toMatch(/^pi_.+_secret_/);
    const call = intentOf(started.paymentId);
    expect(call.stripeAccount).toBe(creator.accountId);
    expect(call.params).toMatchObject({ amount: 1000, currency: "usd" });
    expect(call.params).not.toHaveProperty("application_fee_amount");
    expect(call.idempotencyKey).toBe(`plaza-payment-${started.paymentId}`);
    // Nothing moved yet: no ledger line, the payment waits for Stripe.
    expect(await countTransactions()).toBe(before);
    expect((await fan.client.get(`/api/payments/${started.paymentId}`)).json().status).toBe("requires_payment");
    expect((await creator.client.get(`/api/payments/${started.paymentId}`)).statusCode).toBe(404);

    // The same Idempotency-Key replays the answer without a second PaymentIntent.
    const intents = stripe.callsTo("/v1/payment_intents").length;
    const replay = await fan.client.post(
      "/api/tips",
      { receiverId: creator.user.id, amount: 10, message: "Thanks!" },
      { "idempotency-key": "tip-1" },
    );
    expect(replay.json()).toEqual(started);
    expect(stripe.callsTo("/v1/payment_intents")).toHaveLength(intents);

    const intentId = await intentIdOf(started.paymentId);
    const { delivery } = await payIntent(intentId, creator.accountId);
    const fee = stripe.feeOf(1000);
    expect(fee).toBe(59);
    expect(await countTransactions()).toBe(before + 1);
    expect(await walletBalance(creator.client)).toBe(1000 - fee);
    expect(await feeAccountCents()).toBe(feesBefore + fee);
    expect((await fan.client.get(`/api/payments/${started.paymentId}`)).json().status).toBe("succeeded");
    expect(live).toContainEqual(
      expect.objectContaining({
        type: PAYMENT_UPDATED_EVENT,
        payload: expect.objectContaining({ paymentId: started.paymentId, status: "succeeded" }),
      }),
    );
    const notifications = (await creator.client.get("/api/notifications")).json();
    expect(notifications.map((entry: Row) => entry.type)).toContain("tip");

    // The same delivery again, and another event about the same PaymentIntent: no money moves again.
    expect((await deliver(delivery)).statusCode).toBe(200);
    const again = stripe.event("payment_intent.succeeded", stripe.object(intentId) ?? {}, {
      account: creator.accountId,
    });
    expect((await deliver(again)).statusCode).toBe(200);
    expect(await countTransactions()).toBe(before + 1);
    expect(await walletBalance(creator.client)).toBe(1000 - fee);
    stop();
  });

  it("an unlock: the post opens only when the payment succeeds", async () => {
    const creator = await connectedCreator();
    const fan = await buildUser(harness.app);
    const postId = await insertPost(harness.context.db, creator.user.id, { postType: "ppv", priceCents: 300 });
    const response = await fan.client.post("/api/ppv-unlocks", { postId, amount: 3 });
    expect(response.statusCode).toBe(202);
    const { paymentId } = response.json();
    expect(intentOf(paymentId).params).toMatchObject({ amount: 300, currency: "usd" });
    expect(intentOf(paymentId).stripeAccount).toBe(creator.accountId);
    expect(intentOf(paymentId).params).not.toHaveProperty("application_fee_amount");
    const unlocked = () => harness.context.db.select().from(ppvUnlocks).where(eq(ppvUnlocks.postId, postId));
    expect(await unlocked()).toHaveLength(0);
    // Asking again while it is unpaid answers the same payment (no second intent).
    const retry = await fan.client.post("/api/ppv-unlocks", { postId, amount: 3 });
    expect(retry.json().paymentId).toBe(paymentId);

    await payIntent(await intentIdOf(paymentId), creator.accountId);
    expect(await unlocked()).toHaveLength(1);
    expect(await walletBalance(creator.client)).toBe(300 - stripe.feeOf(300));
    const after = await fan.client.post("/api/ppv-unlocks", { postId, amount: 3 });
    expect(after.statusCode).toBe(200);
  });

  it("two tabs unlocking at once get one PaymentIntent to pay; the post is charged once", async () => {
    const creator = await connectedCreator();
    const fan = await buildUser(harness.app);
    const postId = await insertPost(harness.context.db, creator.user.id, { postType: "ppv", priceCents: 400 });
    const [first, second] = await inTwoTabsAtOnce(() =>
      ["tab-one", "tab-two"].map((key) =>
        fan.client.post("/api/ppv-unlocks", { postId, amount: 4 }, { "idempotency-key": key }),
      ),
    );
    expect([first?.statusCode, second?.statusCode]).toEqual([202, 202]);
    expect(second?.json().paymentId).toBe(first?.json().paymentId);
    expect(second?.json().clientSecret).toBe(first?.json().clientSecret);
    const stored = await harness.context.db
      .select()
      .from(processorPayments)
      .where(eq(processorPayments.postId, postId));
    expect(stored).toHaveLength(1);
    const before = await countTransactions();
    await payIntent(stored[0]?.intentId ?? "", creator.accountId);
    expect(await countTransactions()).toBe(before + 1);
    expect(await harness.context.db.select().from(ppvUnlocks).where(eq(ppvUnlocks.postId, postId))).toHaveLength(1);
  });

  it("two tabs subscribing at once get one PaymentIntent; a processing first payment makes a third ask 409", async () => {
    const creator = await connectedCreator();
    await creator.client.patch("/api/users/subscription-price", { price: 7 });
    const fan = await buildUser(harness.app);
    const [first, second] = await inTwoTabsAtOnce(() =>
      ["tab-one", "tab-two"].map((key) =>
        fan.client.post("/api/subscriptions", { creatorId: creator.user.id }, { "idempotency-key": key }),
      ),
    );
    expect([first?.statusCode, second?.statusCode]).toEqual([202, 202]);
    expect(second?.json().paymentId).toBe(first?.json().paymentId);
    const stored = await harness.context.db
      .select()
      .from(processorPayments)
      .where(eq(processorPayments.payeeId, creator.user.id));
    expect(stored).toHaveLength(1);
    const intent = { ...stripe.object(stored[0]?.intentId ?? ""), status: "processing" };
    await deliver(stripe.event("payment_intent.processing", intent, { account: creator.accountId }));
    const third = await fan.client.post("/api/subscriptions", { creatorId: creator.user.id });
    expect(third.statusCode).toBe(409);
    expect(third.json().message).toBe(PAYMENT_MESSAGES.subscribeInProgress);
  });

  it("while the bank still works on an unlock, asking again is 409 and starts nothing", async () => {
    const creator = await connectedCreator();
    const fan = await buildUser(harness.app);
    const postId = await insertPost(harness.context.db, creator.user.id, { postType: "ppv", priceCents: 500 });
    const { paymentId } = (await fan.client.post("/api/ppv-unlocks", { postId, amount: 5 })).json();
    const intent = { ...stripe.object(await intentIdOf(paymentId)), status: "processing" };
    expect(
      (await deliver(stripe.event("payment_intent.processing", intent, { account: creator.accountId }))).statusCode,
    ).toBe(200);
    const asked = stripe.callsTo("/v1/payment_intents").length;
    const again = await fan.client.post("/api/ppv-unlocks", { postId, amount: 5 });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(PAYMENT_MESSAGES.unlockInProgress);
    expect(stripe.callsTo("/v1/payment_intents").length).toBe(asked);
  });

  it("a second payment that goes through for a post already bought is refunded in full, and the post stays open", async () => {
    const creator = await connectedCreator();
    const fan = await buildUser(harness.app);
    // Earlier earnings, so the fee Stripe keeps on the refund does not take the wallet below 0.
    const tip = (await fan.client.post("/api/tips", { receiverId: creator.user.id, amount: 10 })).json();
    await payIntent(await intentIdOf(tip.paymentId), creator.accountId);
    const postId = await insertPost(harness.context.db, creator.user.id, { postType: "ppv", priceCents: 600 });
    // The first tab's card is declined: that payment is failed, so a second tab starts another one and pays it.
    const firstTab = (await fan.client.post("/api/ppv-unlocks", { postId, amount: 6 })).json().paymentId;
    const declined = { ...stripe.object(await intentIdOf(firstTab)), status: "requires_payment_method" };
    await deliver(stripe.event("payment_intent.payment_failed", declined, { account: creator.accountId }));
    const secondTab = (await fan.client.post("/api/ppv-unlocks", { postId, amount: 6 })).json().paymentId;
    expect(secondTab).not.toBe(firstTab);
    await payIntent(await intentIdOf(secondTab), creator.accountId);
    const balance = await walletBalance(creator.client);
    const notificationsBefore = (await creator.client.get("/api/notifications")).json();

    // Then the first tab tries its card again on its own intent, and it goes through.
    const { intent } = await payIntent(await intentIdOf(firstTab), creator.accountId);
    await harness.context.background.idle();
    const refunds = stripe.callsTo("/v1/refunds");
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({
      stripeAccount: creator.accountId,
      params: { payment_intent: intent.id, reason: "duplicate" },
    });
    expect((await creator.client.get("/api/notifications")).json()).toEqual(notificationsBefore);
    // Stripe's refund event reverses it; the creator is left with only Stripe's fee of the refunded charge lost.
    const charge = stripe.object(String(intent.latest_charge));
    expect(charge).toMatchObject({ amount_refunded: 600, refunded: true });
    expect(
      (await deliver(stripe.event("charge.refunded", charge ?? {}, { account: creator.accountId }))).statusCode,
    ).toBe(200);
    expect((await fan.client.get(`/api/payments/${firstTab}`)).json().status).toBe("refunded");
    expect((await fan.client.get(`/api/payments/${secondTab}`)).json().status).toBe("succeeded");
    expect(await walletBalance(creator.client)).toBe(balance - stripe.feeOf(600));
    expect(await harness.context.db.select().from(ppvUnlocks).where(eq(ppvUnlocks.postId, postId))).toHaveLength(1);
    expect((await fan.client.get(`/api/posts/${postId}`)).json().isLocked).toBe(false);
    // Running the refunds again asks Stripe for nothing more.
    expect(await refundDuePayments(harness.context)).toBe(0);
    expect(stripe.callsTo("/v1/refunds")).toHaveLength(1);
  });

  it("a subscription: saves the card for renewals and starts when the payment succeeds", async () => {
    const creator = await connectedCreator();
    await creator.client.patch("/api/users/subscription-price", { price: 7 });
    const fan = await buildUser(harness.app);
    const response = await fan.client.post("/api/subscriptions", { creatorId: creator.user.id });
    expect(response.statusCode).toBe(202);
    const { paymentId } = response.json();
    const call = intentOf(paymentId);
    expect(call.params).toMatchObject({ amount: 700, currency: "usd", setup_future_usage: "off_session" });
    expect(call.params.customer).toMatch(/^cus_/);
    expect(call.params).not.toHaveProperty("application_fee_amount");
    expect(stripe.callsTo("/v1/customers").at(-1)?.stripeAccount).toBe(creator.accountId);
    const status = async () => (await fan.client.get(`/api/subscriptions/status/${creator.user.id}`)).json();
    expect((await status()).isSubscribed).toBe(false);

    const { intent } = await payIntent(await intentIdOf(paymentId), creator.accountId);
    expect((await status()).isSubscribed).toBe(true);
    const [row] = await harness.context.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.subscriberId, fan.user.id));
    expect(row?.processorPaymentMethodId).toBe(intent.payment_method);
    expect(row?.processorCustomerId).toBe(call.params.customer);
    expect(await walletBalance(creator.client)).toBe(700 - stripe.feeOf(700));
  });
});

describe("webhook safety", () => {
  it("a bad or missing signature is 400 and changes nothing", async () => {
    const creator = await connectedCreator();
    const fan = await buildUser(harness.app);
    const { paymentId } = (await fan.client.post("/api/tips", { receiverId: creator.user.id, amount: 5 })).json();
    const intent = stripe.succeedIntent(await intentIdOf(paymentId));
    const delivery = stripe.event("payment_intent.succeeded", intent, { account: creator.accountId });
    const before = await countTransactions();
    const tampered = await deliver({ ...delivery, payload: delivery.payload.replace('"amount":500', '"amount":5') });
    expect(tampered.statusCode).toBe(400);
    const unsigned = await harness.app.inject({
      method: "POST",
      url: "/api/payments/webhooks/stripe",
      headers: { "content-type": "application/json" },
      payload: delivery.payload,
    });
    expect(unsigned.statusCode).toBe(400);
    const otherSecret = await deliver({
      ...delivery,
      headers: { ...delivery.headers, "stripe-signature": `t=${Math.floor(Date.now() / 1000)},v1=${"0".repeat(64)}` },
    });
    expect(otherSecret.statusCode).toBe(400);
    expect(await countTransactions()).toBe(before);
    expect((await fan.client.get(`/api/payments/${paymentId}`)).json().status).toBe("requires_payment");
    // The genuine delivery still applies afterwards (a refused one was not recorded as seen).
    expect((await deliver(delivery)).statusCode).toBe(200);
    expect(await countTransactions()).toBe(before + 1);
  });

  it("a failed payment is marked failed and moves nothing", async () => {
    const creator = await connectedCreator();
    const fan = await buildUser(harness.app);
    const { paymentId } = (await fan.client.post("/api/tips", { receiverId: creator.user.id, amount: 5 })).json();
    const intent = { ...stripe.object(await intentIdOf(paymentId)), status: "requires_payment_method" };
    const before = await countTransactions();
    await deliver(stripe.event("payment_intent.payment_failed", intent, { account: creator.accountId }));
    expect((await fan.client.get(`/api/payments/${paymentId}`)).json().status).toBe("failed");
    expect(await countTransactions()).toBe(before);
  });
});

describe("refunds and disputes reverse", () => {
  it("a refund posts reversing entries and locks the post again; repeating it moves nothing", async () => {
    const creator = await connectedCreator();
    const fan = await buildUser(harness.app);
    const postId = await insertPost(harness.context.db, creator.user.id, { postType: "ppv", priceCents: 2000 });
    // Earlier earnings, so the fee Stripe keeps on the refund does not take the wallet below 0.
    const tip = (await fan.client.post("/api/tips", { receiverId: creator.user.id, amount: 10 })).json();
    await payIntent(await intentIdOf(tip.paymentId), creator.accountId);
    const { paymentId } = (await fan.client.post("/api/ppv-unlocks", { postId, amount: 20 })).json();
    const { intent } = await payIntent(await intentIdOf(paymentId), creator.accountId);
    const balance = await walletBalance(creator.client);
    const charge = { ...stripe.object(String(intent.latest_charge)), amount_refunded: 2000, refunded: true };
    const refund = stripe.event("charge.refunded", charge, { account: creator.accountId });
    expect((await deliver(refund)).statusCode).toBe(200);
    expect(await walletBalance(creator.client)).toBe(balance - 2000);
    expect(await harness.context.db.select().from(ppvUnlocks).where(eq(ppvUnlocks.postId, postId))).toHaveLength(0);
    expect((await fan.client.get(`/api/payments/${paymentId}`)).json().status).toBe("refunded");
    const transactions = await countTransactions();
    await deliver(refund);
    await deliver(stripe.event("charge.refunded", charge, { account: creator.accountId }));
    await deliver(stripe.event("charge.dispute.created", { id: "dp_x", charge: charge.id, payment_intent: intent.id }));
    expect(await countTransactions()).toBe(transactions);
    expect(await walletBalance(creator.client)).toBe(balance - 2000);
  });

  it("partial refunds take back only what was refunded and keep the purchase; the rest, once refunded, ends it", async () => {
    const creator = await connectedCreator();
    const fan = await buildUser(harness.app);
    const postId = await insertPost(harness.context.db, creator.user.id, { postType: "ppv", priceCents: 2000 });
    // Earlier earnings, so the fee Stripe keeps on the refund does not take the wallet below 0.
    const tip = (await fan.client.post("/api/tips", { receiverId: creator.user.id, amount: 10 })).json();
    await payIntent(await intentIdOf(tip.paymentId), creator.accountId);
    const { paymentId } = (await fan.client.post("/api/ppv-unlocks", { postId, amount: 20 })).json();
    const { intent } = await payIntent(await intentIdOf(paymentId), creator.accountId);
    const balance = await walletBalance(creator.client);
    const charge = stripe.object(String(intent.latest_charge)) ?? { id: "" };
    const refunded = (total: number, isWhole: boolean) =>
      deliver(
        stripe.event(
          "charge.refunded",
          { ...charge, amount_refunded: total, refunded: isWhole },
          {
            account: creator.accountId,
          },
        ),
      );

    // $5 back: the wallet loses $5, the fan keeps the post, the payment stays paid.
    expect((await refunded(500, false)).statusCode).toBe(200);
    expect(await walletBalance(creator.client)).toBe(balance - 500);
    expect(await harness.context.db.select().from(ppvUnlocks).where(eq(ppvUnlocks.postId, postId))).toHaveLength(1);
    expect((await fan.client.get(`/api/payments/${paymentId}`)).json().status).toBe("succeeded");
    // Another $3 (Stripe sends the charge's refunded total, $8): only the new $3 moves.
    await refunded(800, false);
    expect(await walletBalance(creator.client)).toBe(balance - 800);
    // A late copy of the first refund's event (a new event id, the old total) moves nothing.
    await refunded(500, false);
    expect(await walletBalance(creator.client)).toBe(balance - 800);
    // The rest: all $20 is back, the unlock ends, and a dispute after it takes nothing more.
    await refunded(2000, true);
    expect(await walletBalance(creator.client)).toBe(balance - 2000);
    expect(await harness.context.db.select().from(ppvUnlocks).where(eq(ppvUnlocks.postId, postId))).toHaveLength(0);
    expect((await fan.client.get(`/api/payments/${paymentId}`)).json().status).toBe("refunded");
    await deliver(
      stripe.event("charge.dispute.created", {
        id: "dp_after",
        amount: 2000,
        charge: charge.id,
        payment_intent: intent.id,
      }),
    );
    expect(await walletBalance(creator.client)).toBe(balance - 2000);
  });

  it("a dispute on a subscription reverses it and ends the subscription", async () => {
    const creator = await connectedCreator();
    await creator.client.patch("/api/users/subscription-price", { price: 5 });
    const fan = await buildUser(harness.app);
    const other = await buildUser(harness.app);
    const first = (await other.client.post("/api/tips", { receiverId: creator.user.id, amount: 5 })).json();
    await payIntent(await intentIdOf(first.paymentId), creator.accountId);
    const { paymentId } = (await fan.client.post("/api/subscriptions", { creatorId: creator.user.id })).json();
    const { intent } = await payIntent(await intentIdOf(paymentId), creator.accountId);
    const balance = await walletBalance(creator.client);
    const dispute = { id: "dp_test1", object: "dispute", charge: intent.latest_charge, payment_intent: intent.id };
    await deliver(stripe.event("charge.dispute.created", dispute, { account: creator.accountId }));
    expect(await walletBalance(creator.client)).toBe(balance - 500);
    const status = (await fan.client.get(`/api/subscriptions/status/${creator.user.id}`)).json();
    expect(status.isSubscribed).toBe(false);
  });

  it("a refund that arrives before the success (reordered) leaves the success moving no money", async () => {
    const creator = await connectedCreator();
    const fan = await buildUser(harness.app);
    const { paymentId } = (await fan.client.post("/api/tips", { receiverId: creator.user.id, amount: 8 })).json();
    const intent = stripe.succeedIntent(await intentIdOf(paymentId));
    const charge = { ...stripe.object(String(intent.latest_charge)), amount_refunded: 800, refunded: true };
    const before = await countTransactions();
    await deliver(stripe.event("charge.refunded", charge, { account: creator.accountId }));
    await deliver(stripe.event("payment_intent.succeeded", intent, { account: creator.accountId }));
    expect(await countTransactions()).toBe(before);
    expect((await fan.client.get(`/api/payments/${paymentId}`)).json().status).toBe("refunded");
    expect(await walletBalance(creator.client)).toBe(0);
  });
});

describe("renewals off-session", () => {
  const DAY = 24 * 60 * 60 * 1000;
  const moveTo = (date: Date) => harness.clock.advance(date.getTime() - harness.clock.now().getTime());
  /** A month on, sessions have gone idle: sign in again. */
  async function signIn(person: { client: TestClient; user: { email: string }; password: string }) {
    const response = await person.client.post("/api/auth/login", {
      email: person.user.email,
      password: person.password,
    });
    expect(response.statusCode).toBe(200);
  }

  async function subscribed(price: number) {
    const creator = await connectedCreator();
    await creator.client.patch("/api/users/subscription-price", { price });
    const fan = await buildUser(harness.app);
    const { paymentId } = (await fan.client.post("/api/subscriptions", { creatorId: creator.user.id })).json();
    const { intent } = await payIntent(await intentIdOf(paymentId), creator.accountId);
    const [row] = await harness.context.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.subscriberId, fan.user.id));
    if (!row) throw new Error("no subscription");
    return { creator, fan, intent, subscription: row };
  }
  const renewalCalls = (accountId: string) =>
    stripe
      .callsTo("/v1/payment_intents")
      .filter((call) => call.params.off_session === true && call.stripeAccount === accountId);

  it("charges the saved card off-session before the period ends, once; the webhook extends the period", async () => {
    const { creator, fan, intent, subscription } = await subscribed(6);
    stripe.offSessionOutcome = "succeeded";
    const before = renewalCalls(creator.accountId).length;
    moveTo(new Date(subscription.currentPeriodEnd.getTime() - DAY));
    await renewDueSubscriptions(harness.context);
    await renewDueSubscriptions(harness.context);
    const calls = renewalCalls(creator.accountId).slice(before);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.stripeAccount).toBe(creator.accountId);
    expect(calls[0]?.params).toMatchObject({
      amount: 600,
      currency: "usd",
      confirm: true,
      customer: subscription.processorCustomerId,
      payment_method: intent.payment_method,
    });
    expect(calls[0]?.params).not.toHaveProperty("application_fee_amount");
    const [renewal] = await harness.context.db
      .select()
      .from(processorPayments)
      .where(eq(processorPayments.subscriptionId, subscription.id));
    expect(renewal?.status).toBe("processing");
    await signIn(creator);
    await signIn(fan);
    const balance = await walletBalance(creator.client);
    const succeeded = stripe.object(String(renewal?.intentId)) ?? {};
    await deliver(stripe.event("payment_intent.succeeded", succeeded, { account: creator.accountId }));
    expect(await walletBalance(creator.client)).toBe(balance + 600 - stripe.feeOf(600));
    const [after] = await harness.context.db.select().from(subscriptions).where(eq(subscriptions.id, subscription.id));
    expect(after?.currentPeriodEnd.getTime()).toBeGreaterThan(subscription.currentPeriodEnd.getTime());
    moveTo(new Date(subscription.currentPeriodEnd.getTime() + DAY));
    await renewDueSubscriptions(harness.context);
    const status = (await fan.client.get(`/api/subscriptions/status/${creator.user.id}`)).json();
    expect(status.isSubscribed).toBe(true);
  });

  it("a renewal needing the payer notifies in the app and by mail with a link to pay, and lapses at the period's end if unpaid", async () => {
    const { creator, fan, subscription } = await subscribed(4);
    stripe.offSessionOutcome = "requires_action";
    moveTo(new Date(subscription.currentPeriodEnd.getTime() - DAY));
    await renewDueSubscriptions(harness.context);
    stripe.offSessionOutcome = "succeeded";
    await signIn(fan);
    await signIn(creator);
    const [renewal] = await harness.context.db
      .select()
      .from(processorPayments)
      .where(eq(processorPayments.subscriptionId, subscription.id));
    if (!renewal) throw new Error("no renewal payment");
    expect(renewal.status).toBe("requires_payment");
    const listed = await fan.client.get("/api/notifications");
    expect(listed.statusCode, listed.body).toBe(200);
    const notifications = listed.json();
    const notice = notifications.find((entry: Row) => entry.type === "payment_action_required");
    expect(notice).toMatchObject({ targetUrl: `/pay/${renewal.id}` });
    const mails = await harness.context.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, fan.user.email));
    const mail = mails.find((entry) => /needs you to renew/.test(entry.subject));
    // The mail is the notification's (its link is the notification's targetUrl); bodies are cleared once sent.
    expect(mail?.recipient).toBe(fan.user.email);
    // The link's page gets what it needs to finish paying.
    const payment = (await fan.client.get(`/api/payments/${renewal.id}`)).json();
    expect(payment).toMatchObject({ status: "requires_payment", stripeAccount: creator.accountId });
    expect(payment.clientSecret).toMatch(/^pi_.+_secret_/);
    // Still subscribed until the period ends; unpaid at the end, it lapses.
    expect((await fan.client.get(`/api/subscriptions/status/${creator.user.id}`)).json().isSubscribed).toBe(true);
    moveTo(new Date(subscription.currentPeriodEnd.getTime() + 1000));
    await renewDueSubscriptions(harness.context);
    await signIn(fan);
    const [lapsed] = await harness.context.db.select().from(subscriptions).where(eq(subscriptions.id, subscription.id));
    expect(lapsed?.status).toBe("expired");
    expect((await fan.client.get(`/api/subscriptions/status/${creator.user.id}`)).json().isSubscribed).toBe(false);
    // Paying late starts a new month from now.
    await payIntent(renewal.intentId, creator.accountId);
    expect((await fan.client.get(`/api/subscriptions/status/${creator.user.id}`)).json().isSubscribed).toBe(true);
  });
});
