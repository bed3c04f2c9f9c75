import { PUSH_ERRORS, PUSH_TTL_SECONDS } from "@plaza/contracts/push";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { buildUser } from "../../../test/factories/users";
import { BrowserSubscriptionKeys, TestPushService, verifyVapidHeader } from "../../../test/push-endpoint";
import { buildTestApp, type TestApp, TestClient } from "../../../test/test-app";
import { buildApp } from "../../app";
import { buildEnv } from "../../config/env";
import { pushSubscriptions, serverKeys } from "../../db/schema/push";
import { inTransaction } from "../../lib/unit-of-work";

/** The app under test may post to loopback (the local push service); `strict` is the production setting. */
let harness: TestApp;
let strict: TestApp;
const pushService = new TestPushService();

beforeAll(async () => {
  [harness, strict] = await Promise.all([buildTestApp({ PUSH_ALLOW_LOOPBACK: "on" }), buildTestApp()]);
  await pushService.start();
});
afterAll(async () => {
  await Promise.all([harness.close(), strict.close(), pushService.stop()]);
});
beforeEach(() => harness.clock.advance(1000));

async function subscriptionsOf(userId: string) {
  return harness.context.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
}

/** Someone follows `userId`: a `follow` notification, committed, then pushed in the background. */
async function followedBy(userId: string) {
  const actor = await buildUser(harness.app, { firstName: "Maya", lastName: "Lopez" });
  expect((await actor.client.post("/api/follows", { followingId: userId })).statusCode).toBe(200);
  await harness.context.background.idle();
  return actor;
}

describe("the VAPID public key", () => {
  it("is generated once, kept in the database and answered to anyone", async () => {
    const first = await new TestClient(harness.app).get("/api/push/public-key");
    expect(first.statusCode).toBe(200);
    const { publicKey } = first.json<{ publicKey: string }>();
    expect(Buffer.from(publicKey, "base64url")).toHaveLength(65);
    expect((await new TestClient(harness.app).get("/api/push/public-key")).json()).toEqual({ publicKey });
    const [stored] = await harness.context.db.select().from(serverKeys).where(eq(serverKeys.name, "vapid"));
    expect(JSON.parse(stored?.value ?? "{}").publicKey).toBe(publicKey);
  });

  it("comes from VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY when they are set", async () => {
    const keys = (await import("web-push")).default.generateVAPIDKeys();
    const configured = await buildTestApp({ VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey });
    try {
      const response = await new TestClient(configured.app).get("/api/push/public-key");
      expect(response.json()).toEqual({ publicKey: keys.publicKey });
    } finally {
      await configured.close();
    }
  });

  it("refuses a configuration with only one of the two keys", () => {
    expect(() => buildEnv({ VAPID_PUBLIC_KEY: `B${"A".repeat(86)}` })).toThrow(/set both VAPID keys or neither/);
  });
});

