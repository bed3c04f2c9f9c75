// Launch day (issue 32): 500 sign-ups within 20 seconds on PostgreSQL with one API process (WORKERS=off: it only
// queues jobs) and one worker (`npm run worker`: the pg-boss queue), mail going to a local SMTP server of our own.
// Each verification mail's delay runs from just before its sign-up is sent to its arrival at the SMTP server (one
// clock). Then the drain's own speed: `drainMails` mails stored while no worker runs, a worker started, mails a
// second from the worker's start to the last arrival.
import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { SMTPServer } from "smtp-server";
import { startApi } from "./http.mjs";
import { withDatabase } from "./seed.mjs";
import { log, percentile, ROOT, sleep, spawnPinned, stopChild } from "./util.mjs";

const DATABASE = "plaza_bench_launch";

/** @param {string} url @param {string} sql @param {unknown[]} [values] */
async function query(url, sql, values = []) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql, values)).rows;
  } finally {
    await client.end();
  }
}

/** A local SMTP server that notes when each recipient's mail arrived (nothing parsed, nothing kept). */
async function startInbox() {
  /** @type {Map<string, number[]>} */
  const arrivals = new Map();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      stream.on("data", () => undefined);
      stream.on("end", () => {
        const at = performance.now() + performance.timeOrigin;
        for (const rcpt of session.envelope.rcptTo) {
          const address = rcpt.address.toLowerCase();
          arrivals.set(address, [...(arrivals.get(address) ?? []), at]);
        }
        callback();
      });
    },
  });
  await new Promise((listening) => server.listen(0, "127.0.0.1", () => listening(undefined)));
  const address = server.server.address();
  if (!address || typeof address === "string") throw new Error("SMTP server has no port");
  return { url: `smtp://127.0.0.1:${address.port}`, arrivals, close: () => new Promise((done) => server.close(done)) };
}

/** @param {{ databaseUrl: string, smtpUrl: string, cpu: string }} options */
async function startWorker(options) {
  const { child, output } = spawnPinned("node", ["apps/api/dist/worker.js"], {
    cpu: options.cpu,
    cwd: ROOT,
    env: {
      DATABASE_URL: options.databaseUrl,
      SMTP_URL: options.smtpUrl,
      DATA_DIR: mkdtempSync(join(tmpdir(), "plaza-bench-worker-")),
      LOG_LEVEL: "info",
    },
  });
  const deadline = Date.now() + 60_000;
  while (!output.join("").includes("Plaza worker running jobs")) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`worker did not start:\n${output.join("")}`);
    await sleep(20);
  }
  return { child, output, readyAt: performance.now() + performance.timeOrigin };
}

/** @param {Map<string, number[]>} arrivals @param {string[]} emails @param {number} timeoutMs */
async function waitForAll(arrivals, emails, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && !emails.every((email) => arrivals.has(email))) await sleep(50);
}

/**
 * @param {{ adminUrl: string, signUps: number, seconds: number, drainMails: number }} options
 */
