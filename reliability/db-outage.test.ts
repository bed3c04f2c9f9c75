import { readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { missingTools } from "../apps/api/test/requires-tool";
import { type RunningServer, startServer } from "../e2e/support/server";
import {
  type ApiAnswer,
  type ApiFailure,
  call,
  captureServerLogs,
  DEFAULT_PASSWORD,
  isFailure,
  outcome,
  readLogs,
  Secrets,
  signUp,
} from "./support/client";
import { delay, PG_BIN, startThrowawayPostgres, type ThrowawayPostgres } from "./support/processes";

/**
 * Issue 9 "Faults" on PostgreSQL: the real server process on a throwaway PostgreSQL 15 cluster that the test
 * kills (`pg_ctl stop -m immediate`) and restarts under load, then a SIGTERM of the server under load.
 * Deadlines from the issue: /readyz 503 within 2 s, API 503 within 3 s, ready again within 5 s after the restart.
 */
/** 10 in CI (issue 9); RELIABILITY_LONG=1 (nightly) runs 50. */
/** A throwaway PostgreSQL cluster of its own, made and killed with PostgreSQL 15's programs. */
const missing = missingTools(
  "the PostgreSQL outage test",
  ["initdb", "pg_ctl", "postgres"].map((name) => ({ name, path: `${PG_BIN}/${name}` })),
);
const CYCLES = Number(process.env.RELIABILITY_CYCLES ?? (process.env.RELIABILITY_LONG === "1" ? 50 : 10));
const CLIENTS = 4;
const OUTAGE_MS = 700;
const READY_503_DEADLINE_MS = 2_000;
const API_503_DEADLINE_MS = 3_000;
const READY_AGAIN_DEADLINE_MS = 5_000;
/** No request may take longer than this, outage or not ("nothing hangs"): the 3 s deadline plus a margin for a busy machine. */
const HANG_LIMIT_MS = 5_000;
/** Requests in flight when the SIGTERM arrives. */
const BURST = 60;

const logDir = captureServerLogs();
const secrets = new Secrets();

interface Sample {
  startedAt: number;
  finishedAt: number;
  result: ApiAnswer | ApiFailure;
}

interface Write extends Sample {
  key: string;
  cookie: string;
}

function isAck(result: ApiAnswer | ApiFailure): boolean {
  return result.status === 200 || result.status === 201;
}

describe.skipIf(missing)("PostgreSQL outage under load (throwaway cluster)", () => {
  let database: ThrowawayPostgres;
  let server: RunningServer;
  let receiverId: string;
  const payers: string[] = [];
  let probeCookie: string;
  let probeEmail: string;

  beforeAll(async () => {
    database = await startThrowawayPostgres();
    server = await startServer({
      label: "db-outage",
      env: {
        DATABASE_URL: database.url,
        LOG_LEVEL: "info",
        IP_RATE_LIMITS: "off",
        SHUTDOWN_GRACE_MS: "1000",
        // The write load is tips, well past the 10 a minute one account may send.
        TIPS_PER_MINUTE: "1000000",
      },
    });
    const receiver = await signUp(server.baseUrl, secrets, "Receiver");
    receiverId = receiver.user.id;
    for (let index = 0; index < CLIENTS; index++) payers.push((await signUp(server.baseUrl, secrets)).sessionCookie);
    const probe = await signUp(server.baseUrl, secrets, "Probe");
    probeCookie = probe.sessionCookie;
    probeEmail = probe.credentials.email;
  });

  afterAll(async () => {
    await server?.stop();
    await database?.dispose();
  });

  const tip = (cookie: string, key: string) =>
    call(server.baseUrl, "/api/tips", {
      cookie,
      body: { receiverId, amount: 1, message: key },
      headers: { "idempotency-key": key },
      timeoutMs: 20_000,
    });

  test(`${CYCLES} kill/restart cycles: 503 fast, ready again fast, no acknowledged write lost, none half-written`, async () => {
    const writes: Write[] = [];
    const reads: Sample[] = [];
    const readyz: Sample[] = [];
    const apiProbe: Sample[] = [];
    let isRunning = true;
    const sample = async (into: Sample[], request: () => Promise<ApiAnswer | ApiFailure>) => {
      const startedAt = performance.now();
      const result = await request();
      const entry = { startedAt, finishedAt: performance.now(), result };
      into.push(entry);
      return entry;
    };
    const clients = payers.map(async (cookie, index) => {
      for (let n = 0; isRunning; n++) {
        const key = `pg-${index}-${n}`;
        const startedAt = performance.now();
        const result = await tip(cookie, key);
        writes.push({ key, cookie, startedAt, finishedAt: performance.now(), result });
        await sample(reads, () => call(server.baseUrl, "/api/wallet", { cookie, timeoutMs: 20_000 }));
        if (!isAck(result)) await delay(50);
      }
    });
    const probes = (async () => {
      while (isRunning) {
        await Promise.all([
          sample(readyz, () => call(server.baseUrl, "/readyz", { timeoutMs: 20_000 })),
          sample(apiProbe, () => call(server.baseUrl, "/api/auth/user", { cookie: probeCookie, timeoutMs: 20_000 })),
          delay(100),
        ]);
      }
    })();
    const waitFor = async (what: string, condition: () => boolean, limitMs = 20_000) => {
      const deadline = performance.now() + limitMs;
      while (!condition()) {
        if (performance.now() > deadline) throw new Error(`timed out waiting for ${what}`);
        await delay(20);
      }
    };
    const firstAfter = (samples: Sample[], since: number, status: number) =>
      samples.find((entry) => entry.startedAt >= since && entry.result.status === status);
    const firstFinishedAfter = (samples: Sample[], since: number, status: number) =>
      samples
        .filter((entry) => entry.finishedAt >= since && entry.result.status === status)
        .sort((a, b) => a.finishedAt - b.finishedAt)[0];

    const figures: {
      readyz503: number;
      api503: number;
      ready200: number;
      postgresStart: number;
      acksBefore: number;
    }[] = [];
    for (let cycle = 0; cycle < CYCLES; cycle++) {
      const upSince = performance.now();
      // Load on a healthy database first: the clients get a few writes through.
      await waitFor(
        "writes to succeed",
        () => writes.filter((write) => write.finishedAt > upSince && isAck(write.result)).length >= 2 * CLIENTS,
      );
      const killedAt = performance.now();
      await database.kill();
      await waitFor("/readyz 503 and an API 503", () =>
        Boolean(firstFinishedAfter(readyz, killedAt, 503) && firstFinishedAfter(apiProbe, killedAt, 503)),
      );
      if (cycle === 0) {
        // A sign-in while the database is down: 503, and its email (a query parameter) must not reach the log.
        const signIn = await call(server.baseUrl, "/api/auth/login", {
          body: { email: probeEmail, password: DEFAULT_PASSWORD },
        });
        expect(signIn.status).toBe(503);
      }
      await delay(OUTAGE_MS);
      const restartedAt = performance.now();
      await database.start();
      const acceptingAt = performance.now();
      await waitFor("/readyz 200", () => Boolean(firstAfter(readyz, restartedAt, 200)));
      figures.push({
        readyz503: (firstFinishedAfter(readyz, killedAt, 503)?.finishedAt ?? Number.NaN) - killedAt,
        api503: (firstFinishedAfter(apiProbe, killedAt, 503)?.finishedAt ?? Number.NaN) - killedAt,
        ready200: (firstAfter(readyz, restartedAt, 200)?.finishedAt ?? Number.NaN) - restartedAt,
        postgresStart: acceptingAt - restartedAt,
        acksBefore: writes.filter((write) => isAck(write.result)).length,
      });
    }
    const recoveredAt = performance.now();
    await waitFor("a write after the last restart", () =>
      writes.some((write) => write.finishedAt > recoveredAt && isAck(write.result)),
    );
    isRunning = false;
    await Promise.all([...clients, probes]);

    const all = [...writes, ...reads, ...readyz, ...apiProbe];
    const statuses = new Map<string, number>();
    for (const { result } of all) {
      statuses.set(outcome(result), (statuses.get(outcome(result)) ?? 0) + 1);
    }
    const slowest = Math.max(...all.map((entry) => entry.finishedAt - entry.startedAt));
    const worst = (key: "readyz503" | "api503" | "ready200" | "postgresStart") =>
      Math.max(...figures.map((figure) => figure[key]));
    const median = (key: "readyz503" | "api503" | "ready200" | "postgresStart") =>
      figures.map((figure) => figure[key]).sort((a, b) => a - b)[Math.floor(figures.length / 2)] ?? Number.NaN;
    console.log(
      `[reliability] db outage: ${CYCLES} cycles, ${writes.length} writes (${writes.filter((w) => isAck(w.result)).length} acknowledged), ` +
        `${all.length} requests, statuses ${JSON.stringify(Object.fromEntries(statuses))}; ` +
        `/readyz 503 after kill: median ${median("readyz503").toFixed(0)} ms, worst ${worst("readyz503").toFixed(0)} ms; ` +
        `API 503 after kill: median ${median("api503").toFixed(0)} ms, worst ${worst("api503").toFixed(0)} ms; ` +
        `ready after restart: median ${median("ready200").toFixed(0)} ms, worst ${worst("ready200").toFixed(0)} ms ` +
        `(of which PostgreSQL's own start: median ${median("postgresStart").toFixed(0)} ms, worst ${worst("postgresStart").toFixed(0)} ms; ` +
        `app ready after PostgreSQL accepted: worst ${Math.max(...figures.map((figure) => figure.ready200 - figure.postgresStart)).toFixed(0)} ms); ` +
        `slowest request ${slowest.toFixed(0)} ms`,
    );

    // Only the documented answers: success, 503, and none cut, refused or hanging.
    const unexpected = all.filter(({ result }) => ![200, 201, 503].includes(result.status));
    expect(
      unexpected.map(({ result }) => (isFailure(result) ? `${result.error}: ${result.detail}` : result.status)),
    ).toEqual([]);
    expect(slowest).toBeLessThan(HANG_LIMIT_MS);
    expect(worst("readyz503")).toBeLessThan(READY_503_DEADLINE_MS);
    expect(worst("api503")).toBeLessThan(API_503_DEADLINE_MS);
    // Ready within 5 s once PostgreSQL accepts connections again (its own crash recovery, logged above, depends on
    // the disk and the machine's load, not on the app).
    expect(Math.max(...figures.map((figure) => figure.ready200 - figure.postgresStart))).toBeLessThan(
      READY_AGAIN_DEADLINE_MS,
    );
    expect(server.output()).not.toMatch(/unhandled error/);

    // Every acknowledged write is there; an unacknowledged one is either whole or absent.
    const ledger = await database.query<{ message: string; transactions: number; entries: number; total: string }>(
      `select t.message, count(distinct t.id)::int as transactions, count(e.id)::int as entries,
              coalesce(sum(e.amount_cents), 0)::text as total
         from ledger_transactions t left join ledger_entries e on e.transaction_id = t.id
        where t.message like 'pg-%' group by t.message`,
    );
    const keys = new Set(
      (await database.query<{ key: string }>("select key from idempotency_keys where key like 'pg-%'")).map(
        (row) => row.key,
      ),
    );
    const byKey = new Map(ledger.map((row) => [row.message, row]));
    const acknowledged = writes.filter((write) => isAck(write.result));
    const lost = acknowledged.filter((write) => !byKey.has(write.key) || !keys.has(write.key));
    const halfWritten = ledger.filter(
      (row) => row.transactions !== 1 || row.entries < 2 || row.total !== "0" || !keys.has(row.message),
    );
    const failed = writes.filter((write) => !isAck(write.result));
    const failedButCommitted = failed.filter((write) => byKey.has(write.key));
    const orphanKeys = [...keys].filter((key) => !byKey.has(key));
    console.log(
      `[reliability] db outage ledger: ${acknowledged.length} acknowledged, ${lost.length} lost, ${halfWritten.length} half-written, ` +
        `${failed.length} failed (${failedButCommitted.length} of them committed before the connection was lost)`,
    );
    expect(lost.map((write) => write.key)).toEqual([]);
    expect(halfWritten).toEqual([]);
    expect(orphanKeys).toEqual([]);

    // A failed money call retried with its Idempotency-Key moves the money exactly once.
    // (A replay answers the first answer again: same status, same tip.)
    for (const write of failed) {
      const retry = await tip(write.cookie, write.key);
      expect(retry.status, write.key).toBe(201);
    }
    const counts = await database.query<{ message: string; transactions: number }>(
      "select message, count(*)::int as transactions from ledger_transactions where message like 'pg-%' group by message",
    );
    expect(counts.length).toBe(writes.length);
    expect(counts.filter((row) => row.transactions !== 1)).toEqual([]);
  });

  test("SIGTERM under load: every request in flight gets a complete answer, the process exits 0", async () => {
    const cookies = payers;
    // "In flight" = received by the server: its request log (the whole of it, in SERVER_LOG_DIR) says so.
    const logName = readdirSync(logDir).find((name) => name.startsWith(`db-outage-${server.port}-`));
    const logFile = join(logDir, logName ?? "missing.log");
    const logOffset = statSync(logFile).size;
    const received = () =>
      readFileSync(logFile).subarray(logOffset).toString("utf8").split('"msg":"incoming request"').length - 1;
    let answeredCount = 0;
    const burst = Array.from({ length: BURST }, (_, index) => {
      const cookie = cookies[index % cookies.length] ?? "";
      if (index % 2 === 0) return { key: `term-${index}`, cookie, request: tip(cookie, `term-${index}`) };
      return { key: null, cookie, request: call(server.baseUrl, "/api/wallet", { cookie, timeoutMs: 20_000 }) };
    });
    for (const entry of burst) void entry.request.then(() => answeredCount++);
    const deadline = performance.now() + 20_000;
    while (received() < BURST && performance.now() < deadline) await delay(10);
    const inFlight = BURST - answeredCount;
    const signalledAt = performance.now();
    const exit = server.kill("SIGTERM");
    const results = await Promise.all(
      burst.map((entry) =>
        entry.request.then((result) => {
          if (isFailure(result))
            console.log(
              `[reliability] SIGTERM: ${result.error} after ${(performance.now() - signalledAt).toFixed(0)} ms (${result.ms.toFixed(0)} ms in flight): ${result.detail}`,
            );
          return result;
        }),
      ),
    );
    const exited = await exit;
    const exitMs = performance.now() - signalledAt;
    const summary = new Map<string, number>();
    for (const result of results) {
      summary.set(outcome(result), (summary.get(outcome(result)) ?? 0) + 1);
    }
    console.log(
      `[reliability] SIGTERM under load: ${results.length} requests received, ${inFlight} of them unanswered at the signal → ${JSON.stringify(Object.fromEntries(summary))}; exit ${exited.code} after ${exitMs.toFixed(0)} ms`,
    );
    // Every request the server had received gets its answer: none cut, refused or hanging.
    expect(inFlight).toBeGreaterThan(0);
    expect(results.filter((result) => isFailure(result))).toEqual([]);
    const answers = results.filter((result): result is ApiAnswer => !isFailure(result));
    expect(answers.filter((answer) => ![200, 201, 503].includes(answer.status))).toEqual([]);
    // A complete answer: the whole JSON body arrived.
    expect(answers.filter((answer) => typeof answer.body !== "object")).toEqual([]);
    expect(exited).toEqual({ code: 0, signal: null });
    expect(exitMs).toBeLessThan(10_000);
    const acknowledged = burst
      .filter((entry, index) => entry.key && isAck(results[index] as ApiAnswer))
      .map((entry) => entry.key);
    const stored = await database.query<{ message: string }>(
      "select message from ledger_transactions where message like 'term-%'",
    );
    const storedKeys = new Set(stored.map((row) => row.message));
    expect(acknowledged.filter((key) => key && !storedKeys.has(key))).toEqual([]);
    expect(acknowledged.length).toBeGreaterThan(0);
  });

  test("the server's logs hold no password, session token, email or signed-URL token", () => {
    expect(secrets.size).toBeGreaterThan(10);
    const logs = readLogs(logDir);
    expect(logs.reduce((total, file) => total + file.text.length, 0)).toBeGreaterThan(1_000);
    expect(secrets.findIn(logs)).toEqual([]);
    // Kept for a look when the check fails; removed when it passes.
    rmSync(logDir, { recursive: true, force: true });
  });
});
