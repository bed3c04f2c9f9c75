import { TIP_RATE_LIMIT } from "@plaza/contracts/constants";
import { PAYMENT_MESSAGES, TIP_TEXTS } from "@plaza/contracts/payments";
import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { insertPost } from "../../../test/factories/posts";
import { buildUser } from "../../../test/factories/users";
import { expectLedgerInvariants } from "../../../test/ledger-invariants";
import { buildTestApp, type TestApp, TestClient } from "../../../test/test-app";
import { blocks } from "../../db/schema/blocks";
import { users } from "../../db/schema/users";
import { pruneIdempotencyKeys } from "./idempotency";
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

describe("POST /api/tips", () => {
  it("answers 401 without a session", async () => {
    const { user } = await buildUser(harness.app);
    const response = await anonymous().post("/api/tips", { receiverId: user.id, amount: 5 });
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe("Unauthorized");
  });

  it("answers 400 with the spec's message for a missing or non-positive amount, and for tipping yourself", async () => {
    const { client, user } = await buildUser(harness.app);
    const { user: creator } = await buildUser(harness.app, { profileType: "creator" });
    for (const amount of [0, -3, undefined, "ten"]) {
      const response = await client.post("/api/tips", { receiverId: creator.id, amount }, key());
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(TIP_TEXTS.invalidAmount);
    }
    const self = await client.post("/api/tips", { receiverId: user.id, amount: 5 }, key());
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe(PAYMENT_MESSAGES.cannotTipSelf);
    const badKey = await client.post("/api/tips", { receiverId: creator.id, amount: 5 }, { "idempotency-key": "" });
    expect(badKey.statusCode).toBe(400);
    expect(badKey.json().message).toBe(PAYMENT_MESSAGES.idempotencyKeyInvalid);
    const unknown = await client.post("/api/tips", { receiverId: crypto.randomUUID(), amount: 5 }, key());
    expect(unknown.statusCode).toBe(404);
    expect(await countTransactions()).toBe(0);
  });

  it("answers 403 for a suspended or deleted receiver and when either side has blocked the other", async () => {
    const { client, user } = await buildUser(harness.app);
    const { user: suspended } = await buildUser(harness.app);
    const { user: blocker } = await buildUser(harness.app);
    const { user: blocked } = await buildUser(harness.app);
    const db = harness.context.db;
    await db.update(users).set({ isSuspended: true }).where(eq(users.id, suspended.id));
    await db.insert(blocks).values({ blockerId: blocker.id, blockedId: user.id });
    await db.insert(blocks).values({ blockerId: user.id, blockedId: blocked.id });
    const before = await countTransactions();
    const toSuspended = await client.post("/api/tips", { receiverId: suspended.id, amount: 5 }, key());
    expect(toSuspended.statusCode).toBe(403);
    expect(toSuspended.json().message).toBe(PAYMENT_MESSAGES.receiverUnavailable);
    for (const receiver of [blocker, blocked]) {
      const response = await client.post("/api/tips", { receiverId: receiver.id, amount: 5 }, key());
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe(PAYMENT_MESSAGES.tipBlocked);
    }
    expect(await countTransactions()).toBe(before);
  });

  it("answers 402 with a clear message when the card is declined, and moves no money", async () => {
    const { client } = await buildUser(harness.app);
    const { user: creator } = await buildUser(harness.app, { profileType: "creator" });
    const before = await countTransactions();
    const response = await client.post(
      "/api/tips",
      { receiverId: creator.id, amount: 5, paymentMethod: "card", cardLast4: "0002" },
      key(),
    );
    expect(response.statusCode).toBe(402);
    expect(response.json().message).toBe(PAYMENT_MESSAGES.cardDeclined);
    expect(await countTransactions()).toBe(before);
  });

  it("sends the whole tip to the creator's wallet, records the method and notifies the creator", async () => {
    const { client, user: fan } = await buildUser(harness.app);
    const { client: creatorClient, user: creator } = await buildUser(harness.app, { profileType: "creator" });
    const response = await client.post(
      "/api/tips",
      { receiverId: creator.id, amount: 10.5, message: "  thanks!  ", paymentMethod: "paypal" },
      key(),
    );
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      receiverId: creator.id,
      amountCents: 1050,
      creatorReceivesCents: 1050,
      message: "thanks!",
      paymentMethod: "paypal",
    });
    const wallet = await creatorClient.get("/api/wallet");
    expect(wallet.statusCode).toBe(200);
    expect(wallet.json()).toMatchObject({
      balanceCents: 1050,
      currency: "USD",
      earnings: { tipsCents: 1050, ppvCents: 0, subscriptionsCents: 0 },
    });
    expect(wallet.json().recentLines[0]).toMatchObject({
      kind: "tip",
      amountCents: 1050,
      paymentMethod: "paypal",
      payer: { id: fan.id, username: fan.username },
      message: "thanks!",
    });
    const notification = (await harness.context.db.execute(
      sql`select type, actor_id from notifications where user_id = ${creator.id}`,
    )) as unknown as { rows: { type: string; actor_id: string }[] };
    expect(notification.rows).toEqual([{ type: "tip", actor_id: fan.id }]);
    // The tipper's own wallet is untouched: the money came from the payment provider.
    expect((await client.get("/api/wallet")).json().balanceCents).toBe(0);
  });
});

