import { ADMIN_MESSAGES } from "@plaza/contracts/admin";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildUser } from "../../../test/factories/users";
import { buildTestApp, type TestApp } from "../../../test/test-app";
import type { AppContext } from "../../app-context";
import { InProcessQueue } from "../../jobs/in-process-queue";
import type { JobKind, JobLog } from "../../jobs/job-queue";
import { PgBossQueue } from "../../jobs/pg-boss-queue";

/** The admin console's Jobs tab (GET /api/admin/jobs, POST /api/admin/jobs/{queue}/{id}/retry). */
let harness: TestApp;
let boss: Awaited<ReturnType<typeof buildUser>>;
const SOME_ID = "0b7c1f7e-5c5e-4d8a-9b59-3c3a1e1d2f00";
const quietLog: JobLog = { info: () => undefined, warn: () => undefined, error: () => undefined };

beforeAll(async () => {
  harness = await buildTestApp({ SUPERUSER_EMAILS: "boss@example.test" });
  boss = await buildUser(harness.app, { email: "boss@example.test" });
});
afterAll(() => harness.close());

async function waitFor<Value>(what: string, read: () => Promise<Value>, isDone: (value: Value) => boolean) {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const value = await read();
    if (isDone(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A job kind that fails until it is mended. */
function probeKind(state: { isBroken: boolean; runs: number }): JobKind<AppContext> {
  return {
    name: "probe",
    concurrency: 1,
    retry: { limit: 0, delaySeconds: 1, maxDelaySeconds: 1 },
    run: async () => {
      state.runs += 1;
      if (state.isBroken) throw new Error("the probe's mail server said no");
    },
  };
}

const jobs = async () => (await boss.client.get("/api/admin/jobs")).json();

describe("GET /api/admin/jobs", () => {
  it("shows every queue of the job queue that runs here", async () => {
    const response = await boss.client.get("/api/admin/jobs");
    expect(response.statusCode).toBe(200);
    const view = response.json();
    expect(view.implementation).toBe(harness.context.jobs.implementation);
    expect(view.worksHere).toBe(true);
    expect(view.queues.map((queue: { name: string }) => queue.name)).toEqual(
      expect.arrayContaining(["mail-account", "mail-notification", "web-push", "video-processing", "pruning"]),
    );
  });

  it("answers a bad queue name or job id with a 400 naming it", async () => {
    const badId = await boss.client.post("/api/admin/jobs/mail-account/not-an-id/retry");
    expect(badId.statusCode).toBe(400);
    expect(badId.json().message).toContain("Invalid job id");
    const badQueue = await boss.client.post(`/api/admin/jobs/No%20Such/${SOME_ID}/retry`);
    expect(badQueue.statusCode).toBe(400);
    expect(badQueue.json().message).toContain("Unknown job queue");
  });

  it("in-process runner: a failed job is listed with its error, Retry runs it again, then it is gone", async () => {
    const original = harness.context.jobs;
    const probe = { isBroken: true, runs: 0 };
    const queue = new InProcessQueue(harness.context, quietLog, [probeKind(probe)], { works: true });
    harness.context.jobs = queue;
    try {
      await queue.request("probe");
      await queue.idle();
      const view = await jobs();
      expect(view).toMatchObject({
        implementation: "in-process",
        queues: [{ name: "probe", queued: 0, running: 0, failed: 1 }],
        failed: [{ queue: "probe", error: "the probe's mail server said no", attempts: 1 }],
      });
      const id = view.failed[0].id;
      expect(await (await boss.client.post(`/api/admin/jobs/other/${id}/retry`)).json()).toMatchObject({
        message: ADMIN_MESSAGES.jobNotFound,
      });

      probe.isBroken = false;
      const retried = await boss.client.post(`/api/admin/jobs/probe/${id}/retry`);
      expect(retried.statusCode).toBe(204);
      await queue.idle();
      expect(probe.runs).toBe(2);
      expect((await jobs()).failed).toEqual([]);
      const again = await boss.client.post(`/api/admin/jobs/probe/${id}/retry`);
      expect(again.statusCode).toBe(404);
      const logs = (await boss.client.get("/api/admin/logs?limit=5")).json();
      expect(logs[0]).toMatchObject({ action: "retry_job", targetType: "job", targetId: id });
    } finally {
      harness.context.jobs = original;
    }
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    "pg-boss queue: counts from PostgreSQL, Retry on a failed job, 409 once it has not failed",
    async () => {
      const original = harness.context.jobs;
      const probe = { isBroken: true, runs: 0 };
      const queue = new PgBossQueue({
        databaseUrl: harness.databaseUrl ?? "",
        context: harness.context,
        log: quietLog,
        kinds: [probeKind(probe)],
        works: true,
        pollingIntervalSeconds: 0.5,
      });
      harness.context.jobs = queue;
      try {
        await queue.start();
        await queue.request("probe");
        const view = await waitFor("the failure", jobs, (current) => current.failed.length === 1);
        expect(view).toMatchObject({
          implementation: "pg-boss",
          queues: [{ name: "probe", queued: 0, running: 0, failed: 1 }],
          failed: [{ queue: "probe", error: "the probe's mail server said no", attempts: 1 }],
        });
        const id = view.failed[0].id;
        probe.isBroken = false;
        expect((await boss.client.post(`/api/admin/jobs/probe/${id}/retry`)).statusCode).toBe(204);
        await waitFor("the retried run", jobs, (current) => current.failed.length === 0 && probe.runs === 2);
        const again = await boss.client.post(`/api/admin/jobs/probe/${id}/retry`);
        expect(again.statusCode).toBe(409);
        expect(again.json()).toMatchObject({ message: ADMIN_MESSAGES.jobNotFailed });
        expect((await boss.client.post(`/api/admin/jobs/probe/${SOME_ID}/retry`)).statusCode).toBe(404);
      } finally {
        harness.context.jobs = original;
        await queue.stop();
      }
    },
    60_000,
  );
});
