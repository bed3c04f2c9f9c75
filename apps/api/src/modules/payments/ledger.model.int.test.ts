import { TIP_MINIMUM_DOLLARS, TIP_RATE_LIMIT } from "@plaza/contracts/constants";
import { PAYMENT_MESSAGES, TIP_TEXTS } from "@plaza/contracts/payments";
import { sql } from "drizzle-orm";
import fc from "fast-check";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertPost } from "../../../test/factories/posts";
import { buildUser } from "../../../test/factories/users";
import { expectLedgerInvariants } from "../../../test/ledger-invariants";
import { buildTestApp, type TestApp, type TestClient } from "../../../test/test-app";
import { renewDueSubscriptions } from "./subscriptions.service";

/**
 * Model-based test of the money calls (security checklist §2, L1–L13): random sequences of tips, unlocks,
 * subscriptions, cancellations, lapsed periods, renewal runs, price changes and same-key replays run against the
 * real API, and after every command the database must agree with a plain in-memory model.
 */

interface Person {
  id: string;
  client: TestClient;
}
interface Post {
  id: string;
  authorIndex: number;
  priceCents: number;
}
interface ModelSubscription {
  priceCents: number;
  status: "active" | "cancelled" | "expired";
  isLapsed: boolean;
}
interface Model {
  walletCents: number[];
  unlocked: Set<string>;
  subscriptions: Map<string, ModelSubscription>;
  subscriptionPriceCents: number[];
  charges: Map<string, number>;
  lastRequest: { client: TestClient; url: string; body: unknown; key: string; response: LightMyRequestResponse } | null;
}

const PEOPLE = 4;
/** People 0 and 1 are creators; 2 and 3 are personal accounts. */
const CREATORS = 2;
let harness: TestApp;
let people: Person[] = [];
let posts: Post[] = [];
const model: Model = {
  walletCents: Array(PEOPLE).fill(0),
  unlocked: new Set(),
  subscriptions: new Map(),
  subscriptionPriceCents: Array(PEOPLE).fill(1200),
  charges: new Map(),
  lastRequest: null,
};

beforeAll(async () => {
  harness = await buildTestApp();
  for (let index = 0; index < PEOPLE; index += 1) {
    const { client, user } = await buildUser(harness.app, { profileType: index < CREATORS ? "creator" : "personal" });
    people.push({ id: user.id, client });
  }
  posts = [];
  for (const [authorIndex, priceCents] of [
    [0, 199],
    [0, 1000],
    [1, 350],
    [2, 5],
  ] as const) {
    posts.push({
      id: await insertPost(harness.context.db, people[authorIndex]?.id ?? "", { postType: "ppv", priceCents }),
      authorIndex,
      priceCents,
    });
  }
});
afterAll(async () => {
  await harness.close();
  people = [];
});

function person(index: number): Person {
  const found = people[index];
  if (!found) throw new Error(`no person ${index}`);
  return found;
}

async function send(client: TestClient, method: "POST" | "DELETE", url: string, body?: unknown) {
  const key = crypto.randomUUID();
  const response = await client.request({
    method,
    url,
    payload: body as Record<string, unknown> | undefined,
    headers: { "idempotency-key": key },
  });
  if (method === "POST") model.lastRequest = { client, url, body, key, response };
  return response;
}

const pairKey = (subscriber: number, creator: number) => `${subscriber}>${creator}`;
const countCharge = (subscriber: number, creator: number) =>
  model.charges.set(pairKey(subscriber, creator), (model.charges.get(pairKey(subscriber, creator)) ?? 0) + 1);

async function expectWalletsMatchModel(): Promise<void> {
  const snapshot = await expectLedgerInvariants(harness.context.db);
  people.forEach((entry, index) => {
    expect(snapshot.walletCents.get(entry.id) ?? 0, `wallet of person ${index}`).toBe(model.walletCents[index]);
  });
  for (const [pair, count] of model.charges) {
    const [subscriber, creator] = pair.split(">").map(Number);
    const real = snapshot.subscriptionCharges.get(`${person(subscriber ?? 0).id}>${person(creator ?? 0).id}`);
    expect(real, `subscription charges ${pair}`).toBe(count);
  }
}