describe("subscribing", () => {
  it("answers 401 signed out", async () => {
    const anonymous = new TestClient(harness.app);
    const keys = new BrowserSubscriptionKeys();
    expect((await anonymous.post("/api/push/subscriptions", keys.toJSON(pushService.endpoint("/x")))).statusCode).toBe(
      401,
    );
    expect((await anonymous.request({ method: "DELETE", url: "/api/push/subscriptions" })).statusCode).toBe(401);
  });

  it("refuses malformed keys with 400", async () => {
    const { client } = await buildUser(harness.app);
    const response = await client.post("/api/push/subscriptions", {
      endpoint: pushService.endpoint("/bad-keys"),
      keys: { p256dh: "AAAA", auth: "AAAA" },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/keys\.p256dh must be 65 bytes/);
  });

  // Each refusal class of the outbound guard, at subscribe time, with the production setting.
  it.each([
    ["plain http", "http://push.example.com/sub", PUSH_ERRORS.endpointNotHttps],
    ["loopback", "https://127.0.0.1/sub", PUSH_ERRORS.endpointNotPublic],
    ["loopback by name", "https://localhost/sub", PUSH_ERRORS.endpointNotPublic],
    ["IPv6 loopback", "https://[::1]/sub", PUSH_ERRORS.endpointNotPublic],
    ["private 10/8", "https://10.1.2.3/sub", PUSH_ERRORS.endpointNotPublic],
    ["private 172.16/12", "https://172.31.255.1/sub", PUSH_ERRORS.endpointNotPublic],
    ["private 192.168/16", "https://192.168.0.10/sub", PUSH_ERRORS.endpointNotPublic],
    ["carrier-grade NAT 100.64/10", "https://100.64.0.1/sub", PUSH_ERRORS.endpointNotPublic],
    ["unique-local fc00::/7", "https://[fd12:3456::1]/sub", PUSH_ERRORS.endpointNotPublic],
    ["link-local 169.254/16", "https://169.254.10.20/sub", PUSH_ERRORS.endpointNotPublic],
    ["cloud metadata", "https://169.254.169.254/latest/meta-data", PUSH_ERRORS.endpointNotPublic],
    ["IPv6 link-local", "https://[fe80::1]/sub", PUSH_ERRORS.endpointNotPublic],
    ["unspecified", "https://0.0.0.0/sub", PUSH_ERRORS.endpointNotPublic],
    ["IPv6 unspecified", "https://[::]/sub", PUSH_ERRORS.endpointNotPublic],
    ["multicast", "https://224.0.0.1/sub", PUSH_ERRORS.endpointNotPublic],
    ["IPv6 multicast", "https://[ff02::1]/sub", PUSH_ERRORS.endpointNotPublic],
    ["IPv4-mapped loopback", "https://[::ffff:127.0.0.1]/sub", PUSH_ERRORS.endpointNotPublic],
    ["IPv4-mapped private", "https://[::ffff:10.0.0.1]/sub", PUSH_ERRORS.endpointNotPublic],
    ["IPv4-mapped metadata", "https://[::ffff:a9fe:a9fe]/sub", PUSH_ERRORS.endpointNotPublic],
    ["decimal-encoded loopback", "https://2130706433/sub", PUSH_ERRORS.endpointNotPublic],
    ["IPv4-translated loopback ::ffff:0:0:0/96", "https://[::ffff:0:127.0.0.1]/sub", PUSH_ERRORS.endpointNotPublic],
    ["IPv4-mapped public ::ffff:0:0/96", "https://[::ffff:8.8.8.8]/sub", PUSH_ERRORS.endpointNotPublic],
    ["local-use NAT64 64:ff9b:1::/48", "https://[64:ff9b:1::a9fe:a9fe]/sub", PUSH_ERRORS.endpointNotPublic],
    ["Teredo 2001::/32", "https://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/sub", PUSH_ERRORS.endpointNotPublic],
    ["IETF protocol assignments 2001::/23", "https://[2001:100::1]/sub", PUSH_ERRORS.endpointNotPublic],
    ["6to4 2002::/16", "https://[2002:808:808::1]/sub", PUSH_ERRORS.endpointNotPublic],
    ["SRv6 5f00::/16", "https://[5f00::1]/sub", PUSH_ERRORS.endpointNotPublic],
    ["documentation 3fff::/20", "https://[3fff::1]/sub", PUSH_ERRORS.endpointNotPublic],
  ])("refuses %s with 400 and says why", async (_name, endpoint, message) => {
    const { client, user } = await buildUser(strict.app);
    const response = await client.post("/api/push/subscriptions", new BrowserSubscriptionKeys().toJSON(endpoint));
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
    const rows = await strict.context.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, user.id));
    expect(rows).toHaveLength(0);
  });

  it("accepts an https endpoint on a public address", async () => {
    const { client, user } = await buildUser(strict.app);
    const response = await client.post(
      "/api/push/subscriptions",
      new BrowserSubscriptionKeys().toJSON("https://8.8.8.8/push/public"),
    );
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ endpoint: "https://8.8.8.8/push/public", createdAt: expect.any(String) });
    const rows = await strict.context.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, user.id));
    expect(rows.map((row) => row.endpoint)).toEqual(["https://8.8.8.8/push/public"]);
  });

  it("keeps one row per endpoint, owned by whoever subscribed last, and at most 10 per account", async () => {
    const first = await buildUser(harness.app);
    const second = await buildUser(harness.app);
    const shared = new BrowserSubscriptionKeys().toJSON(pushService.endpoint("/shared"));
    expect((await first.client.post("/api/push/subscriptions", shared)).statusCode).toBe(201);
    expect((await first.client.post("/api/push/subscriptions", shared)).statusCode).toBe(201);
    expect(await subscriptionsOf(first.user.id)).toHaveLength(1);
    expect((await second.client.post("/api/push/subscriptions", shared)).statusCode).toBe(201);
    expect(await subscriptionsOf(first.user.id)).toHaveLength(0);
    expect(await subscriptionsOf(second.user.id)).toHaveLength(1);

    for (let device = 0; device < 11; device += 1) {
      harness.clock.advance(1000);
      const body = new BrowserSubscriptionKeys().toJSON(pushService.endpoint(`/device-${device}`));
      expect((await first.client.post("/api/push/subscriptions", body)).statusCode).toBe(201);
    }
    const kept = (await subscriptionsOf(first.user.id)).map((row) => row.endpoint);
    expect(kept).toHaveLength(10);
    expect(kept).not.toContain(pushService.endpoint("/device-0"));
    expect(kept).toContain(pushService.endpoint("/device-10"));
  });

  it("limits how often one account subscribes (each call resolves a host the caller chose)", async () => {
    const { client } = await buildUser(strict.app);
    const body = new BrowserSubscriptionKeys().toJSON("https://10.0.0.1/limited");
    for (let call = 0; call < 20; call += 1) {
      expect((await client.post("/api/push/subscriptions", body)).statusCode).toBe(400);
    }
    const limited = await client.post("/api/push/subscriptions", body);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe(PUSH_ERRORS.tooManySubscribes);
  });

  it("unsubscribes only the caller's own endpoint", async () => {
    const owner = await buildUser(harness.app);
    const other = await buildUser(harness.app);
    const body = new BrowserSubscriptionKeys().toJSON(pushService.endpoint("/to-remove"));
    await owner.client.post("/api/push/subscriptions", body);
    const foreign = await other.client.request({
      method: "DELETE",
      url: "/api/push/subscriptions",
      payload: { endpoint: body.endpoint },
    });
    expect(foreign.statusCode).toBe(204);
    expect(await subscriptionsOf(owner.user.id)).toHaveLength(1);
    const own = await owner.client.request({
      method: "DELETE",
      url: "/api/push/subscriptions",
      payload: { endpoint: body.endpoint },
    });
    expect(own.statusCode).toBe(204);
    expect(await subscriptionsOf(owner.user.id)).toHaveLength(0);
  });
});

