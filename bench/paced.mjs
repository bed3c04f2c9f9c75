// Latency at a fixed request rate (open loop), run in a fresh process so the load generator's own heap (it has
// run every autocannon scenario before) adds no garbage-collection pauses to the figures.
import http from "node:http";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { cpuSeconds, percentile } from "./util.mjs";

/**
 * Latency at a fixed request rate, open loop: request i is due at start + i / rate, whatever happened to the
 * ones before (independent users arriving), over at most `connections` keep-alive connections. Each latency runs
 * from the request's due time to the end of its response, so a request that had to wait for a free connection or
 * for the server counts its wait (no coordinated omission).
 *
 * Not autocannon's `overallRate`: that lets each connection send back to back until it has made its share of the
 * second, then pause until the next second, so the first part of every second runs at full saturation and its
 * "latency at half load" is latency at saturation.
 *
 * The first `leadInSeconds` run at the same rate on the same connections but are not counted: a fresh generator
 * process opens its connections and compiles its own code then, which showed as a burst of late requests in the
 * first second of most runs (p99 50–180 ms from that second alone).
 * @param {{ url: string, headers?: Record<string, string>, seconds: number, leadInSeconds?: number, connections: number, rate: number, pid?: number }} options
 */
export async function pacedRun(options) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections });
  const target = new URL(options.url);
  const leadIn = Math.round(options.rate * (options.leadInSeconds ?? 0));
  const total = leadIn + Math.round(options.rate * options.seconds);
  /** @type {number[]} */
  const latencies = [];
  let errors = 0;
  let bytes = 0;
  /** @param {number} due @param {boolean} counts */
  const send = (due, counts) =>
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
            if (counts) bytes += chunk.length;
          });
          response.on("end", () => {
            if (response.statusCode !== 200) errors += 1;
            if (counts) latencies.push(performance.now() - due);
            done(undefined);
          });
        },
      );
      request.on("error", () => {
        errors += 1;
        done(undefined);
      });
    });
  let cpuBefore = cpuSeconds(options.pid);
  const start = performance.now() + 50;
  /** @type {Promise<unknown>[]} */
  const inFlight = [];
  // Every timer tick sends all the requests that are due by then, then sleeps until the next one is due. No busy
  // waiting: this process shares the machine with the database, and a timer firing late only makes the server
  // look slower (latencies count from the due time).
  let index = 0;
  while (index < total) {
    const now = performance.now();
    for (; index < total && start + (index * 1000) / options.rate <= now; index += 1) {
      if (index === leadIn) cpuBefore = cpuSeconds(options.pid);
      inFlight.push(send(start + (index * 1000) / options.rate, index >= leadIn));
    }
    if (index < total) {
      const wait = start + (index * 1000) / options.rate - performance.now();
      await new Promise((ready) => setTimeout(ready, Math.max(0, wait)));
    }
  }
  await Promise.all(inFlight);
  const cpuAfter = cpuSeconds(options.pid);
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (fraction) => percentile(latencies, fraction);
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

// Run as a script: one paced run with the JSON options of argv[2], result as one JSON line.
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.stdout.write(`${JSON.stringify(await pacedRun(JSON.parse(process.argv[2] ?? "{}")))}\n`);
}
