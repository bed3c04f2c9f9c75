// HTTP helpers: starting the real API, signing in through it, and autocannon runs.
import { mkdtempSync, readFileSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import autocannon from "autocannon";
import { cpuSeconds, freePort, ROOT, spawnPinned, waitForHttp } from "./util.mjs";

/** The node flags `npm start` runs the server with (root package.json), so the bench measures the same process. */
function productionNodeFlags() {
  const start = JSON.parse(readFileSync(resolve(ROOT, "package.json"), "utf8")).scripts?.start ?? "";
  const match = /node ((?:--[\w-]+(?:=\S+)? )*)apps\/api\/dist\/server\.js/.exec(start);
  return (match?.[1] ?? "").trim().split(" ").filter(Boolean);
}

/**
 * Starts the built server (apps/api/dist/server.js) against `databaseUrl`, the way production runs it.
 * @param {{ databaseUrl: string, redisUrl?: string, cpu?: string, nodeArgs?: string[] }} options
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
        LOG_LEVEL: "warn",
        JOBS: "off",
        ...(options.redisUrl ? { REDIS_URL: options.redisUrl } : {}),
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
 * Latency at a fixed request rate, open loop: request i is due at start + i / rate, whatever happened to the
 * ones before (independent users arriving), over at most `connections` keep-alive connections. Each latency runs
 * from the request's due time to the end of its response, so a request that had to wait for a free connection or
 * for the server counts its wait (no coordinated omission).
 *
 * Not autocannon's `overallRate`: that lets each connection send back to back until it has made its share of the
 * second, then pause until the next second, so the first part of every second runs at full saturation and its
 * "latency at half load" is latency at saturation.
 * @param {{ url: string, headers?: Record<string, string>, seconds: number, connections: number, rate: number, pid?: number }} options
 */
export async function paced(options) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections });
  const target = new URL(options.url);
  const total = Math.round(options.rate * options.seconds);
  /** @type {number[]} */
  const latencies = [];
  let errors = 0;
  let bytes = 0;
  const send = (due) =>
    new Promise((done) => {
      const request = http.get(
        {
          agent,
          host: target.hostname,
          port: target.port,
          path: target.pathname + target.search,
          headers: options.headers,
        },
        (response) => {
          response.on("data", (chunk) => {
            bytes += chunk.length;
          });
          response.on("end", () => {
            if (response.statusCode !== 200) errors += 1;
            latencies.push(performance.now() - due);
            done(undefined);
          });
        },
      );
      request.on("error", () => {
        errors += 1;
        done(undefined);
      });
    });
  const cpuBefore = cpuSeconds(options.pid);
  const start = performance.now() + 50;
  /** @type {Promise<unknown>[]} */
  const inFlight = [];
  for (let index = 0; index < total; index += 1) {
    const due = start + (index * 1000) / options.rate;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((ready) => setTimeout(ready, wait - 1));
    while (performance.now() < due) {
      // Spin the last millisecond: timers are too coarse for sub-millisecond spacing.
    }
    inFlight.push(send(due));
  }
  await Promise.all(inFlight);
  const cpuAfter = cpuSeconds(options.pid);
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (fraction) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * fraction))] ?? 0;
  return {
    rps: Number((latencies.length / options.seconds).toFixed(1)),
    p50Ms: Number(at(0.5).toFixed(2)),
    p99Ms: Number(at(0.99).toFixed(2)),
    maxMs: Number((latencies.at(-1) ?? 0).toFixed(2)),
    errors,
    bytesPerResponse: latencies.length > 0 ? Math.round(bytes / latencies.length) : 0,
    serverCpuPercent:
      cpuBefore !== null && cpuAfter !== null ? Math.round(((cpuAfter - cpuBefore) / options.seconds) * 100) : null,
  };
}
