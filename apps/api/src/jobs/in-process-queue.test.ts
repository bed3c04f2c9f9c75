import { describe, expect, it } from "vitest";
import { InProcessQueue } from "./in-process-queue";
import type { JobKind, JobLog } from "./job-queue";

const quietLog: JobLog = { info: () => undefined, warn: () => undefined, error: () => undefined };

async function waitFor(what: string, isDone: () => boolean | Promise<boolean>) {
  const deadline = Date.now() + 5_000;
  while (!(await isDone())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe("the in-process job runner (embedded database)", () => {
  it("retries a failing run with doubling delays, keeps it as failed after its limit, and retries it on request", async () => {
    const attempts: number[] = [];
    let isBroken = true;
    const kind: JobKind<object> = {
      name: "probe",
      concurrency: 1,
      retry: { limit: 2, delaySeconds: 0.1, maxDelaySeconds: 10 },
      run: async () => {
        attempts.push(performance.now());
        if (isBroken) throw new Error("broken");
      },
    };
    const queue = new InProcessQueue({}, quietLog, [kind], { works: true });
    await queue.request("probe");
    await waitFor("the failure", async () => (await queue.overview()).failed.length === 1);
    expect(attempts).toHaveLength(3);
    const [first = 0, second = 0, third = 0] = attempts;
    expect(second - first).toBeGreaterThanOrEqual(95);
    expect(third - second).toBeGreaterThanOrEqual(195);
    const overview = await queue.overview();
    expect(overview).toMatchObject({
      implementation: "in-process",
      worksHere: true,
      queues: [{ name: "probe", queued: 0, running: 0, failed: 1 }],
    });
    const [failed] = overview.failed;
    expect(failed).toMatchObject({ queue: "probe", error: "broken", attempts: 3 });

    isBroken = false;
    expect(await queue.retry("probe", failed?.id ?? "")).toBe("retried");
    await queue.idle();
    expect(attempts).toHaveLength(4);
    expect((await queue.overview()).failed).toEqual([]);
    expect(await queue.retry("probe", failed?.id ?? "")).toBe("not-found");
    await queue.stop();
  });

  it("runs a kind at most `concurrency` at once and coalesces asks while one waits", async () => {
    let running = 0;
    let most = 0;
    let runs = 0;
    const release: (() => void)[] = [];
    const kind: JobKind<object> = {
      name: "drain",
      concurrency: 2,
      coalesce: true,
      retry: { limit: 0, delaySeconds: 1, maxDelaySeconds: 1 },
      run: async () => {
        runs += 1;
        running += 1;
        most = Math.max(most, running);
        await new Promise<void>((resolve) => release.push(resolve));
        running -= 1;
      },
    };
    const queue = new InProcessQueue({}, quietLog, [kind], { works: true });
    for (let ask = 0; ask < 6; ask += 1) await queue.request("drain");
    // Two run, one waits: the other asks are folded into the waiting one.
    expect((await queue.overview()).queues[0]).toMatchObject({ running: 2, queued: 1 });
    while (release.length > 0 || running > 0) {
      release.shift()?.();
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
    await queue.idle();
    expect(runs).toBe(3);
    expect(most).toBe(2);
  });

  it("runs nothing with WORKERS=off", async () => {
    let runs = 0;
    const queue = new InProcessQueue(
      {},
      quietLog,
      [
        {
          name: "probe",
          concurrency: 1,
          retry: { limit: 0, delaySeconds: 1, maxDelaySeconds: 1 },
          run: async () => {
            runs += 1;
          },
        },
      ],
      { works: false },
    );
    await queue.request("probe");
    await queue.start();
    await queue.idle();
    expect(runs).toBe(0);
    expect((await queue.overview()).worksHere).toBe(false);
  });
});
