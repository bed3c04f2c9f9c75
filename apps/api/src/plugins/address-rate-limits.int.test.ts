import { ERROR_MESSAGES } from "@plaza/contracts/errors";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "../../test/test-app";

let harness: TestApp;

beforeAll(async () => {
  harness = await buildTestApp({ IP_RATE_LIMITS: "on" });
});
afterAll(async () => {
  await harness.close();
});

const call = (url: string, remoteAddress: string, method: "GET" | "POST" = "GET") =>
  harness.app.inject({ method, url, remoteAddress, ...(method === "POST" ? { payload: {} } : {}) });

describe("per-address limits (IP_RATE_LIMITS)", () => {
  it("counts every API call of an address: the 601st in a minute gets 429 with Retry-After, others go on", async () => {
    const flooder = "198.51.100.20";
    for (let index = 0; index < 600; index += 1) {
      expect((await call("/api/config", flooder)).statusCode).toBe(200);
    }
    const refused = await call("/api/config", flooder);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: ERROR_MESSAGES.tooManyRequests, code: "RATE_LIMITED" });
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    // Another address, and the app's own files, are not held back.
    expect((await call("/api/config", "198.51.100.21")).statusCode).toBe(200);
    expect((await call("/healthz", flooder)).statusCode).toBe(200);
    // A minute later the address may call again.
    harness.clock.advance(61_000);
    expect((await call("/api/config", flooder)).statusCode).toBe(200);
  });

  it("a route's own limit counts that route only (sign-up: 10 a minute per address)", async () => {
    const address = "198.51.100.30";
    for (let index = 0; index < 10; index += 1) {
      expect((await call("/api/auth/register", address, "POST")).statusCode).toBe(400);
    }
    expect((await call("/api/auth/register", address, "POST")).statusCode).toBe(429);
    expect((await call("/api/config", address)).statusCode).toBe(200);
  });
});
