import { execFile } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { afterAll, describe, expect, test } from "vitest";
import { signInViaApi } from "../e2e/support/accounts";
import { type RunningServer, startServer } from "../e2e/support/server";
import { pollUntil } from "../e2e/support/wait";
import { type ApiAnswer, call, captureServerLogs, DEFAULT_PASSWORD, readLogs, Secrets, signUp } from "./support/client";
import { delay } from "./support/processes";

/**
 * Issue 48 "Backups": the restore drill. A town (accounts, posts, tips through the test provider, an uploaded
 * picture) is backed up with `npm run backup`'s program while its server runs and takes tips, restored with
 * `npm run restore`'s into an empty database (PostgreSQL) or an empty DATA_DIR (PGlite), and a server started on
 * the restored town must show the same accounts, posts, balances and files.
 */
const BACKUP = fileURLToPath(new URL("../apps/api/dist/backup.js", import.meta.url));
const RESTORE = fileURLToPath(new URL("../apps/api/dist/restore.js", import.meta.url));
const adminUrl = process.env.RELIABILITY_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);
const logDir = captureServerLogs();
const secrets = new Secrets();
/** The embedded database's dump, its load for the manifest, the restore and two starts are slow on 2 busy cores. */
const DRILL_TIMEOUT_MS = 900_000;
/** A start on a new embedded database (initdb, migrations) took over 150 s on a machine at load average 35. */
const READY_TIMEOUT_MS = 300_000;
const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

