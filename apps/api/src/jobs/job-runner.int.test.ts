import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { once } from "node:events";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * docs/PRODUCT.md "Running it": two API processes (real child processes, test/jobs-instance.ts) run the
 * real job runner on one PostgreSQL database; every run of the probe job is taken by exactly one of them, and when
 * that one dies the other takes over. PostgreSQL only: PGlite is one process by design.
 */
const adminUrl = process.env.TEST_DATABASE_URL;
if (!adminUrl) console.log("job-runner.int.test.ts skipped: set TEST_DATABASE_URL to run two processes on PostgreSQL");

const instanceScript = fileURLToPath(new URL("../../test/jobs-instance.ts", import.meta.url));
const databaseName = `plaza_jobs_${randomBytes(5).toString("hex")}`;
const children: ChildProcess[] = [];
let databaseUrl = "";

interface ProbeRun {
  id: number;
  pid: number;
  started_at: Date;
  finished_at: Date | null;
}

async function query<Row extends pg.QueryResultRow>(url: string, sql: string): Promise<Row[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<Row>(sql)).rows;
  } finally {
    await client.end();
  }
}

const probeRuns = () => query<ProbeRun>(databaseUrl, "select * from job_probe_runs order by started_at, id");

async function waitFor<Value>(what: string, read: () => Promise<Value>, isDone: (value: Value) => boolean) {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const value = await read();
    if (isDone(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Starts one instance and resolves once it has started its jobs. */
async function startInstance(): Promise<ChildProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", instanceScript], {
    env: { ...process.env, DATABASE_URL: databaseUrl, PROBE_INTERVAL_MS: "100", PROBE_RUN_MS: "40" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  children.push(child);
  let output = "";
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes("ready")) resolve();
    });
    child.once("exit", (code) => reject(new Error(`instance exited (${code}) before it was ready: ${output}`)));
  });
  return child;
}

describe.skipIf(!adminUrl)("jobs run once per cluster (PostgreSQL advisory lock)", () => {
  beforeAll(async () => {
    if (!adminUrl) return;
    await query(adminUrl, `create database ${databaseName}`);
    const url = new URL(adminUrl);
    url.pathname = `/${databaseName}`;
    databaseUrl = url.toString();
    await query(
      databaseUrl,
      `create table job_probe_runs (
         id serial primary key,
         pid integer not null,
         started_at timestamptz not null default clock_timestamp(),
         finished_at timestamptz
       )`,
    );
  });

  afterAll(async () => {
    for (const child of children) if (child.exitCode === null) child.kill("SIGKILL");
    if (adminUrl) await query(adminUrl, `drop database if exists ${databaseName} with (force)`);
  });

  it("two processes: each run is taken by one of them, and the other takes over when it dies", async () => {
    const [first, second] = await Promise.all([startInstance(), startInstance()]);
    if (!first?.pid || !second?.pid) throw new Error("instances did not start");

    // Both processes tick every 100 ms: unlocked, both would run the probe, twice as often.
    const beforeCrash = await waitFor("runs", probeRuns, (runs) => runs.filter((run) => run.finished_at).length >= 8);
    const leaderPids = new Set(beforeCrash.map((run) => run.pid));
    expect(leaderPids.size).toBe(1);
    const leader = [first, second].find((child) => leaderPids.has(child.pid ?? -1));
    const follower = leader === first ? second : first;
    if (!leader || !follower) throw new Error("the leader is not one of the instances");

    // A crash frees the lock with the leader's connection; the follower takes the next turn.
    leader.kill("SIGKILL");
    await once(leader, "exit");
    await waitFor(
      "the follower's runs",
      probeRuns,
      (runs) => runs.filter((run) => run.pid === follower.pid).length >= 3,
    );
    follower.kill("SIGTERM");
    await once(follower, "exit");

    const runs = await probeRuns();
    const leaderRuns = runs.filter((run) => run.pid === leader.pid);
    const followerRuns = runs.filter((run) => run.pid === follower.pid);
    expect(leaderRuns.length + followerRuns.length).toBe(runs.length);
    // Every leader run came before every follower run, and no two runs overlapped.
    const lastLeaderStart = Math.max(...leaderRuns.map((run) => run.started_at.getTime()));
    expect(followerRuns.every((run) => run.started_at.getTime() > lastLeaderStart)).toBe(true);
    for (const [index, run] of runs.entries()) {
      const previous = runs[index - 1];
      if (previous?.finished_at)
        expect(run.started_at.getTime()).toBeGreaterThanOrEqual(previous.finished_at.getTime());
    }
    // Only the run the crash cut short is unfinished.
    expect(runs.filter((run) => !run.finished_at).length).toBeLessThanOrEqual(1);
  }, 60_000);
});
