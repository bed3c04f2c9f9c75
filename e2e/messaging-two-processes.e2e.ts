import { randomBytes } from "node:crypto";
import { LIVE_EVENTS_PATH, type LiveEventView, MESSAGING_SCREEN_TEXTS } from "@plaza/contracts/messaging";
import { Redis } from "ioredis";
import pg from "pg";
import type { BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import WebSocket from "ws";
import { addSessionCookie, registerViaApi, SESSION_COOKIE } from "./support/accounts";
import { launchBrowser, newPage } from "./support/browser";
import { type RunningServer, startServer } from "./support/server";

/**
 * docs/PRODUCT.md "Social": messages arrive live also when the server runs as several instances. Two real server
 * processes share one PostgreSQL database and one Redis; a message sent through one reaches a browser and a
 * WebSocket connected to the other.
 */
const postgresUrl =
  process.env.E2E_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const redisUrl = process.env.REDIS_URL_FOR_TESTS ?? "redis://127.0.0.1:6379";

async function isPostgresAnswering(): Promise<boolean> {
  const client = new pg.Client({ connectionString: postgresUrl, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    await client.query("select 1");
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function isRedisAnswering(): Promise<boolean> {
  const probe = new Redis(redisUrl, {
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

async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: postgresUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

const missing = [
  ...((await isPostgresAnswering()) ? [] : [`PostgreSQL at ${postgresUrl}`]),
  ...((await isRedisAnswering()) ? [] : [`Redis at ${redisUrl}`]),
];
if (missing.length > 0)
  console.warn(`Skipping the two-process messaging test: no answer from ${missing.join(" and ")}`);

describe.skipIf(missing.length > 0)("messaging across two server processes (PostgreSQL + Redis)", () => {
  const databaseName = `plaza_e2e_two_${randomBytes(5).toString("hex")}`;
  let serverA: RunningServer;
  let serverB: RunningServer;
  let bobBrowser: BrowserContext;

  beforeAll(async () => {
    await adminQuery(`create database ${databaseName}`);
    const databaseUrl = new URL(postgresUrl);
    databaseUrl.pathname = `/${databaseName}`;
    const env = { DATABASE_URL: databaseUrl.toString(), REDIS_URL: redisUrl };
    // One after the other: the first applies the migrations, the second finds them applied.
    serverA = await startServer({ env });
    serverB = await startServer({ env });
    bobBrowser = await launchBrowser();
  });

  afterAll(async () => {
    await bobBrowser?.close();
    await serverA?.stop();
    await serverB?.stop();
    await adminQuery(`drop database if exists ${databaseName} with (force)`);
  });

  test("a message sent through process A reaches Bob's WebSocket and browser on process B", async () => {
    const alice = await registerViaApi(serverA.baseUrl, { firstName: "Alice", lastName: "Across" });
    const bob = await registerViaApi(serverA.baseUrl, { firstName: "Bob", lastName: "Beyond" });

    // Bob's browser is served by process B (the session lives in the shared database).
    await addSessionCookie(bobBrowser, serverB.baseUrl, bob.sessionCookie);
    const { page, errors } = await newPage(bobBrowser);
    await page.goto(`${serverB.baseUrl}/messages`, { waitUntil: "networkidle" });
    await page.getByText(MESSAGING_SCREEN_TEXTS.noConversations).waitFor();

    // And a plain WebSocket client on process B, to see the events themselves.
    const socket = new WebSocket(`${serverB.baseUrl.replace("http", "ws")}${LIVE_EVENTS_PATH}`, {
      headers: { cookie: `${SESSION_COOKIE}=${bob.sessionCookie}` },
    });
    const events: LiveEventView[] = [];
    const arrived = new Promise<LiveEventView>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error("no message.created on process B within 15 s")), 15_000);
      socket.on("message", (data) => {
        const event = JSON.parse(String(data)) as LiveEventView;
        events.push(event);
        if (event.type === "live.ready") void send();
        if (event.type === "message.created") {
          clearTimeout(timer);
          resolve(event);
        }
      });
      socket.once("error", reject);
    });
    let sentAt = 0;
    const send = async () => {
      sentAt = Date.now();
      const response = await fetch(`${serverA.baseUrl}/api/messages`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          origin: serverA.baseUrl,
          cookie: `${SESSION_COOKIE}=${alice.sessionCookie}`,
        },
        body: JSON.stringify({ recipientId: bob.user.id, content: "Hello across processes", messageType: "text" }),
      });
      expect(response.status).toBe(201);
    };

    const created = await arrived;
    expect(Date.now() - sentAt).toBeLessThan(1_000);
    expect(created.type === "message.created" && created.payload.message.content).toBe("Hello across processes");
    socket.close();

    await page.getByTestId(`conversation-${alice.user.username}`).waitFor({ timeout: 5_000 });
    await page.getByTestId("messages-unread-badge").getByText("1").waitFor({ timeout: 5_000 });
    expect(errors).toEqual([]);
  });
});