interface Outcome {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs a compiled command with exactly this configuration (nothing of the test's own environment but PATH). */
function runCommand(program: string, args: string[], env: Record<string, string>): Promise<Outcome> {
  return new Promise((resolveRun) => {
    execFile(
      process.execPath,
      [program, ...args],
      { env: { PATH: process.env.PATH ?? "", LOG_LEVEL: "warn", ...env }, timeout: DRILL_TIMEOUT_MS },
      (error, stdout, stderr) => resolveRun({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** A new empty PostgreSQL database on the test server; dropped by the returned function. */
async function newDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `plaza_restore_${randomBytes(5).toString("hex")}`;
  await adminQuery(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => adminQuery(`drop database if exists ${name} with (force)`) };
}

interface Town {
  people: { email: string; cookie: string; id: string; balanceCents: number; postIds: string[] }[];
  picture: { url: string; sha256: string };
}

const json = (answer: unknown) => (answer as ApiAnswer).body as Record<string, unknown>;

async function wallet(baseUrl: string, cookie: string): Promise<number> {
  const answer = await call(baseUrl, "/api/wallet", { cookie });
  expect(answer.status).toBe(200);
  return json(answer).balanceCents as number;
}

async function postIdsOf(baseUrl: string, cookie: string, userId: string): Promise<string[]> {
  const answer = await call(baseUrl, `/api/users/${userId}/posts`, { cookie });
  expect(answer.status).toBe(200);
  return ((answer as ApiAnswer).body as { id: string }[]).map((post) => post.id).sort();
}

/** Three people who post, tip each other through the test provider, and a picture uploaded by one of them. */
async function makeTown(baseUrl: string): Promise<Town> {
  const people = [];
  for (const name of ["Ana", "Ben", "Cleo"]) {
    const account = await signUp(baseUrl, secrets, name);
    people.push({ email: account.credentials.email, cookie: account.sessionCookie, id: account.user.id });
  }
  for (const [index, person] of people.entries()) {
    for (let n = 0; n < 2; n++) {
      const post = await call(baseUrl, "/api/posts", {
        cookie: person.cookie,
        body: { content: `Post ${n} of ${index}` },
      });
      expect(post.status).toBe(201);
    }
  }
  for (const [from, to, amount] of [
    [0, 1, 5],
    [1, 2, 3],
    [2, 0, 7],
  ] as const) {
    const tip = await call(baseUrl, "/api/tips", {
      cookie: people[from]?.cookie,
      body: { receiverId: people[to]?.id, amount, message: "thanks" },
      headers: { "idempotency-key": `drill-${from}-${to}` },
    });
    expect(tip.status).toBe(201);
  }
  const uploader = people[0]?.cookie ?? "";
  const signed = await call(baseUrl, "/api/objects/upload", { cookie: uploader, method: "POST" });
  expect(signed.status).toBe(200);
  const { uploadURL, objectUrl } = json(signed) as { uploadURL: string; objectUrl: string };
  secrets.add("signed upload token", new URL(uploadURL, baseUrl).searchParams.get("token"));
  const put = await fetch(`${baseUrl}${uploadURL}`, {
    method: "PUT",
    headers: { "content-type": "image/png", origin: baseUrl, cookie: `plaza_session=${uploader}` },
    body: PNG,
  });
  expect(put.status).toBe(200);
  const served = await pollUntil(
    async () => {
      const answer = await fetch(`${baseUrl}${objectUrl}`);
      return answer.status === 200 ? Buffer.from(await answer.arrayBuffer()) : null;
    },
    { what: "the uploaded picture's sizes", timeoutMs: 60_000 },
  );
  const town: Town = { people: [], picture: { url: objectUrl, sha256: sha256(served) } };
  for (const person of people) {
    town.people.push({
      ...person,
      balanceCents: await wallet(baseUrl, person.cookie),
      postIds: await postIdsOf(baseUrl, person.cookie, person.id),
    });
  }
  return town;
}

/** Tips between two more people while the backup runs: the backup is taken from a town in use. */
function tipsUntil(baseUrl: string, payerCookie: string, receiverId: string, isDone: () => boolean): Promise<number> {
  return (async () => {
    let count = 0;
    while (!isDone()) {
      const tip = await call(baseUrl, "/api/tips", {
        cookie: payerCookie,
        body: { receiverId, amount: 1, message: "during the backup" },
        headers: { "idempotency-key": `during-${count}` },
      });
      expect(tip.status).toBe(201);
      count++;
      // A town in use, not a load test: the machine's two cores also run the server's dump.
      await delay(100);
    }
    return count;
  })();
}

/** The restored town, seen through a server on it: same people, posts, balances and picture. */
async function expectSameTown(baseUrl: string, town: Town): Promise<void> {
  for (const person of town.people) {
    const cookie = await signInViaApi(baseUrl, person.email, DEFAULT_PASSWORD);
    secrets.add("session cookie", cookie);
    expect(await wallet(baseUrl, cookie)).toBe(person.balanceCents);
    expect(await postIdsOf(baseUrl, cookie, person.id)).toEqual(person.postIds);
  }
  const picture = await fetch(`${baseUrl}${town.picture.url}`);
  expect(picture.status).toBe(200);
  expect(sha256(Buffer.from(await picture.arrayBuffer()))).toBe(town.picture.sha256);
}

const KINDS = [
  { kind: "PostgreSQL", isPostgres: true },
  { kind: "PGlite (embedded, DATA_DIR)", isPostgres: false },
];

describe.each(KINDS)("restore drill on $kind", ({ isPostgres }) => {
  const folder = mkdtempSync(join(tmpdir(), "plaza-drill-"));
  const archive = join(folder, "town.tar.gz");
  const cleanups: (() => Promise<void>)[] = [];
  const servers: RunningServer[] = [];
  afterAll(async () => {
    for (const server of servers) await server.stop();
    for (const cleanup of cleanups) await cleanup();
    rmSync(folder, { recursive: true, force: true });
  });

  test(
    "a town backed up while its server runs comes back the same in an empty database",
    async () => {
      const sourceDir = mkdtempSync(join(folder, "source-"));
      const source = isPostgres ? await newDatabase() : null;
      if (source) cleanups.push(source.drop);
      const sourceEnv = { DATA_DIR: sourceDir, ...(source ? { DATABASE_URL: source.url } : {}) };
      const server = await startServer({
        label: `drill-source-${isPostgres ? "pg" : "pglite"}`,
        database: "embedded",
        readyTimeoutMs: READY_TIMEOUT_MS,
        env: { ...sourceEnv, IP_RATE_LIMITS: "off", TIPS_PER_MINUTE: "1000000" },
      });
      servers.push(server);
      const town = await makeTown(server.baseUrl);
      const payer = await signUp(server.baseUrl, secrets, "Payer");
      const payee = await signUp(server.baseUrl, secrets, "Payee");

      let isBackedUp = false;
      const during = tipsUntil(server.baseUrl, payer.sessionCookie, payee.user.id, () => isBackedUp);
      const backup = await runCommand(BACKUP, [archive], sourceEnv);
      isBackedUp = true;
      expect(backup.stderr).toBe("");
      expect(backup.code, backup.stdout).toBe(0);
      expect(backup.stdout).toMatch(/Backup written to .*town\.tar\.gz/);
      const tipsDuring = await during;
      console.log(
        `[reliability] backup on ${isPostgres ? "PostgreSQL" : "PGlite"}: ${backup.stdout.trim()} (${tipsDuring} tips during it)`,
      );

      // Into an empty target: a new database, or a new DATA_DIR.
      const targetDir = mkdtempSync(join(folder, "target-"));
      const target = isPostgres ? await newDatabase() : null;
      if (target) cleanups.push(target.drop);
      const targetEnv = { DATA_DIR: targetDir, ...(target ? { DATABASE_URL: target.url } : {}) };
      const restore = await runCommand(RESTORE, [archive], targetEnv);
      expect(restore.code, restore.stderr).toBe(0);
      expect(restore.stdout).toContain("every count, balance and file matches");

      // A second restore into the same (now full) target is refused in one sentence, without a stack.
      const again = await runCommand(RESTORE, [archive], targetEnv);
      expect(again.code).toBe(1);
      expect(again.stderr.trim()).toMatch(/(is not empty|already holds a database): restore only into .*\.$/);
      expect(again.stderr.trim().split("\n")).toHaveLength(1);

      const restored = await startServer({
        label: `drill-restored-${isPostgres ? "pg" : "pglite"}`,
        database: "embedded",
        readyTimeoutMs: READY_TIMEOUT_MS,
        env: targetEnv,
      });
      servers.push(restored);
      await expectSameTown(restored.baseUrl, town);
      // The tips made during the backup: the restored payee holds what the archive's snapshot held, no more.
      const payeeCookie = await signInViaApi(restored.baseUrl, payee.credentials.email, DEFAULT_PASSWORD);
      const restoredPayee = await wallet(restored.baseUrl, payeeCookie);
      expect(restoredPayee % 100).toBe(0);
      expect(restoredPayee).toBeLessThanOrEqual(tipsDuring * 100);
    },
    DRILL_TIMEOUT_MS,
  );

  test("bad input is one sentence and a failing exit code", async () => {
    const missing = await runCommand(RESTORE, [join(folder, "nope.tar.gz")], { DATA_DIR: join(folder, "empty") });
    expect(missing.code).toBe(1);
    expect(missing.stderr).toBe(`${join(folder, "nope.tar.gz")} is not a file.\n`);
    const noTool = isPostgres
      ? await runCommand(BACKUP, [join(folder, "other.tar.gz")], {
          DATABASE_URL: adminUrl,
          PG_DUMP_PATH: "/nonexistent/pg_dump",
        })
      : null;
    if (noTool) {
      expect(noTool.code).toBe(1);
      expect(noTool.stderr).toMatch(/^\/nonexistent\/pg_dump was not found: install PostgreSQL's client programs/);
      expect(noTool.stderr.trim().split("\n")).toHaveLength(1);
    }
  });
});

test("the servers' logs hold no password, session token, email or signed-URL token", () => {
  const logs = readLogs(logDir);
  expect(secrets.findIn(logs)).toEqual([]);
  rmSync(logDir, { recursive: true, force: true });
});