class TipCommand implements fc.AsyncCommand<Model, object> {
  constructor(
    readonly payer: number,
    readonly receiver: number,
    readonly amountCents: number,
    readonly isDeclinedCard: boolean,
  ) {}
  check = () => true;
  async run(current: Model) {
    const body = {
      receiverId: person(this.receiver).id,
      amount: this.amountCents / 100,
      paymentMethod: "card",
      cardLast4: this.isDeclinedCard ? "0002" : "4242",
    };
    // Tips come a minute apart here: the per-sender limit has its own tests (payments.int.test.ts).
    harness.clock.advance(TIP_RATE_LIMIT.windowMs);
    const response = await send(person(this.payer).client, "POST", "/api/tips", body);
    if (this.amountCents < TIP_MINIMUM_DOLLARS * 100) {
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(TIP_TEXTS.belowMinimum);
    } else if (this.payer === this.receiver) {
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(PAYMENT_MESSAGES.cannotTipSelf);
    } else if (this.isDeclinedCard) {
      expect(response.statusCode).toBe(402);
    } else {
      expect(response.statusCode).toBe(201);
      current.walletCents[this.receiver] = (current.walletCents[this.receiver] ?? 0) + this.amountCents;
    }
    await expectWalletsMatchModel();
  }
  toString = () => `tip(${this.payer}→${this.receiver}, ${this.amountCents}${this.isDeclinedCard ? ", declined" : ""})`;
}

class UnlockCommand implements fc.AsyncCommand<Model, object> {
  constructor(
    readonly viewer: number,
    readonly postIndex: number,
    readonly isWrongAmount: boolean,
  ) {}
  check = () => true;
  async run(current: Model) {
    const post = posts[this.postIndex];
    if (!post) throw new Error("no post");
    const amount = (post.priceCents + (this.isWrongAmount ? 1 : 0)) / 100;
    const response = await send(person(this.viewer).client, "POST", "/api/ppv-unlocks", { postId: post.id, amount });
    const unlockKey = `${this.viewer}:${post.id}`;
    if (post.authorIndex === this.viewer) {
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(PAYMENT_MESSAGES.ownPost);
    } else if (this.isWrongAmount) {
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(PAYMENT_MESSAGES.priceMismatch);
    } else if (post.authorIndex >= CREATORS) {
      // A pay-per-view post left by an account that is not a creator: nobody can buy it.
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe(PAYMENT_MESSAGES.unlockUnavailable);
    } else if (current.unlocked.has(unlockKey)) {
      expect(response.statusCode).toBe(200);
    } else {
      expect(response.statusCode).toBe(201);
      current.unlocked.add(unlockKey);
      current.walletCents[post.authorIndex] = (current.walletCents[post.authorIndex] ?? 0) + post.priceCents;
    }
    await expectWalletsMatchModel();
  }
  toString = () => `unlock(${this.viewer}, post ${this.postIndex}${this.isWrongAmount ? ", wrong amount" : ""})`;
}

class SubscribeCommand implements fc.AsyncCommand<Model, object> {
  constructor(
    readonly subscriber: number,
    readonly creator: number,
  ) {}
  check = () => true;
  async run(current: Model) {
    const response = await send(person(this.subscriber).client, "POST", "/api/subscriptions", {
      creatorId: person(this.creator).id,
    });
    const key = pairKey(this.subscriber, this.creator);
    const existing = current.subscriptions.get(key);
    if (this.subscriber === this.creator) {
      expect(response.statusCode).toBe(400);
    } else if (existing && existing.status !== "expired" && !existing.isLapsed) {
      expect(response.statusCode).toBe(200);
      existing.status = "active";
    } else {
      expect(response.statusCode).toBe(existing ? 200 : 201);
      const priceCents = current.subscriptionPriceCents[this.creator] ?? 0;
      current.subscriptions.set(key, { priceCents, status: "active", isLapsed: false });
      current.walletCents[this.creator] = (current.walletCents[this.creator] ?? 0) + priceCents;
      countCharge(this.subscriber, this.creator);
    }
    await expectWalletsMatchModel();
  }
  toString = () => `subscribe(${this.subscriber}→${this.creator})`;
}

class CancelCommand implements fc.AsyncCommand<Model, object> {
  constructor(
    readonly subscriber: number,
    readonly creator: number,
  ) {}
  check = () => true;
  async run(current: Model) {
    const response = await send(
      person(this.subscriber).client,
      "DELETE",
      `/api/subscriptions/${person(this.creator).id}`,
    );
    const existing = current.subscriptions.get(pairKey(this.subscriber, this.creator));
    if (existing && existing.status !== "expired" && !existing.isLapsed) {
      expect(response.statusCode).toBe(200);
      existing.status = "cancelled";
    } else {
      expect(response.statusCode).toBe(404);
    }
    await expectWalletsMatchModel();
  }
  toString = () => `cancel(${this.subscriber}→${this.creator})`;
}

