// HTTP helpers: starting the real API, signing in through it, and autocannon runs.
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import autocannon from "autocannon";
import { BENCH_DIR, BENCH_POOL_SIZE, cpuSeconds, freePort, ROOT, spawnPinned, waitForHttp } from "./util.mjs";

/** The node flags `npm start` runs the server with (root package.json), so the bench measures the same process. */
function productionNodeFlags() {
  const start = JSON.parse(readFileSync(resolve(ROOT, "package.json"), "utf8")).scripts?.start ?? "";
  // `npm start` runs the server through scripts/supported-node.mjs (its own `--supervise` first), which passes the
  // flags on to Node.
  const match =
    /node (?:scripts\/supported-node\.mjs (?:--supervise )?)?((?:--[\w-]+(?:=\S+)? )*)apps\/api\/dist\/server\.js/.exec(
      start,
    );
  // Silently measuring another process than production runs cost a run its idle RSS (253 instead of 145 MB).
  if (!match)
    throw new Error(`bench/http.mjs: cannot find how \`npm start\` runs apps/api/dist/server.js in "${start}"`);
  return (match[1] ?? "").trim().split(" ").filter(Boolean);
}

/**
 * Starts the built server (apps/api/dist/server.js) against `databaseUrl`, the way production runs it.
 * @param {{ databaseUrl: string, redisUrl?: string, cpu?: string, nodeArgs?: string[], env?: Record<string, string> }} options
 */
export async function startApi(options) {
  const port = await freePort();
  const { child, output } = spawnPinned(
    "node",
    [...productionNodeFlags(), ...(options.nodeArgs ?? []), "apps/api/dist/server.js"],
    {
      cpu: options.cpu,
      env: {
        PORT: String(port),
        HOST: "127.0.0.1",
        DATABASE_URL: options.databaseUrl,
        DATA_DIR: mkdtempSync(join(tmpdir(), "plaza-bench-")),
        IP_RATE_LIMITS: "off",
        LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? "warn",
        JOBS: "off",
        DATABASE_POOL_SIZE: String(BENCH_POOL_SIZE),
        ...(options.redisUrl ? { REDIS_URL: options.redisUrl } : {}),
        ...options.env,
      },
      cwd: ROOT,
    },
  );
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitForHttp(`${baseUrl}/readyz`, child, output);
  return { child, output, baseUrl, port };
}

/**
 * Signs in through POST /api/auth/login and returns the Cookie header value.
 * @param {string} baseUrl @param {string} email @param {string} password
 */
export async function signIn(baseUrl, email, password) {
  const response = await fetch(`${baseUrl}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`sign-in of ${email} failed: ${response.status} ${await response.text()}`);
  const setCookie = response.headers.getSetCookie().find((value) => value.startsWith("plaza_session="));
  if (!setCookie) throw new Error(`sign-in of ${email} set no session cookie`);
  return setCookie.split(";")[0] ?? "";
}

/**
 * GET with a cookie; returns the parsed body and the next-page cursor.
 * @param {string} url @param {string} cookie
 */
export async function getJson(url, cookie) {
  const response = await fetch(url, { headers: { cookie } });
  if (!response.ok) throw new Error(`GET ${url}: ${response.status} ${await response.text()}`);
  return { body: await response.json(), nextCursor: response.headers.get("x-next-cursor") };
}

/**
 * One autocannon run at maximum throughput (no pipelining); `pid` is the server process whose CPU use is reported.
 * Latency at a fixed rate is `paced`'s.
 * @param {{ url: string, headers?: Record<string, string>, seconds: number, connections: number, pid?: number }} options
 */
export async function load(options) {
  const cpuBefore = cpuSeconds(options.pid);
  const result = await autocannon({
    url: options.url,
    headers: options.headers ?? {},
    connections: options.connections,
    pipelining: 1,
    duration: options.seconds,
  });
  const cpuAfter = cpuSeconds(options.pid);
  return {
    rps: Number((result.requests.total / options.seconds).toFixed(1)),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    bytesPerResponse: result.requests.total > 0 ? Math.round(result.throughput.total / result.requests.total) : 0,
    serverCpuPercent:
      cpuBefore !== null && cpuAfter !== null ? Math.round(((cpuAfter - cpuBefore) / options.seconds) * 100) : null,
  };
}

/**
 * Latency at a fixed request rate, open loop (see bench/paced.mjs), measured by a fresh process pinned like this
 * one (CPU 0).
 * @param {{ url: string, headers?: Record<string, string>, seconds: number, connections: number, rate: number, pid?: number }} options
 */
export async function paced(options) {
  const { child, output } = spawnPinned("node", [resolve(BENCH_DIR, "paced.mjs"), JSON.stringify(options)], {
    cpu: "0",
  });
  const code = await new Promise((done) => child.on("exit", done));
  const line = output
    .join("")
    .split("\n")
    .find((candidate) => candidate.startsWith("{"));
  if (code !== 0 || !line) throw new Error(`paced run failed (${code}):\n${output.join("")}`);
  return JSON.parse(line);
}