describe("Idempotency-Key", () => {
  it("replays the first answer for the same key and body, and moves no money again", async () => {
    const { client } = await buildUser(harness.app);
    const { user: creator } = await buildUser(harness.app, { profileType: "creator" });
    const headers = key();
    const body = { receiverId: creator.id, amount: 7, paymentMethod: "card", cardLast4: "4242" };
    const first = await client.post("/api/tips", body, headers);
    const before = await countTransactions();
    const second = await client.post("/api/tips", { ...body }, headers);
    expect(second.statusCode).toBe(first.statusCode);
    expect(second.json()).toEqual(first.json());
    expect(second.headers["idempotent-replayed"]).toBe("true");
    expect(await countTransactions()).toBe(before);
  });

  it("answers 409 when the key is reused with another body or on another route", async () => {
    const { client } = await buildUser(harness.app);
    const { user: creator } = await buildUser(harness.app, { profileType: "creator" });
    const headers = key();
    await client.post("/api/tips", { receiverId: creator.id, amount: 7 }, headers);
    const before = await countTransactions();
    const otherAmount = await client.post("/api/tips", { receiverId: creator.id, amount: 8 }, headers);
    expect(otherAmount.statusCode).toBe(409);
    expect(otherAmount.json().message).toBe(PAYMENT_MESSAGES.idempotencyKeyReused);
    const otherRoute = await client.post("/api/subscriptions", { creatorId: creator.id }, headers);
    expect(otherRoute.statusCode).toBe(409);
    expect(await countTransactions()).toBe(before);
  });

  it("keys belong to their user: another user's same key is a new request", async () => {
    const { client: first } = await buildUser(harness.app);
    const { client: second } = await buildUser(harness.app);
    const { user: creator } = await buildUser(harness.app, { profileType: "creator" });
    const headers = key();
    expect((await first.post("/api/tips", { receiverId: creator.id, amount: 3 }, headers)).statusCode).toBe(201);
    expect((await second.post("/api/tips", { receiverId: creator.id, amount: 3 }, headers)).statusCode).toBe(201);
  });

  it("forgets keys after 24 hours: the pruning job removes them and the same key is then a new request", async () => {
    const { client, user } = await buildUser(harness.app);
    const { user: creator } = await buildUser(harness.app, { profileType: "creator" });
    const headers = key();
    await client.post("/api/tips", { receiverId: creator.id, amount: 1 }, headers);
    expect(await pruneIdempotencyKeys(harness.context.db, harness.clock.now())).toBe(0);
    const later = new Date(harness.clock.now().getTime() + 25 * 60 * 60 * 1000);
    expect(await pruneIdempotencyKeys(harness.context.db, later)).toBeGreaterThanOrEqual(1);
    const left = (await harness.context.db.execute(
      sql`select count(*)::int as n from idempotency_keys where user_id = ${user.id}`,
    )) as unknown as { rows: { n: number }[] };
    expect(Number(left.rows[0]?.n)).toBe(0);
  });

  it("lets a declined request be retried with the same key", async () => {
    const { client } = await buildUser(harness.app);
    const { user: creator } = await buildUser(harness.app, { profileType: "creator" });
    const headers = key();
    const declined = await client.post("/api/tips", { receiverId: creator.id, amount: 4, cardLast4: "0002" }, headers);
    expect(declined.statusCode).toBe(402);
    const retried = await client.post("/api/tips", { receiverId: creator.id, amount: 4, cardLast4: "0002" }, headers);
    expect(retried.statusCode).toBe(402);
  });

  it("20 concurrent requests with one key make exactly one transaction and identical answers", async () => {
    const { client } = await buildUser(harness.app);
    const { user: creator } = await buildUser(harness.app, { profileType: "creator" });
    const headers = key();
    const before = await countTransactions();
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => client.post("/api/tips", { receiverId: creator.id, amount: 2 }, headers)),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(Array(20).fill(201));
    const bodies = new Set(responses.map((response) => response.body));
    expect(bodies.size).toBe(1);
    expect(await countTransactions()).toBe(before + 1);
  });
});

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

