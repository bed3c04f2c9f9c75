import { PAYMENT_MESSAGES } from "@plaza/contracts/payments";
import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { insertPost } from "../../../test/factories/posts";
import { buildUser } from "../../../test/factories/users";
import { expectLedgerInvariants } from "../../../test/ledger-invariants";
import { buildTestApp, type TestApp, TestClient } from "../../../test/test-app";
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

async function countTransactions(): Promise<number> {
  const result = (await harness.context.db.execute(
    sql`select count(*)::int as n from ledger_transactions`,
  )) as unknown as {
    rows: { n: number }[];
  };
  return Number(result.rows[0]?.n);
}

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
    // A suspended subscriber can't pay: their subscription lapses at the end of the paid period.
    const suspendedFan = await buildUser(harness.app);
    const bySuspended = await suspendedFan.client.post(
      "/api/subscriptions",
      { creatorId: creators.fine.user.id },
      key(),
    );
    expect(bySuspended.statusCode).toBe(201);
    await suspend(suspendedFan.user.id);
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
      sql`select creator_id, subscriber_id, status from subscriptions where subscriber_id in (${fan.user.id}, ${leaving.user.id}, ${suspendedFan.user.id})`,
    )) as unknown as { rows: { creator_id: string; subscriber_id: string; status: string }[] };
    const statusOf = (subscriberId: string, creatorId: string) =>
      rows.rows.find((row) => row.subscriber_id === subscriberId && row.creator_id === creatorId)?.status;
    expect(statusOf(fan.user.id, creators.fine.user.id)).toBe("active");
    for (const name of ["suspended", "deleting", "blocking", "blocked", "nowPersonal"] as const) {
      expect(statusOf(fan.user.id, creators[name].user.id), name).toBe("expired");
    }
    expect(statusOf(leaving.user.id, creators.fine.user.id)).toBe("expired");
    expect(statusOf(suspendedFan.user.id, creators.fine.user.id)).toBe("expired");
    const charges = (await db.execute(
      sql`select payer_id, payee_id, count(*)::int as n from ledger_transactions where kind = 'subscription' and payer_id in (${fan.user.id}, ${leaving.user.id}, ${suspendedFan.user.id}) group by payer_id, payee_id`,
    )) as unknown as { rows: { payer_id: string; payee_id: string; n: number }[] };
    expect(charges.rows).toHaveLength(8);
    for (const row of charges.rows) {
      const isRenewed = row.payer_id === fan.user.id && row.payee_id === creators.fine.user.id;
      expect(Number(row.n), row.payee_id).toBe(isRenewed ? 2 : 1);
    }
  });
});
