import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildSecurityApp, type SecurityApp, send } from "./harness";
import { assertLogsHoldNoSecrets, recordUrlToken } from "./log-secrets";
import { buildWorld, uploadedObject, uploadTicket, type World } from "./world";

/** The bugs the security suites found, pinned down one by one (each answered 500 or leaked before its fix). */
let harness: SecurityApp;
let world: World;

beforeAll(async () => {
  harness = await buildSecurityApp();
  world = await buildWorld(harness);
}, 120_000);
afterAll(async () => {
  await harness?.close();
});

describe("security suite findings", () => {
  it("a subnormal coordinate (5e-324) is a position of 0, not a 500 from PostgreSQL", async () => {
    const cookie = world.actors.user.cookie;
    for (const url of [
      "/api/posts/trending?latitude=5e-324&longitude=-147&radius=4",
      "/api/posts/feed?latitude=1&longitude=-2e-323&radius=4",
      "/api/businesses?latitude=5e-324&longitude=5e-324",
    ]) {
      expect((await send(harness.app, { method: "GET", url, cookie })).statusCode, url).toBe(200);
    }
    const checkin = await send(harness.app, {
      method: "POST",
      url: `/api/businesses/${world.businesses.bizOther?.id}/checkins`,
      cookie,
      payload: { latitude: 5e-324, longitude: 2.2945, visitCode: "000000" },
    });
    expect(checkin.statusCode).toBeLessThan(500);
  });

  it("a tip that rounds to 0 cents is refused with 400, not a 500 from the ledger", async () => {
    for (const amount of [7.2e-278, 0.001, Number.MIN_VALUE]) {
      const response = await send(harness.app, {
        method: "POST",
        url: "/api/tips",
        cookie: world.actors.otherUser.cookie,
        headers: { "idempotency-key": randomUUID() },
        payload: { receiverId: world.actors.user.id, amount },
      });
      expect(response.statusCode, String(amount)).toBe(400);
    }
  });

  it("the signature of an upload URL never reaches the request log", async () => {
    const ticket = await uploadTicket(world, world.actors.user.cookie);
    recordUrlToken(ticket.uploadURL);
    await send(harness.app, { method: "PUT", url: ticket.uploadURL, cookie: world.actors.user.cookie });
    expect(harness.logs.some((line) => line.includes(ticket.uploadURL.split("?")[0] ?? "-"))).toBe(true);
    assertLogsHoldNoSecrets(harness.logs);
  });

  it("a stored upload carries the full CSP (object-src, base-uri, frame-ancestors 'none')", async () => {
    const response = await send(harness.app, {
      method: "GET",
      url: await uploadedObject(world, world.actors.user.cookie),
    });
    expect(response.statusCode).toBe(200);
    const csp = String(response.headers["content-security-policy"]);
    for (const directive of ["object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'", "sandbox"]) {
      expect(csp).toContain(directive);
    }
  });
});
