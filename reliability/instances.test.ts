import { randomBytes, randomUUID } from "node:crypto";
import { rmSync } from "node:fs";
import { MESSAGE_RATE_LIMIT } from "@plaza/contracts/constants";
import { LIVE_EVENTS_PATH } from "@plaza/contracts/messaging";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import WebSocket from "ws";
import { missingTools } from "../apps/api/test/requires-tool";
import { type S3Emulator, startS3Emulator } from "../apps/api/test/s3-emulator";
import { SESSION_COOKIE } from "../e2e/support/accounts";
import { type RunningServer, startServer } from "../e2e/support/server";
import { pollUntil } from "../e2e/support/wait";
import { type ApiAnswer, call, captureServerLogs, readLogs, Secrets, signUp } from "./support/client";
import {
  delay,
  NGINX_BIN,
  type RunningNginx,
  startNginx,
  startThrowawayRedis,
  type ThrowawayRedis,
} from "./support/processes";

/**
 * Issue 9 "Several instances": two server processes behind nginx (README "Scaling out"), one PostgreSQL database,
 * one Redis of our own, one S3-compatible object store (issue 24). Sessions, rate limits, live messages and
 * uploads work across both; with Redis stopped the app degrades as docs/RELIABILITY.md says and money calls keep
 * their guarantees.
 */
/** Its own redis-server and nginx run beside the two servers. */
const missing = missingTools("two server processes behind nginx", ["redis-server", { name: "nginx", path: NGINX_BIN }]);
const adminUrl = process.env.RELIABILITY_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const databaseName = `plaza_rel_${randomBytes(5).toString("hex")}`;
const logDir = captureServerLogs();
const secrets = new Secrets();
/** A 1×1 PNG: enough for a signed upload whose token must not reach any log. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** A live connection that collects the events it receives. */
async function openLive(
  baseUrl: string,
  cookie: string,
): Promise<{ socket: WebSocket; events: { type: string; payload: unknown }[] }> {
  const events: { type: string; payload: unknown }[] = [];
  const socket = new WebSocket(`${baseUrl.replace("http", "ws")}${LIVE_EVENTS_PATH}`, {
    headers: { cookie: `${SESSION_COOKIE}=${cookie}`, origin: baseUrl },
  });
  await new Promise<void>((resolveReady, reject) => {
    const timer = setTimeout(() => reject(new Error(`no live.ready from ${baseUrl}`)), 15_000);
    socket.on("message", (data) => {
      const event = JSON.parse(String(data)) as { type: string; payload: unknown };
      events.push(event);
      if (event.type === "live.ready") {
        clearTimeout(timer);
        resolveReady();
      }
    });
    socket.once("error", reject);
  });
  return { socket, events };
}

async function waitForMessage(
  events: { type: string; payload: unknown }[],
  content: string,
  timeoutMs = 5_000,
): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (
      events.some(
        (event) =>
          event.type === "message.created" &&
          (event.payload as { message: { content: string } }).message.content === content,
      )
    )
      return true;
    await delay(25);
  }
  return false;
}