/** A month passes for one subscription: its paid period ends (written to the row; the clock stays). */
class LapseCommand implements fc.AsyncCommand<Model, object> {
  constructor(
    readonly subscriber: number,
    readonly creator: number,
  ) {}
  check = (current: Readonly<Model>) => current.subscriptions.has(pairKey(this.subscriber, this.creator));
  async run(current: Model) {
    const now = harness.clock.now();
    await harness.context.db.execute(
      sql`update subscriptions set current_period_start = ${new Date(now.getTime() - 31 * 86_400_000)}, current_period_end = ${new Date(now.getTime() - 1000)} where subscriber_id = ${person(this.subscriber).id} and creator_id = ${person(this.creator).id}`,
    );
    const existing = current.subscriptions.get(pairKey(this.subscriber, this.creator));
    if (existing) existing.isLapsed = true;
  }
  toString = () => `lapse(${this.subscriber}→${this.creator})`;
}

class RenewCommand implements fc.AsyncCommand<Model, object> {
  check = () => true;
  async run(current: Model) {
    let expected = 0;
    for (const [key, subscription] of current.subscriptions) {
      if (!subscription.isLapsed) continue;
      subscription.isLapsed = false;
      if (subscription.status === "active") {
        const [subscriber, creator] = key.split(">").map(Number);
        expected += 1;
        current.walletCents[creator ?? 0] = (current.walletCents[creator ?? 0] ?? 0) + subscription.priceCents;
        countCharge(subscriber ?? 0, creator ?? 0);
      } else {
        subscription.status = "expired";
      }
    }
    expect(await renewDueSubscriptions(harness.context)).toBe(expected);
    // A restart runs the job again at once: nothing more is charged.
    expect(await renewDueSubscriptions(harness.context)).toBe(0);
    await expectWalletsMatchModel();
  }
  toString = () => "renew()";
}

class SetPriceCommand implements fc.AsyncCommand<Model, object> {
  constructor(
    readonly creator: number,
    readonly priceCents: number,
  ) {}
  check = () => true;
  async run(current: Model) {
    const response = await person(this.creator).client.patch("/api/users/subscription-price", {
      price: this.priceCents / 100,
    });
    if (this.creator < 2) {
      expect(response.statusCode).toBe(200);
      current.subscriptionPriceCents[this.creator] = this.priceCents;
    } else {
      expect(response.statusCode).toBe(403);
    }
  }
  toString = () => `price(${this.creator}, ${this.priceCents})`;
}

/** The last money request again with its key: the same answer, and no money moves. */
class ReplayCommand implements fc.AsyncCommand<Model, object> {
  check = (current: Readonly<Model>) => current.lastRequest !== null;
  async run(current: Model) {
    const last = current.lastRequest;
    if (!last) return;
    const response = await last.client.request({
      method: "POST",
      url: last.url,
      payload: last.body as Record<string, unknown>,
      headers: { "idempotency-key": last.key },
    });
    if (last.response.statusCode < 300) {
      expect(response.statusCode).toBe(last.response.statusCode);
      expect(response.json()).toEqual(last.response.json());
    } else {
      // Refused requests are not stored: a retry is judged afresh and is refused the same way.
      expect(response.statusCode).toBe(last.response.statusCode);
    }
    await expectWalletsMatchModel();
  }
  toString = () => "replay()";
}

const index = fc.integer({ min: 0, max: PEOPLE - 1 });
const commands = [
  fc
    .tuple(index, index, fc.integer({ min: 1, max: 100_000 }), fc.integer({ min: 0, max: 4 }))
    .map(([payer, receiver, cents, roll]) => new TipCommand(payer, receiver, cents, roll === 0)),
  fc
    .tuple(index, fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: 9 }))
    .map(([viewer, post, roll]) => new UnlockCommand(viewer, post, roll === 0)),
  fc
    .tuple(index, fc.integer({ min: 0, max: 1 }))
    .map(([subscriber, creator]) => new SubscribeCommand(subscriber, creator)),
  fc
    .tuple(index, fc.integer({ min: 0, max: 1 }))
    .map(([subscriber, creator]) => new CancelCommand(subscriber, creator)),
  fc.tuple(index, fc.integer({ min: 0, max: 1 })).map(([subscriber, creator]) => new LapseCommand(subscriber, creator)),
  fc.constant(new RenewCommand()),
  fc.tuple(index, fc.integer({ min: 100, max: 50_000 })).map(([creator, cents]) => new SetPriceCommand(creator, cents)),
  fc.constant(new ReplayCommand()),
];

describe("ledger model", () => {
  it("keeps L1–L13 over 200 random sequences of money calls", { timeout: 600_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(fc.commands(commands, { maxCommands: 12 }), async (sequence) => {
        await fc.asyncModelRun(() => ({ model, real: {} }), sequence);
      }),
      { numRuns: 200, endOnFailure: true },
    );
    const snapshot = await expectLedgerInvariants(harness.context.db);
    expect(snapshot.transactionCount).toBeGreaterThan(100);
  });
});
