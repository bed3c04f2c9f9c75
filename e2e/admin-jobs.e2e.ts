import { randomBytes } from "node:crypto";
import pg from "pg";
import type { BrowserContext } from "playwright-core";
import { afterAll, beforeAll, expect, test } from "vitest";
import { addSessionCookie, registerViaApi } from "./support/accounts";
import { launchBrowser, newPage, screenshot } from "./support/browser";
import { type RunningServer, startServer } from "./support/server";

/**
 * The admin console's Jobs tab. On PostgreSQL (E2E_DATABASE_URL: the server then runs the pg-boss queue) a failed
 * job is listed with its error and the Retry button runs it again; on the embedded database the tab says that jobs
 * run in-process.
 */
const BOSS_EMAIL = "boss@plaza.test";
// The browser stage on PostgreSQL sets E2E_DATABASE_URL (.ci/run); TEST_DATABASE_URL works too.
const adminUrl = process.env.E2E_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const databaseName = `plaza_e2e_jobs_${randomBytes(4).toString("hex")}`;
let databaseUrl = "";
let server: RunningServer;
let bossCookie = "";
const contexts: BrowserContext[] = [];

async function query(url: string, sql: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql, values)).rows;
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  const env: Record<string, string> = { SUPERUSER_EMAILS: BOSS_EMAIL };
  if (adminUrl) {
    await query(adminUrl, `create database ${databaseName}`);
    const url = new URL(adminUrl);
    url.pathname = `/${databaseName}`;
    databaseUrl = url.toString();
    env.DATABASE_URL = databaseUrl;
  }
  server = await startServer({ env });
  bossCookie = (await registerViaApi(server.baseUrl, { email: BOSS_EMAIL, username: "boss_admin" })).sessionCookie;
});

afterAll(async () => {
  for (const context of contexts) await context.close();
  await server?.stop();
  if (adminUrl) await query(adminUrl, `drop database if exists ${databaseName} with (force)`);
});

async function jobsTab(device?: "phone") {
  const context = await launchBrowser(device ? { device } : {});
  contexts.push(context);
  await addSessionCookie(context, server.baseUrl, bossCookie);
  const { page, errors } = await newPage(context, device ? { viewport: { width: 390, height: 844 } } : {});
  await page.goto(`${server.baseUrl}/admin`, { waitUntil: "networkidle" });
  await page.getByRole("tab", { name: "Jobs" }).click();
  await page.getByRole("table", { name: "Background jobs" }).waitFor();
  return { page, errors };
}

test("the Jobs tab shows each queue's counts and which queue runs the jobs", async () => {
  const { page, errors } = await jobsTab();
  for (const queue of ["mail-account", "mail-notification", "video-processing", "pruning"])
    await page.getByRole("cell", { name: queue, exact: true }).waitFor();
  await page
    .getByText(adminUrl ? /PostgreSQL job queue \(pg-boss\)/ : /inside this process on the embedded database/)
    .waitFor();
  await screenshot(page, "admin-jobs-1280");
  expect(errors).toEqual([]);
});

test.skipIf(!adminUrl)("a failed job shows its error, and Retry runs it again (pg-boss)", async () => {
  // A pruning job that failed its last attempt (what a database outage during the hourly run leaves behind).
  const [failed] = await query(
    databaseUrl,
    `insert into pgboss.job (name, data, state, retry_limit, retry_count, output, started_on, completed_on, policy)
     values ('pruning', '{}', 'failed', 2, 2, '{"message":"connection terminated unexpectedly"}', now(), now(), 'short')
     returning id`,
  );
  const { page, errors } = await jobsTab("phone");
  const item = page.getByRole("list", { name: "Latest failed jobs" }).getByRole("listitem");
  await item.getByText("connection terminated unexpectedly").waitFor();
  await item.getByText("3 attempts").waitFor();
  await screenshot(page, "admin-jobs-failed-390");
  await item.getByRole("button", { name: "Retry pruning job" }).click();
  await page.getByText("Job queued again", { exact: true }).waitFor();
  await page.getByText("No failed jobs.").waitFor();
  await expect
    .poll(
      async () =>
        (await query(databaseUrl, "select state::text from pgboss.job where id = $1", [failed?.id]))[0]?.state,
      {
        timeout: 20_000,
      },
    )
    .toBe("completed");
  expect(errors).toEqual([]);
});
