// Sign-up through /login with several browsers at once (issue 52: "over 15 s with four sessions on a 2-core
// machine"). Starts the built server (`npm run build` first) on a fresh embedded database (PGlite), opens N browser
// contexts in one Chromium and, in all of them at once, loads /login?tab=register, fills the form, submits and
// waits for the new account's home ("Welcome to Plaza, …"). Prints, per session and as the median and the worst:
// the page until the form can be typed in, the form filled, the register request (as the browser timed it), and
// the submit until the home shows. No assertion: numbers to read (bench/results/signup.md keeps the last ones).
//   node bench/signup.mjs [--sessions 4] [--rounds 3] [--url http://127.0.0.1:3000 (an already running server)]
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

const ROOT = resolve(fileURLToPath(new URL("..", import.meta.url)));
const argument = (name, fallback) => {
  const index = process.argv.indexOf(`--${name}`);
  return index === -1 ? fallback : process.argv[index + 1];
};
const SESSIONS = Number(argument("sessions", "4"));
const ROUNDS = Number(argument("rounds", "3"));
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

function freePort() {
  return new Promise((resolvePort) => {
    const probe = createServer();
    probe.listen(0, "127.0.0.1", () => {
      const { port } = /** @type {import("node:net").AddressInfo} */ (probe.address());
      probe.close(() => resolvePort(port));
    });
  });
}

async function startServer() {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), "plaza-signup-bench-"));
  const child = spawn(process.execPath, [join(ROOT, "apps/api/dist/server.js")], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? "",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      DEMO_DATA: "false",
      IP_RATE_LIMITS: "off",
      LOG_LEVEL: "warn",
      MAP_TILE_URL: "http://127.0.0.1:9/{z}/{x}/{y}.png",
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  for (let waited = 0; waited < 180_000; waited += 250) {
    try {
      if ((await fetch(`${baseUrl}/readyz`)).ok) break;
    } catch {}
    await new Promise((resolveWait) => setTimeout(resolveWait, 250));
  }
  return {
    baseUrl,
    stop: async () => {
      child.kill("SIGTERM");
      await new Promise((resolveExit) => child.once("exit", resolveExit));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

let sequence = 0;
/** One sign-up in its own context: the phases in milliseconds. */
async function signUp(browser, baseUrl) {
  sequence += 1;
  const tag = `${Date.now().toString(36)}${sequence}`;
  const context = await browser.newContext({ viewport: { width: 390, height: 800 } });
  const page = await context.newPage();
  let registerMs = null;
  /** After the submit: each request finished, with when it started (ms after the submit) and how long it took. */
  const afterSubmit = [];
  let submittedAt = Number.POSITIVE_INFINITY;
  page.on("requestfinished", (request) => {
    const timing = request.timing();
    const took = timing.responseEnd - timing.requestStart;
    if (request.url().endsWith("/api/auth/register")) registerMs = took;
    if (timing.startTime >= submittedAt) {
      afterSubmit.push(
        `${Math.round(timing.startTime - submittedAt)}+${Math.round(took)} ${request.method()} ${new URL(request.url()).pathname}`,
      );
    }
  });
  const started = performance.now();
  await page.goto(`${baseUrl}/login?tab=register`);
  await page.getByLabel("First name").waitFor();
  // Typed in only once the page answers to it (hydrated): a fill before that is lost.
  await page.waitForFunction(() => document.querySelector("input[name=firstName]") !== null);
  const formReady = performance.now();
  await page.getByLabel("First name").fill("Bench");
  await page.getByLabel("Last name").fill(`Person ${sequence}`);
  await page.getByLabel("Username").fill(`bench_${tag}`);
  await page.getByLabel("Email").fill(`bench_${tag}@example.test`);
  await page.getByLabel("Password").fill("a long bench password 1");
  await page.getByLabel("I have read and agree to the User Agreement").check();
  const filled = performance.now();
  submittedAt = Date.now();
  await page.getByRole("button", { name: "Create account" }).last().click();
  await page.waitForURL(`${baseUrl}/`, { timeout: 120_000 });
  const landed = performance.now();
  await page.getByRole("heading", { name: /Welcome to Plaza/ }).waitFor({ timeout: 120_000 });
  const home = performance.now();
  await context.close();
  if (process.argv.includes("--trace")) console.log(afterSubmit.join("\n"));
  return {
    loadMs: formReady - started,
    fillMs: filled - formReady,
    registerMs,
    submitToUrlMs: landed - filled,
    submitToHomeMs: home - filled,
    totalMs: home - started,
  };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

async function main() {
  if (!argument("url", null) && !existsSync(join(ROOT, "apps/api/dist/server.js"))) {
    throw new Error("No built server: run npm run build first");
  }
  const server = argument("url", null) ? { baseUrl: argument("url", null), stop: async () => {} } : await startServer();
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
  });
  try {
    // One sign-up alone first: the server's cold paths (first query plans, lazy chunks read from disk).
    const warm = await signUp(browser, server.baseUrl);
    console.log(`warm-up alone: ${JSON.stringify(round(warm))}`);
    const rows = [];
    for (let index = 0; index < ROUNDS; index += 1) {
      const results = await Promise.all(Array.from({ length: SESSIONS }, () => signUp(browser, server.baseUrl)));
      for (const result of results) console.log(`round ${index + 1}: ${JSON.stringify(round(result))}`);
      rows.push(...results);
    }
    for (const key of ["loadMs", "fillMs", "registerMs", "submitToUrlMs", "submitToHomeMs", "totalMs"]) {
      const values = rows.map((row) => row[key] ?? 0);
      console.log(
        `${key.padEnd(15)} median ${Math.round(median(values))} ms, worst ${Math.round(Math.max(...values))} ms`,
      );
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}

function round(result) {
  return Object.fromEntries(
    Object.entries(result).map(([key, value]) => [key, value === null ? null : Math.round(value)]),
  );
}

await main();