export async function runLaunchDay(options) {
  await query(options.adminUrl, `drop database if exists ${DATABASE} with (force)`);
  await query(options.adminUrl, `create database ${DATABASE}`);
  const databaseUrl = withDatabase(options.adminUrl, DATABASE);
  const inbox = await startInbox();
  /** @type {import("node:child_process").ChildProcess[]} */
  const children = [];
  try {
    const api = await startApi({
      databaseUrl,
      cpu: "1",
      env: { JOBS: "on", WORKERS: "off", SMTP_URL: inbox.url, LOG_LEVEL: "info" },
    });
    children.push(api.child);
    const worker = await startWorker({ databaseUrl, smtpUrl: inbox.url, cpu: "0" });
    children.push(worker.child);

    // The burst: sign-up i is sent at start + i × (seconds / signUps), whatever happened to the others.
    const tag = randomBytes(3).toString("hex");
    /** @type {Map<string, number>} */
    const postedAt = new Map();
    const failures = [];
    const start = performance.now() + 200;
    const interval = (options.seconds * 1000) / options.signUps;
    await Promise.all(
      Array.from({ length: options.signUps }, async (_, index) => {
        const due = start + index * interval;
        const wait = due - performance.now();
        if (wait > 0) await sleep(wait);
        const email = `launch-${tag}-${index}@bench.test`;
        postedAt.set(email, performance.now() + performance.timeOrigin);
        const response = await fetch(`${api.baseUrl}/api/auth/register`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({
            email,
            password: "bench-password-1",
            username: `l${tag}${index}`,
            firstName: "Launch",
            lastName: "Day",
            profileType: "personal",
          }),
        });
        if (response.status !== 201) failures.push(`${response.status} ${await response.text()}`);
        await response.body?.cancel();
      }),
    );
    const burstSeconds = (performance.now() - start) / 1000;
    const emails = [...postedAt.keys()];
    await waitForAll(inbox.arrivals, emails, 120_000);
    const delays = emails
      .map((email) => (inbox.arrivals.get(email)?.[0] ?? Number.NaN) - (postedAt.get(email) ?? 0))
      .filter(Number.isFinite)
      .sort((a, b) => a - b);
    const lost = emails.filter((email) => !inbox.arrivals.has(email)).length;
    const twice = emails.filter((email) => (inbox.arrivals.get(email)?.length ?? 0) > 1).length;
    log(
      `launch: ${options.signUps} sign-ups in ${burstSeconds.toFixed(1)} s (${failures.length} refused), mail delay p50 ${percentile(delays, 0.5)?.toFixed(0)} ms, p99 ${percentile(delays, 0.99)?.toFixed(0)} ms, ${lost} lost, ${twice} twice`,
    );
    if (failures.length > 0) log(`launch: first refusal: ${failures[0]}`);

    // The drain's own speed: mails stored while no worker runs, then one worker starts.
    await stopChild(worker.child);
    const drainEmails = Array.from({ length: options.drainMails }, (_, index) => `drain-${tag}-${index}@bench.test`);
    await query(
      databaseUrl,
      `insert into mail_outbox (recipient, subject, text_body, html_body, lane, next_attempt_at, created_at)
       select unnest($1::text[]), 'Confirm your email · Plaza', 'Confirm your email: https://plaza.test/verify',
              '<p>Confirm your email</p>', 'account', now(), now()`,
      [drainEmails],
    );
    const drainer = await startWorker({ databaseUrl, smtpUrl: inbox.url, cpu: "0" });
    children.push(drainer.child);
    await waitForAll(inbox.arrivals, drainEmails, 120_000);
    const drainArrivals = drainEmails.map((email) => inbox.arrivals.get(email)?.[0] ?? Number.NaN);
    const lastArrival = Math.max(...drainArrivals.filter(Number.isFinite));
    const drainLost = drainArrivals.filter((at) => !Number.isFinite(at)).length;
    const drainSeconds = (lastArrival - drainer.readyAt) / 1000;
    const mailsPerSecond = (options.drainMails - drainLost) / drainSeconds;
    log(
      `launch: ${options.drainMails} stored mails sent in ${drainSeconds.toFixed(2)} s by one worker (${mailsPerSecond.toFixed(0)} a second), ${drainLost} lost`,
    );
    return {
      signUps: options.signUps,
      seconds: options.seconds,
      burstSeconds,
      refused: failures.length,
      p50Ms: percentile(delays, 0.5) ?? null,
      p99Ms: percentile(delays, 0.99) ?? null,
      maxMs: delays.at(-1) ?? null,
      lost,
      twice,
      drainMails: options.drainMails,
      drainSeconds,
      drainLost,
      mailsPerSecond,
    };
  } finally {
    for (const child of children) await stopChild(child);
    await inbox.close();
    await query(options.adminUrl, `drop database if exists ${DATABASE} with (force)`);
  }
}

// `node bench/launch.mjs`: the launch-day part alone (no dataset), printed, nothing written.
if (import.meta.url === `file://${process.argv[1]}`) {
  const adminUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
  runLaunchDay({ adminUrl, signUps: 500, seconds: 20, drainMails: 1000 }).then(
    (result) => console.log(JSON.stringify(result, null, 2)),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
}