describe("pushing notifications", () => {
  it("pushes each notification, encrypted for the subscription (RFC 8291) and signed (VAPID), with its text and target", async () => {
    const recipient = await buildUser(harness.app);
    const keys = new BrowserSubscriptionKeys();
    const path = `/push/${recipient.user.id}`;
    expect(
      (await recipient.client.post("/api/push/subscriptions", keys.toJSON(pushService.endpoint(path)))).statusCode,
    ).toBe(201);
    const actor = await followedBy(recipient.user.id);

    const [push] = pushService.pushesTo(path);
    expect(push).toBeDefined();
    if (!push) return;
    expect(push.headers["content-encoding"]).toBe("aes128gcm");
    expect(push.headers.ttl).toBe(String(PUSH_TTL_SECONDS));
    expect(push.headers.urgency).toBe("normal");
    const vapid = verifyVapidHeader(push.headers.authorization);
    const { publicKey } = (await recipient.client.get("/api/push/public-key")).json<{ publicKey: string }>();
    expect(vapid.publicKey).toBe(publicKey);
    expect(vapid.claims.aud).toBe(new URL(pushService.endpoint("/")).origin);
    // The body is ciphertext: the text is not readable on the wire.
    expect(push.body.toString("latin1")).not.toContain("Maya");

    const message = JSON.parse(keys.decrypt(push.body));
    const [notification] = (await recipient.client.get("/api/notifications")).json<{ id: string }[]>();
    expect(message).toEqual({
      id: notification?.id,
      title: "Plaza",
      body: "Maya Lopez started following you",
      url: `/profile/${actor.user.id}`,
      icon: "/icons/icon-192.png",
    });
  });

  it("removes a subscription the push service answers 410 Gone or 404 for, and keeps the others", async () => {
    const recipient = await buildUser(harness.app);
    const gone = pushService.endpoint(`/gone/${recipient.user.id}`);
    const missing = pushService.endpoint(`/missing/${recipient.user.id}`);
    const alive = pushService.endpoint(`/alive/${recipient.user.id}`);
    pushService.statusByPath.set(new URL(gone).pathname, 410);
    pushService.statusByPath.set(new URL(missing).pathname, 404);
    for (const endpoint of [gone, missing, alive]) {
      await recipient.client.post("/api/push/subscriptions", new BrowserSubscriptionKeys().toJSON(endpoint));
    }
    await followedBy(recipient.user.id);
    expect(pushService.pushesTo(new URL(gone).pathname)).toHaveLength(1);
    expect((await subscriptionsOf(recipient.user.id)).map((row) => row.endpoint)).toEqual([alive]);
  });

  it("sends nothing while pushNotifications is off, and the in-app notification is still there", async () => {
    const recipient = await buildUser(harness.app);
    const path = `/off/${recipient.user.id}`;
    await recipient.client.post(
      "/api/push/subscriptions",
      new BrowserSubscriptionKeys().toJSON(pushService.endpoint(path)),
    );
    expect((await recipient.client.patch("/api/users/preferences", { pushNotifications: false })).statusCode).toBe(200);
    await followedBy(recipient.user.id);
    expect(pushService.pushesTo(path)).toHaveLength(0);
    const list = (await recipient.client.get("/api/notifications")).json<{ type: string }[]>();
    expect(list.map((item) => item.type)).toEqual(["follow"]);

    expect((await recipient.client.patch("/api/users/preferences", { pushNotifications: true })).statusCode).toBe(200);
    await followedBy(recipient.user.id);
    expect(pushService.pushesTo(path)).toHaveLength(1);
  });

  it("stops pushing to a device once the session it subscribed in ends (sign-out)", async () => {
    const recipient = await buildUser(harness.app);
    const path = `/signed-out/${recipient.user.id}`;
    await recipient.client.post(
      "/api/push/subscriptions",
      new BrowserSubscriptionKeys().toJSON(pushService.endpoint(path)),
    );
    expect(await subscriptionsOf(recipient.user.id)).toHaveLength(1);
    await recipient.client.get("/api/logout");
    expect(await subscriptionsOf(recipient.user.id)).toHaveLength(0);
    await followedBy(recipient.user.id);
    expect(pushService.pushesTo(path)).toHaveLength(0);
  });

  it("pushes nothing for a rolled-back transaction", async () => {
    const recipient = await buildUser(harness.app);
    const path = `/rollback/${recipient.user.id}`;
    await recipient.client.post(
      "/api/push/subscriptions",
      new BrowserSubscriptionKeys().toJSON(pushService.endpoint(path)),
    );
    const { notify } = await import("../notifications/notifications.service");
    await inTransaction(harness.context, async (tx, effects) => {
      await notify(tx, effects, { userId: recipient.user.id, type: "report_outcome", data: { outcome: "dismiss" } });
      throw new Error("roll back");
    }).catch(() => undefined);
    await harness.context.background.idle();
    expect(pushService.pushesTo(path)).toHaveLength(0);
  });

  it("shares the stored key pair with another API process on the same database", async () => {
    const { publicKey } = (await new TestClient(harness.app).get("/api/push/public-key")).json<{ publicKey: string }>();
    const env = buildEnv({
      IP_RATE_LIMITS: "off",
      LOG_LEVEL: "silent",
      JOBS: "off",
      DATA_DIR: harness.context.env.DATA_DIR,
    });
    const second = await buildApp({ env, database: harness.database, clock: harness.clock, logger: false });
    try {
      expect((await new TestClient(second).get("/api/push/public-key")).json()).toEqual({ publicKey });
    } finally {
      await second.close();
    }
  });
});