describe("GET /api/wallet/lines", () => {
  it("pages the ledger lines newest first with X-Next-Cursor", async () => {
    const { client } = await buildUser(harness.app);
    const { client: creatorClient, user: creator } = await buildUser(harness.app, { profileType: "creator" });
    for (const amount of [1, 2, 3]) {
      await client.post("/api/tips", { receiverId: creator.id, amount }, key());
      harness.clock.advance(1000);
    }
    const first = await creatorClient.get("/api/wallet/lines?limit=2");
    expect(first.json().map((line: { amountCents: number }) => line.amountCents)).toEqual([300, 200]);
    const cursor = first.headers["x-next-cursor"];
    expect(typeof cursor).toBe("string");
    const second = await creatorClient.get(`/api/wallet/lines?limit=2&cursor=${String(cursor)}`);
    expect(second.json().map((line: { amountCents: number }) => line.amountCents)).toEqual([100]);
    expect(second.headers["x-next-cursor"]).toBeUndefined();
  });
});

describe("what a payer spent, and a creator's subscribers", () => {
  it("GET /api/wallet carries spending by kind; GET /api/wallet/spending pages the payer's payments", async () => {
    expect((await anonymous().get("/api/wallet/spending")).statusCode).toBe(401);
    const { client: fan } = await buildUser(harness.app);
    const { client: creatorClient, user: creator } = await buildUser(harness.app, { profileType: "creator" });
    for (const amount of [2, 3]) {
      expect(
        (await fan.post("/api/tips", { receiverId: creator.id, amount, message: "Thanks" }, key())).statusCode,
      ).toBe(201);
      harness.clock.advance(1000);
    }
    expect((await fan.post("/api/subscriptions", { creatorId: creator.id }, key())).statusCode).toBe(201);

    const wallet = (await fan.get("/api/wallet")).json();
    expect(wallet.balanceCents).toBe(0);
    expect(wallet.spending).toEqual({ tipsCents: 500, ppvCents: 0, subscriptionsCents: 1200, totalCents: 1700 });

    const first = await fan.get("/api/wallet/spending?limit=2");
    expect(first.json()).toMatchObject([
      { kind: "subscription", amountCents: 1200, payee: { id: creator.id, username: creator.username } },
      { kind: "tip", amountCents: 300, message: "Thanks" },
    ]);
    const second = await fan.get(`/api/wallet/spending?limit=2&cursor=${String(first.headers["x-next-cursor"])}`);
    expect(second.json().map((line: { amountCents: number }) => line.amountCents)).toEqual([200]);
    // The creator's own spending is not the fan's.
    expect((await creatorClient.get("/api/wallet/spending")).json()).toEqual([]);
  });

  it("GET /api/subscriptions/subscribers lists the signed-in creator's subscribers, newest first", async () => {
    expect((await anonymous().get("/api/subscriptions/subscribers")).statusCode).toBe(401);
    const { client: creatorClient, user: creator } = await buildUser(harness.app, { profileType: "creator" });
    const { client: early, user: earlyUser } = await buildUser(harness.app);
    const { client: late, user: lateUser } = await buildUser(harness.app);
    expect((await early.post("/api/subscriptions", { creatorId: creator.id }, key())).statusCode).toBe(201);
    harness.clock.advance(1000);
    expect((await late.post("/api/subscriptions", { creatorId: creator.id }, key())).statusCode).toBe(201);
    expect((await late.delete(`/api/subscriptions/${creator.id}`)).statusCode).toBe(200);

    const listed = (await creatorClient.get("/api/subscriptions/subscribers")).json();
    expect(listed).toMatchObject([
      { subscriber: { id: lateUser.id, username: lateUser.username }, priceCents: 1200, willRenew: false },
      { subscriber: { id: earlyUser.id }, status: "active", willRenew: true },
    ]);
    expect(listed[0]).not.toHaveProperty("subscriber.email");
    // A subscriber sees nobody in their own list of subscribers.
    expect((await early.get("/api/subscriptions/subscribers")).json()).toEqual([]);
  });
});

