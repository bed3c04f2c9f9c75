import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { SmtpInbox } from "../apps/api/test/smtp-inbox";
import { registerViaApi } from "../e2e/support/accounts";
import { type RunningServer, startServer } from "../e2e/support/server";
import { type RunningWorker, startWorker as startWorkerProcess } from "./support/worker";

/**
 * Issue 32 "Launch day": two API processes with WORKERS=off (they only queue jobs) and a worker (`npm run worker`)
 * on one PostgreSQL database and the pg-boss queue. Mails stored while no worker runs go out when one starts; a
 * worker killed in the middle of a batch loses nothing, and its unsent claims go out once through the next worker.
 */
const adminUrl = process.env.RELIABILITY_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const databaseName = `plaza_jobs_${randomBytes(5).toString("hex")}`;
const SIGN_UPS = 80;
/** A worker's unsent claims pass to the next worker after this (the default is 5 minutes). */
const LEASE_SECONDS = 8;

let databaseUrl = "";
let inbox: SmtpInbox;
let apiA: RunningServer;
let apiB: RunningServer;
const workers: RunningWorker[] = [];

async function query<Row extends pg.QueryResultRow>(url: string, sql: string): Promise<Row[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<Row>(sql)).rows;
  } finally {
    await client.end();
  }
}

async function waitFor<Value>(what: string, read: () => Promise<Value> | Value, isDone: (value: Value) => boolean) {
  const deadline = Date.now() + 90_000;
  for (;;) {
    const value = await read();
    if (isDone(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what} (last: ${JSON.stringify(value)})`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** `npm run worker` on this suite's database and mail server. */
async function startWorker(): Promise<RunningWorker> {
  const worker = await startWorkerProcess({
    DATABASE_URL: databaseUrl,
    SMTP_URL: inbox.url,
    MAIL_SEND_LEASE_SECONDS: String(LEASE_SECONDS),
  });
  workers.push(worker);
  return worker;
}

const outbox = () =>
  query<{ recipient: string; sent: boolean; attempts: number }>(
    databaseUrl,
    "select recipient, sent_at is not null as sent, attempts from mail_outbox",
  );

describe("two API processes (WORKERS=off) and a worker on the pg-boss queue", () => {
  beforeAll(async () => {
    inbox = await SmtpInbox.start();
    // A mail server that takes a little while per mail, so a kill lands in the middle of a batch.
    inbox.delayMs = 40;
    await query(adminUrl, `create database ${databaseName}`);
    const url = new URL(adminUrl);
    url.pathname = `/${databaseName}`;
    databaseUrl = url.toString();
    const env = {
      DATABASE_URL: databaseUrl,
      WORKERS: "off",
      SMTP_URL: inbox.url,
      IP_RATE_LIMITS: "off",
      LOG_LEVEL: "info",
      MAIL_SEND_LEASE_SECONDS: String(LEASE_SECONDS),
    };
    // One after the other: the first applies the migrations.
    apiA = await startServer({ label: "jobs-api-a", env });
    apiB = await startServer({ label: "jobs-api-b", env });
  });

  afterAll(async () => {
    for (const worker of workers) await worker.stop();
    await apiA?.stop();
    await apiB?.stop();
    await inbox?.close();
    await query(adminUrl, `drop database if exists ${databaseName} with (force)`);
  });

  test("mails queued while no worker runs go out when one starts; a worker killed mid-batch loses none", async () => {
    // Sign-ups through both API processes while no worker runs: every verification mail waits in the outbox.
    const emails: string[] = [];
    for (let index = 0; index < SIGN_UPS; index += 1) {
      const account = await registerViaApi(index % 2 === 0 ? apiA.baseUrl : apiB.baseUrl, {}, { verifyEmail: false });
      emails.push(account.credentials.email.toLowerCase());
    }
    const stored = await outbox();
    expect(stored).toHaveLength(SIGN_UPS);
    expect(stored.every((row) => !row.sent)).toBe(true);
    expect(inbox.mails).toHaveLength(0);
    expect(apiA.output()).toContain("this process only queues them (WORKERS=off)");

    // A worker starts and sends; it is killed while the batch is going out.
    const first = await startWorker();
    await waitFor(
      "the first mails",
      () => inbox.mails.length,
      (count) => count >= 10,
    );
    await first.kill();
    const atKill = await outbox();
    const sentBeforeKill = atKill.filter((row) => row.sent).length;
    // Claimed by the dead worker (an attempt started) and not marked sent: the mails it was sending as it died.
    const inFlight = new Set(atKill.filter((row) => !row.sent && row.attempts > 0).map((row) => row.recipient));
    expect(sentBeforeKill).toBeLessThan(SIGN_UPS);

    // The next worker sends the rest: what was never claimed at once, the dead worker's claims when their lease ends.
    await startWorker();
    await waitFor(
      "every verification mail",
      () => new Set(inbox.mails.flatMap((mail) => mail.to)),
      (recipients) => emails.every((email) => recipients.has(email)),
    );
    await waitFor("every row marked sent", outbox, (rows) => rows.every((row) => row.sent));

    const perRecipient = new Map<string, number>();
    for (const mail of inbox.mails) for (const to of mail.to) perRecipient.set(to, (perRecipient.get(to) ?? 0) + 1);
    const twice = [...perRecipient.entries()].filter(([, count]) => count > 1);
    console.log(
      `job queue: ${SIGN_UPS} mails, ${sentBeforeKill} sent before the kill, ${inFlight.size} in flight at the kill, ` +
        `${twice.length} received twice`,
    );
    // Nothing lost. A mail the server took while the worker died before marking it sent is the only way to a
    // second copy (SMTP cannot be undone): only mails in flight at the kill, never one marked sent.
    expect(perRecipient.size).toBe(SIGN_UPS);
    for (const [recipient] of twice) expect(inFlight.has(recipient)).toBe(true);
    // Such a copy is the same message (one Message-ID per outbox row), which mail systems treat as one.
    for (const [recipient] of twice) {
      const ids = new Set(inbox.mailsTo(recipient).map((mail) => mail.parsed.messageId));
      expect(ids.size).toBe(1);
      expect([...ids][0]).toMatch(/^<outbox-[0-9a-f-]{36}@/);
    }
    const rows = await outbox();
    expect(rows.every((row) => row.sent)).toBe(true);
  });
});
