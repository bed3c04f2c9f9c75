import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { missingTools } from "../apps/api/test/requires-tool";
import { SmtpInbox } from "../apps/api/test/smtp-inbox";
import { registerViaApi } from "../e2e/support/accounts";
import { type RunningServer, startServer } from "../e2e/support/server";
import { call, outcome } from "./support/client";
import { PGBOUNCER, type PgBouncer, startPgBouncer } from "./support/pgbouncer";
import { startWorker } from "./support/worker";

/**
 * Issue 51 "Past one machine": two API processes (WORKERS=off) and a worker reach PostgreSQL through PgBouncer in
 * transaction mode (Debian's pgbouncer, two server connections for the whole cluster, so every transaction may land
 * on another one). Sessions, the feed and messages (the reads with named prepared statements elsewhere) answer; the
 * job queue's LISTEN and the migrations use DATABASE_DIRECT_URL. The control: a process on the same pooler without
 * DATABASE_DIRECT_URL, which keeps its named statements, fails.
 */
const adminUrl = process.env.RELIABILITY_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const databaseName = `plaza_pgbouncer_${randomBytes(5).toString("hex")}`;
const ROUNDS = 60;

let directUrl = "";
let pooledUrl = "";
let bouncer: PgBouncer;
let inbox: SmtpInbox;
const servers: RunningServer[] = [];
const stopWorkers: (() => Promise<void>)[] = [];

async function query<Row extends pg.QueryResultRow>(url: string, sql: string): Promise<Row[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<Row>(sql)).rows;
  } finally {
    await client.end();
  }
}

describe.skipIf(missingTools("PgBouncer", [{ name: "pgbouncer", path: PGBOUNCER }]))(
  "PgBouncer in transaction mode",
  () => {
    beforeAll(async () => {
      await query(adminUrl, `create database ${databaseName}`);
      const url = new URL(adminUrl);
      url.pathname = `/${databaseName}`;
      directUrl = url.toString();
      bouncer = await startPgBouncer({ serverUrl: adminUrl, poolSize: 2 });
      pooledUrl = bouncer.urlFor(databaseName);
      inbox = await SmtpInbox.start();
    });

    afterAll(async () => {
      for (const stop of stopWorkers) await stop();
      for (const server of servers) await server.stop();
      await bouncer?.stop();
      await inbox?.close();
      await query(adminUrl, `drop database if exists ${databaseName} with (force)`);
    });

    test("two API processes and a worker work through it; sessions, feed and messages answer under load", async () => {
      const env = {
        DATABASE_URL: pooledUrl,
        DATABASE_DIRECT_URL: directUrl,
        WORKERS: "off",
        SMTP_URL: inbox.url,
        IP_RATE_LIMITS: "off",
        LOG_LEVEL: "info",
      };
      const apiA = await startServer({ label: "pgbouncer-api-a", env });
      servers.push(apiA);
      const apiB = await startServer({ label: "pgbouncer-api-b", env });
      servers.push(apiB);
      expect(apiA.output()).toContain("DATABASE_URL is a transaction-mode pooler");
      const worker = await startWorker({ ...env, WORKERS: "on" }, "pgbouncer-worker");
      stopWorkers.push(worker.stop);

      const alice = await registerViaApi(apiA.baseUrl, {}, { verifyEmail: false });
      const bob = await registerViaApi(apiB.baseUrl, {}, { verifyEmail: false });
      // The worker's pg-boss (LISTEN on the direct connection) takes the mail jobs the API processes queued.
      await inbox.waitForMail(alice.credentials.email, undefined, 60_000);
      await inbox.waitForMail(bob.credentials.email, undefined, 60_000);

      const outcomes = new Map<string, number>();
      const count = (key: string) => outcomes.set(key, (outcomes.get(key) ?? 0) + 1);
      for (let round = 0; round < ROUNDS; round += 1) {
        const [api, other] = round % 2 === 0 ? [apiA, apiB] : [apiB, apiA];
        const answers = await Promise.all([
          call(api.baseUrl, "/api/auth/user", { cookie: alice.sessionCookie }),
          call(other.baseUrl, "/api/posts/feed", { cookie: bob.sessionCookie }),
          call(api.baseUrl, "/api/posts", { cookie: alice.sessionCookie, body: { content: `Round ${round}` } }),
          call(other.baseUrl, "/api/messages", {
            cookie: bob.sessionCookie,
            body: { recipientId: alice.user.id, content: `Hello ${round}` },
          }),
        ]);
        for (const [index, answer] of answers.entries())
          count(`${["me", "feed", "post", "message"][index]} ${outcome(answer)}`);
      }
      console.log(`pgbouncer: ${JSON.stringify(Object.fromEntries(outcomes))}`);
      expect(Object.fromEntries(outcomes)).toEqual({
        "me 200": ROUNDS,
        "feed 200": ROUNDS,
        "post 201": ROUNDS,
        "message 201": ROUNDS,
      });
      // Every request went through the pooler, on its two server connections.
      const served = await bouncer.transactionsOf(databaseName);
      expect(served).toBeGreaterThan(ROUNDS * 4);
    });

    test("the control: a process on the pooler without DATABASE_DIRECT_URL keeps named statements and fails", async () => {
      const server = await startServer({
        label: "pgbouncer-named",
        env: { DATABASE_URL: pooledUrl, JOBS: "off", IP_RATE_LIMITS: "off", LOG_LEVEL: "info" },
      });
      servers.push(server);
      const accounts = await Promise.all(
        Array.from({ length: 4 }, () => registerViaApi(server.baseUrl, {}, { verifyEmail: false })),
      );
      const statuses = new Map<string, number>();
      for (let round = 0; round < 20; round += 1) {
        const answers = await Promise.all(
          accounts.map((account) => call(server.baseUrl, "/api/auth/user", { cookie: account.sessionCookie })),
        );
        for (const answer of answers) statuses.set(outcome(answer), (statuses.get(outcome(answer)) ?? 0) + 1);
      }
      console.log(`pgbouncer without DATABASE_DIRECT_URL: ${JSON.stringify(Object.fromEntries(statuses))}`);
      expect(statuses.get("200") ?? 0).toBeLessThan(80);
    });
  },
);
