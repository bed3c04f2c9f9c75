import { TIP_RATE_LIMIT } from "@plaza/contracts/constants";
import { PAYMENT_MESSAGES, TIP_TEXTS } from "@plaza/contracts/payments";
import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { buildUser } from "../../../test/factories/users";
import { expectLedgerInvariants } from "../../../test/ledger-invariants";
import { buildTestApp, type TestApp, TestClient } from "../../../test/test-app";
import { blocks } from "../../db/schema/blocks";
import { users } from "../../db/schema/users";
import { pruneIdempotencyKeys } from "./idempotency.repository";

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

  it("answers 400 with the contract's message for a missing or non-positive amount, and for tipping yourself", async () => {
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
