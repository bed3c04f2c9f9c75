import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { missingTools } from "../apps/api/test/requires-tool";
import { registerViaApi } from "../e2e/support/accounts";
import { type RunningServer, startServer } from "../e2e/support/server";
import { type ApiAnswer, call, isFailure, outcome } from "./support/client";
import { PG_BIN, startReplicaOf, startThrowawayPostgres, type ThrowawayPostgres } from "./support/processes";

/**
 * Issue 51 "Past one machine": reads on a streaming replica (DATABASE_REPLICA_URLS). The replica (pg_basebackup
 * from a primary of our own) replays 1.5 s late on purpose, so a read that went to it right after a write would
 * miss that write: the writer must still see every post at once (read-your-writes through the `plaza_lsn`
 * cookie), other readers' feeds are answered by the replica, and a replica stopped mid-run costs no request.
 */
const APPLY_DELAY_MS = 1_500;
const missing = missingTools("read replicas", [
  { name: "initdb", path: `${PG_BIN}/initdb` },
  { name: "pg_basebackup", path: `${PG_BIN}/pg_basebackup` },
]);

let primary: ThrowawayPostgres;
let replica: ThrowawayPostgres;
let server: RunningServer;

/** The cookies a browser would hold after `answer` (the session and the write position). */
function cookiesAfter(answer: ApiAnswer, jar: Map<string, string>): void {
  for (const line of answer.headers.getSetCookie()) {
    const [pair = ""] = line.split(";");
    const [name = "", value = ""] = pair.split("=");
    jar.set(name, value);
  }
}

function cookieHeader(jar: Map<string, string>): string {
  return [...jar.entries()].map(([name, value]) => `${name}=${value}`).join("; ");
}

/** Transactions the replica has answered in the plaza database (its own statistics, flushed within a second). */
async function replicaTransactions(): Promise<number> {
  const [row] = await replica.query<{ n: string }>(
    "select xact_commit::text as n from pg_stat_database where datname = 'plaza'",
  );
  return Number(row?.n ?? 0);
}

/**
 * Reads until `isDone`. A read that fails counts as "not yet": the replica applies the primary's changes 1.5 s late,
 * so right after start its tables may not exist yet ("relation users does not exist" failed CI once).
 */
async function waitFor<Value>(what: string, read: () => Promise<Value>, isDone: (value: Value) => boolean) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    let last: unknown;
    try {
      const value = await read();
      if (isDone(value)) return value;
      last = value;
    } catch (error) {
      last = error instanceof Error ? error.message : error;
    }
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what} (last: ${JSON.stringify(last)})`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe.skipIf(missing)("a read replica", () => {
  beforeAll(async () => {
    primary = await startThrowawayPostgres();
    replica = await startReplicaOf(primary, { applyDelayMs: APPLY_DELAY_MS });
    server = await startServer({
      label: "replica-api",
      env: {
        DATABASE_URL: primary.url,
        DATABASE_REPLICA_URLS: replica.url,
        DATABASE_REPLICA_MAX_LAG_MS: "10000",
        IP_RATE_LIMITS: "off",
        LOG_LEVEL: "info",
      },
    });
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
    await replica?.dispose();
    await primary?.dispose();
  });

  test("the writer sees each post at once; other readers are answered by the replica; a stopped replica costs nothing", async () => {
    expect(server.output()).toContain("on 1 replica(s)");
    const alice = await registerViaApi(server.baseUrl, {}, { verifyEmail: false });
    const bob = await registerViaApi(server.baseUrl, {}, { verifyEmail: false });
    const followed = await call(server.baseUrl, "/api/follows", {
      cookie: bob.sessionCookie,
      body: { followingId: alice.user.id },
    });
    expect(outcome(followed)).toBe("200");
    // The replica has the accounts (its 1.5 s delay passed) before the reads start.
    await waitFor(
      "the accounts on the replica",
      () => replica.query<{ n: string }>("select count(*)::text as n from users"),
      (rows) => Number(rows[0]?.n) >= 2,
    );

    // Read-your-writes: each post, then at once the writer's own feed, carrying the cookies a browser would.
    const jar = new Map([["plaza_session", alice.sessionCookie]]);
    let missed = 0;
    for (let round = 0; round < 10; round += 1) {
      const posted = await call(server.baseUrl, "/api/posts", {
        headers: { cookie: cookieHeader(jar) },
        body: { content: `Market day ${round}` },
      });
      if (isFailure(posted)) throw new Error(posted.detail);
      expect(posted.status).toBe(201);
      cookiesAfter(posted, jar);
      expect(jar.get("plaza_lsn")).toMatch(/^[0-9A-F]+\/[0-9A-F]+$/);
      const feed = await call(server.baseUrl, "/api/posts/feed", { headers: { cookie: cookieHeader(jar) } });
      const contents = ((feed as ApiAnswer).body as { content: string }[]).map((post) => post.content);
      if (!contents.includes(`Market day ${round}`)) missed += 1;
    }
    expect(missed).toBe(0);

    // Bob has written nothing lately (no write position): his reads of the feed go to the replica, which shows
    // Alice's posts once its delay has passed.
    const before = await replicaTransactions();
    const reads = await Promise.all(
      Array.from({ length: 20 }, () => call(server.baseUrl, "/api/posts/feed", { cookie: bob.sessionCookie })),
    );
    expect(reads.map(outcome)).toEqual(Array(20).fill("200"));
    await waitFor("the replica's statistics", replicaTransactions, (count) => count >= before + 20);
    await waitFor(
      "Alice's posts in Bob's feed",
      async () => ((await call(server.baseUrl, "/api/posts/feed", { cookie: bob.sessionCookie })) as ApiAnswer).body,
      (body) => Array.isArray(body) && body.length >= 10,
    );

    // The replica stops mid-run: every read still answers (from the primary), then it is used again once back.
    await replica.kill();
    const duringOutage = await Promise.all(
      Array.from({ length: 20 }, () => call(server.baseUrl, "/api/posts/feed", { cookie: bob.sessionCookie })),
    );
    expect(duringOutage.map(outcome)).toEqual(Array(20).fill("200"));
    await replica.start();
    const afterRestart = await replicaTransactions();
    await waitFor(
      "reads on the replica again",
      async () => {
        await call(server.baseUrl, "/api/posts/feed", { cookie: bob.sessionCookie });
        return replicaTransactions();
      },
      (count) => count >= afterRestart + 5,
    );
  });
});
