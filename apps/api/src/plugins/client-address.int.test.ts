import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase } from "../../test/test-app";
import { buildApp } from "../app";
import { buildEnv } from "../config/env";
import type { DatabaseHandle } from "../db/client";

/**
 * TRUST_PROXY in each of its forms decides which address the API takes for the client (request.ip, logged as
 * remoteAddress) and so what the per-address rate limit counts.
 */
let database: DatabaseHandle;
let drop: () => Promise<void>;
let dataDir: string;

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
  dataDir = mkdtempSync(join(tmpdir(), "plaza-client-address-"));
});
afterAll(async () => {
  await drop();
  rmSync(dataDir, { recursive: true, force: true });
});

async function withApp(trustProxy: string, use: (app: FastifyInstance, lines: string[]) => Promise<void>) {
  const lines: string[] = [];
  const env = buildEnv({
    TRUST_PROXY: trustProxy,
    IP_RATE_LIMITS: "on",
    JOBS: "off",
    LOG_LEVEL: "info",
    DATA_DIR: dataDir,
  });
  const app = await buildApp({ env, database, logStream: { write: (line) => lines.push(line) } });
  try {
    await app.ready();
    await use(app, lines);
  } finally {
    await app.close();
  }
}

/** The client address the app logged for one request from `peer` carrying `forwardedFor`. */
async function clientAddress(app: FastifyInstance, lines: string[], peer: string, forwardedFor?: string) {
  lines.length = 0;
  const response = await app.inject({
    method: "GET",
    url: "/api/auth/superuser",
    remoteAddress: peer,
    headers: forwardedFor ? { "x-forwarded-for": forwardedFor } : {},
  });
  expect(response.statusCode).toBe(200);
  const incoming = lines.map((line) => JSON.parse(line)).find((entry) => entry.msg === "incoming request");
  return incoming?.req?.remoteAddress as string | undefined;
}

const CLIENT = "198.51.100.1";
const OTHER_PROXY = "203.0.113.7";

describe("TRUST_PROXY decides the client address", () => {
  it.each([
    // [TRUST_PROXY, peer, X-Forwarded-For, client address seen]
    ["off", "10.0.0.2", `${CLIENT}, ${OTHER_PROXY}`, "10.0.0.2"],
    ["on", "10.0.0.2", `${CLIENT}, ${OTHER_PROXY}`, CLIENT],
    ["1", "10.0.0.2", `${CLIENT}, ${OTHER_PROXY}`, OTHER_PROXY],
    ["2", "10.0.0.2", `${CLIENT}, ${OTHER_PROXY}`, CLIENT],
    ["2", "10.0.0.2", CLIENT, CLIENT],
    ["10.0.0.0/8, 203.0.113.7", "10.0.0.2", `${CLIENT}, ${OTHER_PROXY}`, CLIENT],
    ["10.0.0.0/8", "10.0.0.2", `${CLIENT}, ${OTHER_PROXY}`, OTHER_PROXY],
    ["10.0.0.0/8", "172.16.0.9", CLIENT, "172.16.0.9"],
    ["10.0.0.2", "10.0.0.2", CLIENT, CLIENT],
    ["loopback, fd00::/8", "fd00::5", CLIENT, CLIENT],
    ["loopback, fd00::/8", "fe80::5", CLIENT, "fe80::5"],
  ])("TRUST_PROXY=%s, peer %s, X-Forwarded-For %s → %s", async (trustProxy, peer, forwardedFor, expected) => {
    await withApp(trustProxy, async (app, lines) => {
      expect(await clientAddress(app, lines, peer, forwardedFor)).toBe(expected);
    });
  });
});

/** Sign-up allows 10 attempts a minute per address; an empty body is refused (400) after the limit is counted. */
const SIGN_UP_LIMIT = 10;
const signUp = (app: FastifyInstance, peer: string, forwardedFor: string) =>
  app.inject({
    method: "POST",
    url: "/api/auth/register",
    remoteAddress: peer,
    headers: { "x-forwarded-for": forwardedFor },
    payload: {},
  });

describe("the per-address rate limit counts the client TRUST_PROXY names", () => {
  it.each([
    ["a list of proxies", "10.0.0.0/8"],
    ["a hop count", "1"],
  ])("with %s: clients behind the proxy are counted apart, and 429 says RATE_LIMITED", async (_form, trustProxy) => {
    await withApp(trustProxy, async (app) => {
      for (let attempt = 0; attempt < SIGN_UP_LIMIT; attempt += 1) {
        expect((await signUp(app, "10.0.0.2", "198.51.100.1")).statusCode).toBe(400);
      }
      const limited = await signUp(app, "10.0.0.2", "198.51.100.1");
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toEqual({ code: "RATE_LIMITED", message: "Too many requests. Please wait a moment." });
      expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
      // Another client behind the same proxy has its own count.
      expect((await signUp(app, "10.0.0.2", "198.51.100.2")).statusCode).toBe(400);
    });
  });

  it("a client outside the trusted list cannot escape its count by forging X-Forwarded-For", async () => {
    await withApp("10.0.0.0/8", async (app) => {
      const statuses: number[] = [];
      for (let attempt = 0; attempt <= SIGN_UP_LIMIT; attempt += 1) {
        statuses.push((await signUp(app, "172.16.0.9", `198.51.100.${attempt + 10}`)).statusCode);
      }
      expect(statuses.at(-1)).toBe(429);
    });
  });
});
