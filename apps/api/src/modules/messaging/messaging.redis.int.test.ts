import type { FastifyInstance } from "fastify";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildUser } from "../../../test/factories/users";
import { LiveTestClient } from "../../../test/live-client";
import { openTestDatabase } from "../../../test/test-app";
import { buildApp } from "../../app";
import { buildEnv } from "../../config/env";
import { ManualClock } from "../../lib/clock";

const redisUrl = process.env.REDIS_URL_FOR_TESTS ?? "redis://127.0.0.1:6379";

/** True when Redis answers PING within a second. */
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
if (!hasRedis) console.warn(`Skipping the two-instance live delivery test: Redis does not answer at ${redisUrl}`);

describe.skipIf(!hasRedis)("live delivery across two API instances sharing PostgreSQL and Redis", () => {
  const instances: FastifyInstance[] = [];
  const baseUrls: string[] = [];
  let dropDatabase: () => Promise<void>;

  beforeAll(async () => {
    const { database, drop } = await openTestDatabase();
    dropDatabase = drop;
    const clock = new ManualClock(new Date("2026-06-01T12:00:00Z"));
    for (let index = 0; index < 2; index += 1) {
      const env = buildEnv({
        IP_RATE_LIMITS: "off",
        NEW_ACCOUNT_HOURS: "0",
        LOG_LEVEL: "silent",
        JOBS: "off",
        REDIS_URL: redisUrl,
      });
      const app = await buildApp({ env, database, clock, logger: false });
      instances.push(app);
      baseUrls.push(await app.listen({ port: 0, host: "127.0.0.1" }));
    }
  });
  afterAll(async () => {
    for (const app of instances) await app.close();
    await dropDatabase();
  });

  it("delivers a message sent through instance A to the recipient's socket on instance B", async () => {
    const [instanceA, instanceB] = instances;
    const [urlA, urlB] = baseUrls;
    if (!instanceA || !instanceB || !urlA || !urlB) throw new Error("instances did not start");
    const alice = await buildUser(instanceA);
    const bob = await buildUser(instanceA);
    // Bob's browser is connected to instance B; Alice's request goes through instance A.
    const bobOnB = await LiveTestClient.connect(urlB, bob.client.cookie);
    const response = await fetch(`${urlA}/api/messages`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie: alice.client.cookie ?? "" },
      body: JSON.stringify({ recipientId: bob.user.id, content: "across processes", messageType: "text" }),
    });
    expect(response.status).toBe(201);
    const sent = await response.json();

    const created = await bobOnB.nextEvent<"message.created">((event) => event.type === "message.created");
    expect(created.payload.message).toEqual(sent);
    const unread = await bobOnB.nextEvent<"unread.changed">((event) => event.type === "unread.changed");
    expect(unread.payload).toEqual({ count: 1 });
    await bobOnB.close();
  });

  it("keeps a user's channel while any of their tabs on that instance is open", async () => {
    const [instanceA] = instances;
    const [urlA, urlB] = baseUrls;
    if (!instanceA || !urlA || !urlB) throw new Error("instances did not start");
    const alice = await buildUser(instanceA);
    const bob = await buildUser(instanceA);
    const firstTab = await LiveTestClient.connect(urlB, bob.client.cookie);
    const secondTab = await LiveTestClient.connect(urlB, bob.client.cookie);
    await firstTab.close();
    const response = await alice.client.post("/api/messages", { recipientId: bob.user.id, content: "still there?" });
    expect(response.statusCode).toBe(201);
    const created = await secondTab.nextEvent<"message.created">((event) => event.type === "message.created");
    expect(created.payload.message.content).toBe("still there?");
    await secondTab.close();
  });

  it("closes live sockets when an instance shuts down", async () => {
    const [, instanceB] = instances;
    const [, urlB] = baseUrls;
    if (!instanceB || !urlB) throw new Error("instances did not start");
    const carol = await buildUser(instanceB);
    const carolOnB = await LiveTestClient.connect(urlB, carol.client.cookie);
    const closed = new Promise<number>((resolve) => carolOnB.socket.once("close", (code) => resolve(code)));
    await instanceB.close();
    // 1001 "going away" from our hook, or 1005 when @fastify/websocket's own preClose got there first.
    expect([1001, 1005]).toContain(await closed);
  });
});