describe("ledger_entries", () => {
  it("refuses UPDATE and DELETE at the database", async () => {
    const { client } = await buildUser(harness.app);
    const { user: creator } = await buildUser(harness.app, { profileType: "creator" });
    await client.post("/api/tips", { receiverId: creator.id, amount: 1 }, key());
    const db = harness.context.db;
    await expect(db.execute(sql`update ledger_entries set amount_cents = amount_cents + 1`)).rejects.toThrow();
    await expect(db.execute(sql`delete from ledger_entries`)).rejects.toThrow();
    await expect(db.execute(sql`update ledger_transactions set amount_cents = 1`)).rejects.toThrow();
    await expect(db.execute(sql`update ledger_transactions set payee_id = payer_id`)).rejects.toThrow();
    await expect(db.execute(sql`delete from ledger_transactions`)).rejects.toThrow();
  });

  it("lets a deleted post or account clear its reference while the money stays", async () => {
    const { client, user: fan } = await buildUser(harness.app);
    const { client: authorClient, user: author } = await buildUser(harness.app, { profileType: "creator" });
    const post = await insertPost(harness.context.db, author.id, { postType: "ppv", priceCents: 700 });
    expect((await client.post("/api/ppv-unlocks", { postId: post, amount: 7 }, key())).statusCode).toBe(201);
    const db = harness.context.db;
    await db.execute(sql`delete from posts where id = ${post}`);
    // The payer has no wallet account, so account deletion removes the row and the ledger forgets who paid.
    await db.execute(sql`delete from users where id = ${fan.id}`);
    const rows = (await db.execute(
      sql`select payer_id, post_id, amount_cents::int as amount from ledger_transactions where payee_id = ${author.id}`,
    )) as unknown as { rows: { payer_id: string | null; post_id: string | null; amount: number }[] };
    expect(rows.rows).toEqual([{ payer_id: null, post_id: null, amount: 700 }]);
    expect((await authorClient.get("/api/wallet")).json().earnings.ppvCents).toBe(700);
  });
});

describe("tips: the $1.00 minimum and the per-user rate limit", () => {
  it("refuses a tip under $1.00 with a 400 that says so, and takes exactly $1.00", async () => {
    const { client } = await buildUser(harness.app);
    const { user: receiver } = await buildUser(harness.app);
    const before = await countTransactions();
    for (const amount of [0.01, 0.5, 0.99]) {
      const response = await client.post("/api/tips", { receiverId: receiver.id, amount }, key());
      expect(response.statusCode, String(amount)).toBe(400);
      expect(response.json().message).toBe(TIP_TEXTS.belowMinimum);
      expect(response.json().message).toBe("The minimum tip is $1.00");
    }
    expect(await countTransactions()).toBe(before);
    const oneDollar = await client.post("/api/tips", { receiverId: receiver.id, amount: 1 }, key());
    expect(oneDollar.statusCode).toBe(201);
    expect(oneDollar.json().amountCents).toBe(100);
  });

  it(`lets one user send ${TIP_RATE_LIMIT.max} tips a minute, then answers 429; replays still answer`, async () => {
    const { client } = await buildUser(harness.app);
    const { client: otherFan } = await buildUser(harness.app);
    const { user: receiver } = await buildUser(harness.app);
    const firstKey = key();
    const first = await client.post("/api/tips", { receiverId: receiver.id, amount: 2 }, firstKey);
    expect(first.statusCode).toBe(201);
    for (let index = 1; index < TIP_RATE_LIMIT.max; index += 1) {
      expect((await client.post("/api/tips", { receiverId: receiver.id, amount: 2 }, key())).statusCode).toBe(201);
    }
    const before = await countTransactions();
    const refused = await client.post("/api/tips", { receiverId: receiver.id, amount: 2 }, key());
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: "RATE_LIMITED", message: TIP_TEXTS.rateLimited });
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect(await countTransactions()).toBe(before);
    // A retry of a tip that went through replays its answer (it is not a new tip).
    const replay = await client.post("/api/tips", { receiverId: receiver.id, amount: 2 }, firstKey);
    expect(replay.statusCode).toBe(201);
    expect(replay.headers["idempotent-replayed"]).toBe("true");
    // The limit is per sender, and the window rolls.
    expect((await otherFan.post("/api/tips", { receiverId: receiver.id, amount: 2 }, key())).statusCode).toBe(201);
    harness.clock.advance(TIP_RATE_LIMIT.windowMs);
    expect((await client.post("/api/tips", { receiverId: receiver.id, amount: 2 }, key())).statusCode).toBe(201);
    const notifications = (await harness.context.db.execute(
      sql`select count(*)::int as n from notifications where user_id = ${receiver.id} and type = 'tip'`,
    )) as unknown as { rows: { n: number }[] };
    expect(Number(notifications.rows[0]?.n)).toBe(TIP_RATE_LIMIT.max + 2);
  });

  it("a burst of 50 concurrent tips from one user lands at most the limit", async () => {
    const { client } = await buildUser(harness.app);
    const { user: receiver } = await buildUser(harness.app);
    const before = await countTransactions();
    const responses = await Promise.all(
      Array.from({ length: 50 }, () => client.post("/api/tips", { receiverId: receiver.id, amount: 1 }, key())),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(TIP_RATE_LIMIT.max);
    expect(statuses.filter((status) => status === 429)).toHaveLength(50 - TIP_RATE_LIMIT.max);
    expect(await countTransactions()).toBe(before + TIP_RATE_LIMIT.max);
  });
});

