import type { FastifyInstance } from "fastify";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildUser } from "../../../test/factories/users";
import { LiveTestClient } from "../../../test/live-client";
import { buildTestApp, openTestDatabase, type TestApp, TestClient } from "../../../test/test-app";
import { buildApp } from "../../app";
import { buildEnv } from "../../config/env";
import { ManualClock } from "../../lib/clock";

/** Polls `read` until `accept` holds (a closed socket is noticed by the server a moment later). */
async function eventually<T>(read: () => Promise<T>, accept: (value: T) => boolean, timeoutMs = 3_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (accept(value) || Date.now() > deadline) return value;
    await new Promise((wake) => setTimeout(wake, 50));
  }
}

describe("presence from the live connection (one process)", () => {
  let harness: TestApp;
  let baseUrl: string;
  beforeAll(async () => {
    harness = await buildTestApp();
    baseUrl = await harness.app.listen({ port: 0, host: "127.0.0.1" });
  });
  afterAll(() => harness.close());

  async function pair() {
    const viewer = await buildUser(harness.app);
    const friend = await buildUser(harness.app);
    const sent = await friend.client.post("/api/messages", { recipientId: viewer.user.id, content: "Hey" });
    expect(sent.statusCode).toBe(201);
    return { viewer, friend };
  }
  const profileOf = async (client: TestClient, id: string) => (await client.get(`/api/users/${id}`)).json();
  const conversationOf = async (client: TestClient) => (await client.get("/api/conversations")).json()[0];

  it("shows others isOnline while the app is open and lastActiveAt after it closes", async () => {
    const { viewer, friend } = await pair();
    expect(await profileOf(viewer.client, friend.user.id)).toMatchObject({ isOnline: false, lastActiveAt: null });

    const openedAt = harness.clock.now().toISOString();
    const live = await LiveTestClient.connect(baseUrl, friend.client.cookie);
    expect(await profileOf(viewer.client, friend.user.id)).toMatchObject({ isOnline: true, lastActiveAt: openedAt });
    expect(await conversationOf(viewer.client)).toMatchObject({ isOnline: true, lastActiveAt: openedAt });
    // Anonymous visitors see it too on a public profile.
    expect(await profileOf(new TestClient(harness.app), friend.user.id)).toMatchObject({ isOnline: true });

    harness.clock.advance(5 * 60_000);
    live.socket.close();
    const closedAt = harness.clock.now().toISOString();
    const after = await eventually(
      () => profileOf(viewer.client, friend.user.id),
      (profile) => profile.isOnline === false && profile.lastActiveAt === closedAt,
    );
    expect(after).toMatchObject({ isOnline: false, lastActiveAt: closedAt });
    expect(await conversationOf(viewer.client)).toMatchObject({ isOnline: false, lastActiveAt: closedAt });
  });

  it("hides both (null) from everyone else when showOnlineStatus is off; the user still sees their own", async () => {
    const { viewer, friend } = await pair();
    expect((await friend.client.patch("/api/users/preferences", { showOnlineStatus: false })).statusCode).toBe(200);
    const live = await LiveTestClient.connect(baseUrl, friend.client.cookie);
    try {
      expect(await profileOf(viewer.client, friend.user.id)).toMatchObject({ isOnline: null, lastActiveAt: null });
      expect(await conversationOf(viewer.client)).toMatchObject({ isOnline: null, lastActiveAt: null });
      const own = await profileOf(friend.client, friend.user.id);
      expect(own.isOnline).toBe(true);
      expect(own.lastActiveAt).not.toBeNull();
      // Turned back on: visible again.
      await friend.client.patch("/api/users/preferences", { showOnlineStatus: true });
      expect(await profileOf(viewer.client, friend.user.id)).toMatchObject({ isOnline: true });
    } finally {
      live.socket.close();
    }
  });
});

const redisUrl = process.env.REDIS_URL_FOR_TESTS ?? "redis://127.0.0.1:6379";

async function isRedisAnswering(url: string): Promise<boolean> {
  const probe = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 1_000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  probe.on("error", () => undefined);
  try {
    await probe.connect();
    return (await probe.ping()) === "PONG";
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}

const hasRedis = await isRedisAnswering(redisUrl);
if (!hasRedis) console.warn(`Skipping the two-instance presence test: Redis does not answer at ${redisUrl}`);

describe.skipIf(!hasRedis)("presence across two API processes sharing Redis", () => {
  const instances: FastifyInstance[] = [];
  const baseUrls: string[] = [];
  let dropDatabase: () => Promise<void>;

  beforeAll(async () => {
    const { database, drop } = await openTestDatabase();
    dropDatabase = drop;
    const clock = new ManualClock(new Date("2026-06-01T12:00:00Z"));
    for (let index = 0; index < 2; index += 1) {
      const env = buildEnv({ IP_RATE_LIMITS: "off", LOG_LEVEL: "silent", JOBS: "off", REDIS_URL: redisUrl });
      const app = await buildApp({ env, database, clock, logger: false });
      instances.push(app);
      baseUrls.push(await app.listen({ port: 0, host: "127.0.0.1" }));
    }
  });
  afterAll(async () => {
    for (const app of instances) await app.close();
    await dropDatabase();
  });

  it("a connection held by one process shows as online on the other, and offline once closed", async () => {
    const [first, second] = instances as [FastifyInstance, FastifyInstance];
    const friend = await buildUser(first);
    const viewer = new TestClient(second);
    const read = async () => (await viewer.get(`/api/users/${friend.user.id}`)).json();
    expect(await read()).toMatchObject({ isOnline: false });
    const live = await LiveTestClient.connect(baseUrls[0] ?? "", friend.client.cookie);
    expect(await read()).toMatchObject({ isOnline: true });
    live.socket.close();
    expect(await eventually(read, (profile) => profile.isOnline === false)).toMatchObject({ isOnline: false });
    expect((await read()).lastActiveAt).not.toBeNull();
  });
});
