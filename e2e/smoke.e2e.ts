import type { BrowserContext } from "playwright-core";
import { afterAll, beforeAll, expect, test } from "vitest";
import { launchBrowser, newPage, screenshot } from "./support/browser";
import { findFreePort, type RunningServer, startServer } from "./support/server";

let server: RunningServer;
let context: BrowserContext;

// The embedded database (PGlite) whatever E2E_DATABASE_URL says: this is the server `npm start` runs with nothing
// configured, and the other browser tests run on PostgreSQL in CI.
beforeAll(async () => {
  server = await startServer({ database: "embedded" });
  context = await launchBrowser();
});

afterAll(async () => {
  await context?.close();
  await server?.stop();
});

test("the built server answers health checks, serves the app shell and 404s unknown API paths", async () => {
  const { page, errors } = await newPage(context);

  await page.goto(`${server.baseUrl}/healthz`);
  expect(await page.locator("body").textContent()).toContain("ok");

  // E2E_SKIP_WEB_CHECK=1 means the web app was not built, so there is no shell to check.
  if (process.env.E2E_SKIP_WEB_CHECK !== "1") {
    // networkidle: the shell has asked who is signed in and rendered, so the screenshot shows the page.
    await page.goto(`${server.baseUrl}/`, { waitUntil: "networkidle" });
    expect(await page.title()).toContain("Plaza");
    await screenshot(page, "smoke-home");
  }

  const missing = await fetch(`${server.baseUrl}/api/nope`);
  expect(missing.status).toBe(404);
  expect(errors).toEqual([]);
});

test("a server that cannot start says why: bad configuration as a list, anything else with its stack", async () => {
  const failedStart = (env: Record<string, string>) =>
    startServer({ env, label: "failed-start" }).then(
      () => expect.fail("the server started"),
      (error: Error) => error.message,
    );

  const badConfig = await failedStart({ PORT: "not-a-port" });
  expect(badConfig).toContain("Invalid configuration:\n  PORT:");
  expect(badConfig).not.toMatch(/^\s+at /m);

  // Nothing listens on a port just found free, so the migration's first query is refused.
  const unreachable = `postgres://postgres@127.0.0.1:${await findFreePort()}/plaza`;
  const noDatabase = await failedStart({ DATABASE_URL: unreachable });
  // Where it failed and the underlying cause, so a start that breaks in CI can be read from the log alone.
  expect(noDatabase).toMatch(/^\s+at (async )?main /m);
  expect(noDatabase).toContain("cause: Error: connect ECONNREFUSED");
});