describe('one "can receive money" rule', () => {
  const suspend = (userId: string, until: Date | null = null) =>
    harness.context.db.update(users).set({ isSuspended: true, suspendedUntil: until }).where(eq(users.id, userId));

  it("refuses to unlock a suspended creator's post (403) and moves no money; an earlier unlock stays", async () => {
    const { client } = await buildUser(harness.app);
    const { client: earlyFan } = await buildUser(harness.app);
    const { user: creator } = await buildUser(harness.app, { profileType: "creator" });
    const post = await insertPost(harness.context.db, creator.id, { postType: "ppv", priceCents: 300 });
    expect((await earlyFan.post("/api/ppv-unlocks", { postId: post, amount: 3 }, key())).statusCode).toBe(201);
    await suspend(creator.id);
    const before = await countTransactions();
    const refused = await client.post("/api/ppv-unlocks", { postId: post, amount: 3 }, key());
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(PAYMENT_MESSAGES.unlockUnavailable);
    expect(await countTransactions()).toBe(before);
    const kept = await earlyFan.post("/api/ppv-unlocks", { postId: post, amount: 3 }, key());
    expect(kept.statusCode).toBe(200);
    expect(await countTransactions()).toBe(before);
  });

  it("pays again once a timed suspension has run out, before the creator even signs in", async () => {
    const { client } = await buildUser(harness.app);
    const { user: creator } = await buildUser(harness.app, { profileType: "creator" });
    const post = await insertPost(harness.context.db, creator.id, { postType: "ppv", priceCents: 300 });
    await suspend(creator.id, new Date(harness.clock.now().getTime() + 60_000));
    expect((await client.post("/api/tips", { receiverId: creator.id, amount: 2 }, key())).statusCode).toBe(403);
    harness.clock.advance(60_000);
    expect((await client.post("/api/tips", { receiverId: creator.id, amount: 2 }, key())).statusCode).toBe(201);
    expect((await client.post("/api/ppv-unlocks", { postId: post, amount: 3 }, key())).statusCode).toBe(201);
  });

  it("nobody pays an account in its deletion grace period: tips 403, unlocks and subscriptions 404", async () => {
    const { client } = await buildUser(harness.app);
    const { client: creatorClient, user: creator } = await buildUser(harness.app, { profileType: "creator" });
    const post = await insertPost(harness.context.db, creator.id, { postType: "ppv", priceCents: 300 });
    expect((await creatorClient.post("/api/users/delete")).statusCode).toBe(200);
    const before = await countTransactions();
    const tip = await client.post("/api/tips", { receiverId: creator.id, amount: 2 }, key());
    expect(tip.statusCode).toBe(403);
    expect(tip.json().message).toBe(PAYMENT_MESSAGES.receiverUnavailable);
    const unlock = await client.post("/api/ppv-unlocks", { postId: post, amount: 3 }, key());
    expect(unlock.statusCode).toBe(404);
    const subscription = await client.post("/api/subscriptions", { creatorId: creator.id }, key());
    expect(subscription.statusCode).toBe(404);
    expect(subscription.json().message).toBe(PAYMENT_MESSAGES.creatorNotFound);
    expect(await countTransactions()).toBe(before);
  });

  it("subscriptions and unlocks are for creator profiles only; tips go to anyone", async () => {
    const { client } = await buildUser(harness.app);
    const { user: personal } = await buildUser(harness.app);
    const { user: business } = await buildUser(harness.app, { profileType: "business" });
    const before = await countTransactions();
    for (const target of [personal, business]) {
      const response = await client.post("/api/subscriptions", { creatorId: target.id }, key());
      expect(response.statusCode, target.profileType).toBe(400);
      expect(response.json().message).toBe(PAYMENT_MESSAGES.notACreator);
    }
    // A pay-per-view post left by an account that is no longer a creator cannot be bought.
    const legacyPost = await insertPost(harness.context.db, personal.id, { postType: "ppv", priceCents: 300 });
    const unlock = await client.post("/api/ppv-unlocks", { postId: legacyPost, amount: 3 }, key());
    expect(unlock.statusCode).toBe(403);
    expect(unlock.json().message).toBe(PAYMENT_MESSAGES.unlockUnavailable);
    expect(await countTransactions()).toBe(before);
    expect((await client.post("/api/tips", { receiverId: personal.id, amount: 2 }, key())).statusCode).toBe(201);
    expect((await client.post("/api/tips", { receiverId: business.id, amount: 2 }, key())).statusCode).toBe(201);
  });

  it("renewals charge nobody who may not be paid: those subscriptions lapse at the end of the paid period", async () => {
    const fan = await buildUser(harness.app);
    const leaving = await buildUser(harness.app);
    const creators = {
      fine: await buildUser(harness.app, { profileType: "creator" }),
      suspended: await buildUser(harness.app, { profileType: "creator" }),
      deleting: await buildUser(harness.app, { profileType: "creator" }),
      blocking: await buildUser(harness.app, { profileType: "creator" }),
      blocked: await buildUser(harness.app, { profileType: "creator" }),
      nowPersonal: await buildUser(harness.app, { profileType: "creator" }),
    };
    for (const creator of Object.values(creators)) {
      const response = await fan.client.post("/api/subscriptions", { creatorId: creator.user.id }, key());
      expect(response.statusCode).toBe(201);
    }
    const toFine = await leaving.client.post("/api/subscriptions", { creatorId: creators.fine.user.id }, key());
    expect(toFine.statusCode).toBe(201);
    const db = harness.context.db;
    await suspend(creators.suspended.user.id);
    expect((await creators.deleting.client.post("/api/users/delete")).statusCode).toBe(200);
    expect((await creators.blocking.client.post("/api/blocks", { blockedId: fan.user.id })).statusCode).toBe(200);
    expect((await fan.client.post("/api/blocks", { blockedId: creators.blocked.user.id })).statusCode).toBe(200);
    await db.update(users).set({ profileType: "personal" }).where(eq(users.id, creators.nowPersonal.user.id));
    expect((await leaving.client.post("/api/users/delete")).statusCode).toBe(200);

    harness.clock.advance(31 * DAY_MS);
    await renewDueSubscriptions(harness.context);
    expect(await renewDueSubscriptions(harness.context)).toBe(0);
    const rows = (await db.execute(
      sql`select creator_id, subscriber_id, status from subscriptions where subscriber_id in (${fan.user.id}, ${leaving.user.id})`,
    )) as unknown as { rows: { creator_id: string; subscriber_id: string; status: string }[] };
    const statusOf = (subscriberId: string, creatorId: string) =>
      rows.rows.find((row) => row.subscriber_id === subscriberId && row.creator_id === creatorId)?.status;
    expect(statusOf(fan.user.id, creators.fine.user.id)).toBe("active");
    for (const name of ["suspended", "deleting", "blocking", "blocked", "nowPersonal"] as const) {
      expect(statusOf(fan.user.id, creators[name].user.id), name).toBe("expired");
    }
    expect(statusOf(leaving.user.id, creators.fine.user.id)).toBe("expired");
    const charges = (await db.execute(
      sql`select payer_id, payee_id, count(*)::int as n from ledger_transactions where kind = 'subscription' and payer_id in (${fan.user.id}, ${leaving.user.id}) group by payer_id, payee_id`,
    )) as unknown as { rows: { payer_id: string; payee_id: string; n: number }[] };
    expect(charges.rows).toHaveLength(7);
    for (const row of charges.rows) {
      const isRenewed = row.payer_id === fan.user.id && row.payee_id === creators.fine.user.id;
      expect(Number(row.n), row.payee_id).toBe(isRenewed ? 2 : 1);
    }
  });
});