describe.skipIf(missing)("two server processes behind nginx with Redis", () => {
  let redis: ThrowawayRedis;
  let s3: S3Emulator;
  let serverA: RunningServer;
  let serverB: RunningServer;
  let nginx: RunningNginx;

  beforeAll(async () => {
    redis = await startThrowawayRedis();
    s3 = await startS3Emulator("plaza-instances");
    secrets.add("S3 secret access key", s3.env.S3_SECRET_ACCESS_KEY);
    await adminQuery(`create database ${databaseName}`);
    const databaseUrl = new URL(adminUrl);
    databaseUrl.pathname = `/${databaseName}`;
    const env = {
      DATABASE_URL: databaseUrl.toString(),
      REDIS_URL: redis.url,
      TRUST_PROXY: "on",
      IP_RATE_LIMITS: "on",
      LOG_LEVEL: "info",
      ...s3.env,
    };
    // One after the other: the first applies the migrations.
    serverA = await startServer({ label: "instance-a", env });
    serverB = await startServer({ label: "instance-b", env });
    nginx = await startNginx([serverA.port, serverB.port]);
  });

  afterAll(async () => {
    await nginx?.stop();
    await serverA?.stop();
    await serverB?.stop();
    await redis?.dispose();
    await s3?.close();
    await adminQuery(`drop database if exists ${databaseName} with (force)`).catch(() => undefined);
  });

  const send = (baseUrl: string, cookie: string, recipientId: string, content: string) =>
    call(baseUrl, "/api/messages", { cookie, body: { recipientId, content, messageType: "text" } });

  test("a session started on one process works on the other and through nginx; logout ends it everywhere", async () => {
    const account = await signUp(nginx.baseUrl, secrets, "Session");
    const login = await fetch(`${serverA.baseUrl}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: serverA.baseUrl },
      body: JSON.stringify({ email: account.credentials.email, password: account.credentials.password }),
    });
    expect(login.status).toBe(200);
    const cookie = /plaza_session=([^;]+)/.exec(login.headers.get("set-cookie") ?? "")?.[1] ?? "";
    secrets.add("session cookie", cookie);
    const onB = await call(serverB.baseUrl, "/api/auth/user", { cookie });
    expect(onB.status).toBe(200);
    expect((onB as ApiAnswer).body).toMatchObject({ id: account.user.id });
    const upstreams = new Set<string>();
    for (let index = 0; index < 6; index++) {
      const viaNginx = await call(nginx.baseUrl, "/api/auth/user", { cookie });
      expect(viaNginx.status).toBe(200);
      upstreams.add((viaNginx as ApiAnswer).headers.get("x-upstream") ?? "");
    }
    expect(upstreams).toEqual(new Set([`127.0.0.1:${serverA.port}`, `127.0.0.1:${serverB.port}`]));
    // A write through nginx passes the Origin check (nginx forwards Host) and a signed upload works.
    const signed = await call(nginx.baseUrl, "/api/objects/upload", { cookie, method: "POST" });
    expect(signed.status).toBe(200);
    const uploadUrl = ((signed as ApiAnswer).body as { uploadURL: string }).uploadURL;
    secrets.add("signed upload token", new URL(uploadUrl, nginx.baseUrl).searchParams.get("token"));
    const uploaded = await fetch(`${nginx.baseUrl}${uploadUrl}`, {
      method: "PUT",
      headers: { "content-type": "image/png", origin: nginx.baseUrl, cookie: `${SESSION_COOKIE}=${cookie}` },
      body: PNG,
    });
    expect(uploaded.status).toBe(200);
    const foreign = await call(nginx.baseUrl, "/api/objects/upload", {
      cookie,
      method: "POST",
      headers: { origin: "https://evil.example" },
    });
    expect(foreign.status).toBe(403);

    expect((await call(serverB.baseUrl, "/api/auth/logout", { cookie, method: "POST" })).status).toBeLessThan(300);
    expect((await call(serverA.baseUrl, "/api/auth/user", { cookie })).status).toBe(401);
  });

  test(`the ${MESSAGE_RATE_LIMIT.max}-messages limit and the sign-in failure limit count across both processes`, async () => {
    const sender = await signUp(nginx.baseUrl, secrets, "Sender");
    const recipient = await signUp(nginx.baseUrl, secrets, "Recipient");
    const statuses: number[] = [];
    for (let index = 0; index < MESSAGE_RATE_LIMIT.max + 1; index++) {
      const target = index % 2 === 0 ? serverA : serverB;
      statuses.push(
        (await send(target.baseUrl, sender.sessionCookie, recipient.user.id, `Shared limit ${index}`)).status,
      );
    }
    expect(statuses.slice(0, MESSAGE_RATE_LIMIT.max).every((status) => status === 201)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    expect((await send(nginx.baseUrl, sender.sessionCookie, recipient.user.id, "Through nginx")).status).toBe(429);

    const failures: number[] = [];
    for (let index = 0; index < 11; index++) {
      const target = index % 2 === 0 ? serverA : serverB;
      const wrong = `wrong-password-${index}`;
      secrets.add("password", wrong);
      failures.push(
        (
          await call(target.baseUrl, "/api/auth/login", {
            body: { email: recipient.credentials.email, password: wrong },
          })
        ).status,
      );
    }
    expect(failures.slice(0, 10).every((status) => status === 401)).toBe(true);
    expect(failures.at(-1)).toBe(429);
  });

  test("a message sent through either process arrives live on sockets held by the other (and through nginx)", async () => {
    const alice = await signUp(nginx.baseUrl, secrets, "Alice");
    const bob = await signUp(nginx.baseUrl, secrets, "Bob");
    const onA = await openLive(serverA.baseUrl, bob.sessionCookie);
    const viaNginx = await openLive(nginx.baseUrl, bob.sessionCookie);
    try {
      const sentAt = Date.now();
      expect((await send(serverB.baseUrl, alice.sessionCookie, bob.user.id, "From B")).status).toBe(201);
      expect(await waitForMessage(onA.events, "From B")).toBe(true);
      expect(await waitForMessage(viaNginx.events, "From B")).toBe(true);
      console.log(`[reliability] two instances: cross-process live message in ${Date.now() - sentAt} ms`);
      expect((await send(serverA.baseUrl, alice.sessionCookie, bob.user.id, "From A")).status).toBe(201);
      expect(await waitForMessage(viaNginx.events, "From A")).toBe(true);
    } finally {
      onA.socket.close();
      viaNginx.socket.close();
    }
  });

  test("with Redis stopped: reads, sessions and money calls keep working with their guarantees; limits count per process", async () => {
    const payer = await signUp(nginx.baseUrl, secrets, "Payer");
    const creator = await signUp(nginx.baseUrl, secrets, "Creator");
    const bobOnA = await openLive(serverA.baseUrl, creator.sessionCookie);
    await redis.stop();
    try {
      // Sessions and reads: every answer through nginx is a normal one, and fast.
      for (let index = 0; index < 6; index++) {
        const answer = await call(nginx.baseUrl, "/api/auth/user", { cookie: payer.sessionCookie });
        expect(answer.status).toBe(200);
        expect(answer.ms).toBeLessThan(2_000);
      }
      expect((await call(serverA.baseUrl, "/readyz")).status).toBe(200);
      expect((await call(serverB.baseUrl, "/readyz")).status).toBe(200);

      // Money: one tip per Idempotency-Key across both processes, a different body under the same key refused.
      const tip = (baseUrl: string, amount: number) =>
        call(baseUrl, "/api/tips", {
          cookie: payer.sessionCookie,
          body: { receiverId: creator.user.id, amount, message: "no redis" },
          headers: { "idempotency-key": "tip-without-redis" },
        });
      const first = await tip(nginx.baseUrl, 3);
      expect(first.status).toBe(201);
      const again = [await tip(serverA.baseUrl, 3), await tip(serverB.baseUrl, 3)];
      for (const answer of again) expect((answer as ApiAnswer).body).toEqual((first as ApiAnswer).body);
      expect([409, 422]).toContain((await tip(serverB.baseUrl, 4)).status);
      const wallet = await call(nginx.baseUrl, "/api/wallet", { cookie: creator.sessionCookie });
      expect(((wallet as ApiAnswer).body as { balanceCents: number }).balanceCents).toBe(300);

      // Per-user limits still hold, on each process by itself.
      const statuses: number[] = [];
      for (let index = 0; index < MESSAGE_RATE_LIMIT.max + 1; index++) {
        statuses.push(
          (await send(serverA.baseUrl, payer.sessionCookie, creator.user.id, `Local limit ${index}`)).status,
        );
      }
      expect(statuses.slice(0, MESSAGE_RATE_LIMIT.max).every((status) => status === 201)).toBe(true);
      expect(statuses.at(-1)).toBe(429);
      // Live events still reach sockets on the process that published them.
      expect(await waitForMessage(bobOnA.events, "Local limit 0")).toBe(true);
    } finally {
      await redis.start();
    }
    // Redis back: cross-process delivery resumes without restarting anything.
    const sender = await signUp(nginx.baseUrl, secrets, "Again");
    const deadline = Date.now() + 20_000;
    let attempt = 0;
    let isDelivered = false;
    while (!isDelivered && Date.now() < deadline) {
      const content = `After Redis ${attempt++}`;
      expect((await send(serverB.baseUrl, sender.sessionCookie, creator.user.id, content)).status).toBe(201);
      isDelivered = await waitForMessage(bobOnA.events, content, 1_000);
    }
    bobOnA.socket.close();
    expect(isDelivered).toBe(true);
    console.log(
      `[reliability] two instances: cross-process live delivery back ${attempt} attempt(s) after Redis restarted`,
    );
  });

  test("an image uploaded through one process is served by the other (S3 object storage), with ranges and cache headers", async () => {
    const account = await signUp(nginx.baseUrl, secrets, "Uploader");
    const cookie = `${SESSION_COOKIE}=${account.sessionCookie}`;
    const signed = await call(serverA.baseUrl, "/api/objects/upload", {
      cookie: account.sessionCookie,
      method: "POST",
    });
    expect(signed.status).toBe(200);
    const { uploadURL, objectUrl } = (signed as ApiAnswer).body as { uploadURL: string; objectUrl: string };
    secrets.add("signed upload token", new URL(uploadURL, serverA.baseUrl).searchParams.get("token"));
    const uploaded = await fetch(`${serverA.baseUrl}${uploadURL}`, {
      method: "PUT",
      headers: { "content-type": "image/png", origin: serverA.baseUrl, cookie },
      body: PNG,
    });
    expect(uploaded.status).toBe(200);

    // The upload answers at once; the picture job (on either process) makes the sizes the address serves.
    const onB = await pollUntil(
      async () => {
        const answer = await fetch(`${serverB.baseUrl}${objectUrl}`);
        return answer.status === 200 ? answer : null;
      },
      { what: "the picture job's sizes, served by the other process", timeoutMs: 60_000 },
    );
    expect(onB.status).toBe(200);
    expect(onB.headers.get("content-type")).toBe("image/webp");
    expect(onB.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const bytes = Buffer.from(await onB.arrayBuffer());
    expect(bytes.subarray(8, 12).toString("latin1")).toBe("WEBP");
    const part = await fetch(`${serverB.baseUrl}${objectUrl}`, { headers: { range: "bytes=0-11" } });
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe(`bytes 0-11/${bytes.length}`);
    expect(Buffer.from(await part.arrayBuffer())).toEqual(bytes.subarray(0, 12));
    // Through nginx every request lands on either process, and each finds the object.
    for (let index = 0; index < 4; index++) {
      const viaNginx = await fetch(`${nginx.baseUrl}${objectUrl}`);
      expect(viaNginx.status).toBe(200);
      expect(Buffer.from(await viaNginx.arrayBuffer())).toEqual(bytes);
    }
    expect((await fetch(`${serverB.baseUrl}/uploads/${randomUUID()}.webp`)).status).toBe(404);
  });

  test("the servers' and nginx's logs hold no password, session token, email or signed-URL token", () => {
    expect(secrets.size).toBeGreaterThan(20);
    const logs = readLogs(logDir, [nginx.accessLog]);
    expect(logs.length).toBe(3);
    expect(secrets.findIn(logs)).toEqual([]);
    // Kept for a look when the check fails; removed when it passes.
    rmSync(logDir, { recursive: true, force: true });
  });
});
