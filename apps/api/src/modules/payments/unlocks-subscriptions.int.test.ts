import { PAYMENT_MESSAGES } from "@plaza/contracts/payments";
import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { insertPost } from "../../../test/factories/posts";
import { buildUser } from "../../../test/factories/users";
import { expectLedgerInvariants } from "../../../test/ledger-invariants";
import { buildTestApp, type TestApp, TestClient } from "../../../test/test-app";
import { blocks } from "../../db/schema/blocks";
import { users } from "../../db/schema/users";
import { renewDueSubscriptions } from "./subscriptions.service";

let harness: TestApp;

beforeAll(async () => {
  harness = await buildTestApp();
});
afterAll(() => harness.close());
afterEach(async () => {
  await expectLedgerInvariants(harness.context.db);
});

const anonymous = () => new TestClient(harness.app);
const key = () => ({ "idempotency-key": crypto.randomUUID() });
const DAY_MS = 24 * 60 * 60 * 1000;

/** Sessions end after 14 idle days; tests that move a month ahead sign in again. */
async function signInAgain(user: { email: string }, password: string): Promise<TestClient> {
  const client = anonymous();
  const response = await client.post("/api/auth/login", { email: user.email, password });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.body}`);
  return client;
}

async function countTransactions(): Promise<number> {
  const result = (await harness.context.db.execute(
    sql`select count(*)::int as n from ledger_transactions`,
  )) as unknown as {
    rows: { n: number }[];
  };
  return Number(result.rows[0]?.n);
}

describe("POST /api/ppv-unlocks", () => {
  it("answers 401 without a session", async () => {
    const response = await anonymous().post("/api/ppv-unlocks", { postId: crypto.randomUUID(), amount: 5 });
    expect(response.statusCode).toBe(401);
  });

  it("answers 400 for a wrong price, a free post, the author's own post and a bad body", async () => {
    const { client } = await buildUser(harness.app);
    const { client: authorClient, user: author } = await buildUser(harness.app, { profileType: "creator" });
    const ppvPost = await insertPost(harness.context.db, author.id, { postType: "ppv", priceCents: 499 });
    const freePost = await insertPost(harness.context.db, author.id, { postType: "free", priceCents: null });
    const invalid = await client.post("/api/ppv-unlocks", { postId: "nope", amount: 4.99 }, key());
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().message).toBe("Invalid post id");
    const wrongPrice = await client.post("/api/ppv-unlocks", { postId: ppvPost, amount: 0.01 }, key());
    expect(wrongPrice.statusCode).toBe(400);
    expect(wrongPrice.json().message).toBe(PAYMENT_MESSAGES.priceMismatch);
    const free = await client.post("/api/ppv-unlocks", { postId: freePost, amount: 4.99 }, key());
    expect(free.statusCode).toBe(400);
    expect(free.json().message).toBe(PAYMENT_MESSAGES.notPayPerView);
    const own = await authorClient.post("/api/ppv-unlocks", { postId: ppvPost, amount: 4.99 }, key());
    expect(own.statusCode).toBe(400);
    expect(own.json().message).toBe(PAYMENT_MESSAGES.ownPost);
    const missing = await client.post("/api/ppv-unlocks", { postId: crypto.randomUUID(), amount: 4.99 }, key());
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(PAYMENT_MESSAGES.postNotFound);
  });

  it("answers 403 when the author and the viewer are blocked either way", async () => {
    const { client, user } = await buildUser(harness.app);
    const { user: author } = await buildUser(harness.app, { profileType: "creator" });
    const post = await insertPost(harness.context.db, author.id, { postType: "ppv", priceCents: 300 });
    await harness.context.db.insert(blocks).values({ blockerId: author.id, blockedId: user.id });
    const response = await client.post("/api/ppv-unlocks", { postId: post, amount: 3 }, key());
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(PAYMENT_MESSAGES.unlockBlocked);
  });

  it("charges the post's price once, and a second unlock answers the existing one without charging", async () => {
    const { client, user } = await buildUser(harness.app);
    const { client: authorClient, user: author } = await buildUser(harness.app, { profileType: "creator" });
    const post = await insertPost(harness.context.db, author.id, { postType: "ppv", priceCents: 499 });
    const first = await client.post("/api/ppv-unlocks", { postId: post, amount: 4.99, paymentMethod: "apple" }, key());
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ postId: post, amountCents: 499, isLocked: false });
    const before = await countTransactions();
    const second = await client.post("/api/ppv-unlocks", { postId: post, amount: 4.99 }, key());
    expect(second.statusCode).toBe(200);
    expect(second.json().transactionId).toBe(first.json().transactionId);
    expect(await countTransactions()).toBe(before);
    const wallet = (await authorClient.get("/api/wallet")).json();
    expect(wallet.earnings).toEqual({ tipsCents: 0, ppvCents: 499, subscriptionsCents: 0 });
    const unlocks = (await harness.context.db.execute(
      sql`select count(*)::int as n from ppv_unlocks where user_id = ${user.id} and post_id = ${post}`,
    )) as unknown as { rows: { n: number }[] };
    expect(Number(unlocks.rows[0]?.n)).toBe(1);
  });

  it("concurrent unlocks of one post with different keys charge once", async () => {
    const { client } = await buildUser(harness.app);
    const { user: author } = await buildUser(harness.app, { profileType: "creator" });
    const post = await insertPost(harness.context.db, author.id, { postType: "ppv", priceCents: 250 });
    const before = await countTransactions();
    const responses = await Promise.all(
      Array.from({ length: 10 }, () => client.post("/api/ppv-unlocks", { postId: post, amount: 2.5 }, key())),
    );
    expect(responses.filter((response) => response.statusCode === 201)).toHaveLength(1);
    expect(responses.filter((response) => response.statusCode === 200)).toHaveLength(9);
    expect(await countTransactions()).toBe(before + 1);
  });
});

describe("subscriptions", () => {
  it("answers 401 without a session on every subscription call", async () => {
    const id = crypto.randomUUID();
    expect((await anonymous().post("/api/subscriptions", { creatorId: id })).statusCode).toBe(401);
    expect((await anonymous().delete(`/api/subscriptions/${id}`)).statusCode).toBe(401);
    expect((await anonymous().get(`/api/subscriptions/status/${id}`)).statusCode).toBe(401);
    expect((await anonymous().patch("/api/users/subscription-price", { price: 5 })).statusCode).toBe(401);
    expect((await anonymous().get("/api/wallet")).statusCode).toBe(401);
  });

  it("answers 400 for a bad creator id and for subscribing to yourself", async () => {
    const { client, user } = await buildUser(harness.app);
    const invalid = await client.post("/api/subscriptions", { creatorId: "x" }, key());
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().message).toBe("Invalid creator id");
    const self = await client.post("/api/subscriptions", { creatorId: user.id }, key());
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe(PAYMENT_MESSAGES.cannotSubscribeSelf);
    const badStatus = await client.get("/api/subscriptions/status/x");
    expect(badStatus.statusCode).toBe(400);
  });

  it("answers 403 for a blocked or suspended creator", async () => {
    const { client, user } = await buildUser(harness.app);
    const { user: creator } = await buildUser(harness.app, { profileType: "creator" });
    const { user: suspended } = await buildUser(harness.app, { profileType: "creator" });
    await harness.context.db.insert(blocks).values({ blockerId: user.id, blockedId: creator.id });
    await harness.context.db.update(users).set({ isSuspended: true }).where(eq(users.id, suspended.id));
    const blocked = await client.post("/api/subscriptions", { creatorId: creator.id }, key());
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().message).toBe(PAYMENT_MESSAGES.subscribeBlocked);
    const unavailable = await client.post("/api/subscriptions", { creatorId: suspended.id }, key());
    expect(unavailable.statusCode).toBe(403);
    expect(unavailable.json().message).toBe(PAYMENT_MESSAGES.creatorUnavailable);
  });

  it("subscribes at the creator's real price, answers an active one without charging, cancels and renews", async () => {
    const fanAccount = await buildUser(harness.app);
    const creatorAccount = await buildUser(harness.app, { profileType: "creator" });
    let client = fanAccount.client;
    const fan = fanAccount.user;
    let creatorClient = creatorAccount.client;
    const creator = creatorAccount.user;
    const price = await creatorClient.patch("/api/users/subscription-price", { price: 7.5 });
    expect(price.statusCode).toBe(200);
    expect(price.json()).toEqual({ subscriptionPriceCents: 750 });

    const status = await client.get(`/api/subscriptions/status/${creator.id}`);
    expect(status.json()).toMatchObject({ priceCents: 750, isSubscribed: false, subscription: null });

    const first = await client.post("/api/subscriptions", { creatorId: creator.id, paymentMethod: "paypal" }, key());
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ priceCents: 750, status: "active", hasAccess: true, willRenew: true });
    const before = await countTransactions();
    const again = await client.post("/api/subscriptions", { creatorId: creator.id }, key());
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(first.json().id);
    expect(await countTransactions()).toBe(before);
    expect((await client.get(`/api/subscriptions/status/${creator.id}`)).json().isSubscribed).toBe(true);

    // The renewal job charges nothing before the period ends, then exactly once per period, whatever the re-runs.
    expect(await renewDueSubscriptions(harness.context)).toBe(0);
    harness.clock.advance(31 * DAY_MS);
    expect(await renewDueSubscriptions(harness.context)).toBe(1);
    expect(await renewDueSubscriptions(harness.context)).toBe(0);
    expect(await countTransactions()).toBe(before + 1);

    client = await signInAgain(fan, fanAccount.password);
    const cancelled = await client.delete(`/api/subscriptions/${creator.id}`);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: "cancelled", hasAccess: true, willRenew: false });
    // Readers of the table (the post presenter) grant access on status 'active' and a period end in the future.
    const row = (await harness.context.db.execute(
      sql`select status, cancelled_at is not null as is_cancelled from subscriptions where subscriber_id = ${fan.id}`,
    )) as unknown as { rows: { status: string; is_cancelled: boolean }[] };
    expect(row.rows).toEqual([{ status: "active", is_cancelled: true }]);
    harness.clock.advance(31 * DAY_MS);
    expect(await renewDueSubscriptions(harness.context)).toBe(0);
    client = await signInAgain(fan, fanAccount.password);
    creatorClient = await signInAgain(creator, creatorAccount.password);
    const after = (await client.get(`/api/subscriptions/status/${creator.id}`)).json();
    expect(after).toMatchObject({ isSubscribed: false, subscription: { status: "expired", hasAccess: false } });
    const noneLeft = await client.delete(`/api/subscriptions/${creator.id}`);
    expect(noneLeft.statusCode).toBe(404);
    expect(noneLeft.json().message).toBe(PAYMENT_MESSAGES.noActiveSubscription);

    const wallet = (await creatorClient.get("/api/wallet")).json();
    expect(wallet.earnings.subscriptionsCents).toBe(1500);
    const notifications = (await harness.context.db.execute(
      sql`select type from notifications where user_id = ${creator.id} and actor_id = ${fan.id}`,
    )) as unknown as { rows: { type: string }[] };
    expect(notifications.rows).toEqual([{ type: "new_subscriber" }]);

    const mine = await client.get("/api/subscriptions");
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toMatchObject([
      { creatorId: creator.id, creator: { id: creator.id, username: creator.username }, status: "expired" },
    ]);
    expect((await anonymous().get("/api/subscriptions")).statusCode).toBe(401);

    // Subscribing again after it lapsed starts a new paid period on the same row.
    const resubscribed = await client.post("/api/subscriptions", { creatorId: creator.id }, key());
    expect(resubscribed.statusCode).toBe(200);
    expect(resubscribed.json()).toMatchObject({ id: first.json().id, status: "active", hasAccess: true });
  });

  it("PATCH /api/users/subscription-price: 400 outside $1–$500, 403 for non-creators", async () => {
    const { client: personal } = await buildUser(harness.app);
    const { client: creator } = await buildUser(harness.app, { profileType: "creator" });
    for (const price of [0.99, 500.01, -1]) {
      const response = await creator.patch("/api/users/subscription-price", { price });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(PAYMENT_MESSAGES.subscriptionPriceRange);
    }
    const forbidden = await personal.patch("/api/users/subscription-price", { price: 5 });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().message).toBe(PAYMENT_MESSAGES.creatorsOnly);
    expect((await creator.patch("/api/users/subscription-price", { price: 500 })).statusCode).toBe(200);
  });
});
