import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { userAttributes } from "../../test/factories/users";
import { SmtpInbox } from "../../test/smtp-inbox";
import { buildTestApp, type TestApp, TestClient } from "../../test/test-app";
import { buildApp } from "../app";
import { buildEnv } from "../config/env";
import { openDatabase } from "../db/client";
import { mailOutbox } from "../db/schema/mail";
import type { JobKind, JobLog } from "./job-queue";
import { JOB_KINDS } from "./kinds";
import { PgBossQueue } from "./pg-boss-queue";
import { useJobQueue } from "./start";

/**
 * The pg-boss queue on a real PostgreSQL (docs/decisions/0001-job-queue.md): retries with backoff, failed jobs and
 * their retry, and mail through the queue with the API only queueing (WORKERS=off) and a worker started later.
 * PostgreSQL only: pg-boss needs a real server.
 */
const adminUrl = process.env.TEST_DATABASE_URL;
if (!adminUrl) console.log("pg-boss-queue.int.test.ts skipped: set TEST_DATABASE_URL to run the queue on PostgreSQL");

const quietLog: JobLog = { info: () => undefined, warn: () => undefined, error: () => undefined };

async function waitFor<Value>(what: string, read: () => Promise<Value> | Value, isDone: (value: Value) => boolean) {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const value = await read();
    if (isDone(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe.skipIf(!adminUrl)("the pg-boss job queue (PostgreSQL)", () => {
  let harness: TestApp;
  const queues: PgBossQueue<unknown>[] = [];
  const apps: FastifyInstance[] = [];

  beforeAll(async () => {
    harness = await buildTestApp();
  });
  afterAll(async () => {
    for (const queue of queues) await queue.stop();
    for (const app of apps) await app.close();
    await harness.close();
  });

  function queueOf<Context>(options: { context: Context; kinds: JobKind<Context>[]; works: boolean }) {
    const queue = new PgBossQueue({
      databaseUrl: harness.databaseUrl ?? "",
      log: quietLog,
      pollingIntervalSeconds: 0.5,
      ...options,
    });
    queues.push(queue as PgBossQueue<unknown>);
    return queue;
  }

  it("retries a failing job with growing delays, marks it failed after its limit, and the retry button runs it again", async () => {
    const attempts: number[] = [];
    let isBroken = true;
    const queue = queueOf({
      context: {},
      works: true,
      kinds: [
        {
          name: "probe-flaky",
          concurrency: 1,
          retry: { limit: 2, delaySeconds: 1, maxDelaySeconds: 30 },
          run: async () => {
            attempts.push(Date.now());
            if (isBroken) throw new Error("the probe is broken");
          },
        },
      ],
    });
    await queue.start();
    await queue.request("probe-flaky");

    const overview = await waitFor(
      "the job to fail",
      () => queue.overview(),
      (view) => view.failed.length === 1,
    );
    // The first run and two retries, the second retry waiting longer than the first (exponential backoff).
    expect(attempts).toHaveLength(3);
    const [first = 0, second = 0, third = 0] = attempts;
    expect(second - first).toBeGreaterThanOrEqual(900);
    expect(third - second).toBeGreaterThanOrEqual(1_900);
    expect(overview.implementation).toBe("pg-boss");
    expect(overview.queues).toEqual([{ name: "probe-flaky", queued: 0, running: 0, failed: 1 }]);
    const [failed] = overview.failed;
    expect(failed).toMatchObject({ queue: "probe-flaky", error: "the probe is broken", attempts: 3 });
    if (!failed) throw new Error("no failed job");

    // The admin's retry runs it again; a job that is not failed, or not there, is told apart.
    isBroken = false;
    expect(await queue.retry("probe-flaky", failed.id)).toBe("retried");
    await waitFor(
      "the retried job",
      () => attempts.length,
      (count) => count === 4,
    );
    await waitFor(
      "the retried job to complete",
      () => queue.overview(),
      (view) => view.failed.length === 0,
    );
    expect(await queue.retry("probe-flaky", failed.id)).toBe("not-failed");
    expect(await queue.retry("probe-flaky", "00000000-0000-4000-8000-000000000000")).toBe("not-found");
    expect(await queue.retry("no-such-queue", failed.id)).toBe("not-found");
  }, 60_000);

  it("mail queued by an API process (WORKERS=off) while no worker runs goes out once when a worker starts", async () => {
    const inbox = await SmtpInbox.start();
    const databaseUrl = harness.databaseUrl ?? "";
    try {
      // The API process: answers requests, only queues jobs.
      const apiEnv = buildEnv({ IP_RATE_LIMITS: "off", LOG_LEVEL: "silent", SMTP_URL: inbox.url, WORKERS: "off" });
      const api = await buildApp({ env: apiEnv, database: harness.database, logger: false });
      apps.push(api);
      const apiQueue = queueOf({ context: api.context, kinds: JOB_KINDS, works: false });
      await apiQueue.start();
      useJobQueue(api.context, apiQueue);

      const attributes = userAttributes();
      const response = await new TestClient(api).post("/api/auth/register", attributes);
      expect(response.statusCode).toBe(201);
      await api.context.background.idle();
      const waiting = await apiQueue.overview();
      expect(waiting.worksHere).toBe(false);
      expect(waiting.queues.find((queue) => queue.name === "mail-account")?.queued).toBe(1);
      expect(inbox.mails).toHaveLength(0);

      // A worker starts: its own process (app, connections, SMTP pool) on the same database.
      const workerDatabase = await openDatabase({ databaseUrl, poolSize: 4 });
      const workerEnv = buildEnv({ LOG_LEVEL: "silent", SMTP_URL: inbox.url, WORKERS: "on" });
      const worker = await buildApp({ env: workerEnv, database: workerDatabase, logger: false });
      apps.push(worker);
      worker.addHook("onClose", () => workerDatabase.close());
      const workerQueue = queueOf({ context: worker.context, kinds: JOB_KINDS, works: true });
      await workerQueue.start();
      useJobQueue(worker.context, workerQueue);

      await inbox.waitForMail(attributes.email, /confirm/i, 15_000);
      // More drain jobs (a kick per commit, the minute's schedule) find nothing left to send.
      await apiQueue.request("mail-account");
      await apiQueue.request("mail-account");
      await waitFor(
        "the drains",
        () => workerQueue.overview(),
        (view) => view.queues.every((queue) => queue.queued === 0 && queue.running === 0),
      );
      expect(inbox.mailsTo(attributes.email)).toHaveLength(1);
      const rows = await harness.context.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.recipient, attributes.email.toLowerCase()));
      expect(rows).toHaveLength(1);
      expect(rows[0]?.sentAt).not.toBeNull();
      expect(rows[0]?.attempts).toBe(1);
    } finally {
      // The worker's pooled SMTP connections end with it; the inbox closes once they have.
      for (const queue of queues.splice(0)) await queue.stop();
      for (const app of apps.splice(0)) await app.close();
      await inbox.close();
    }
  }, 60_000);
});
