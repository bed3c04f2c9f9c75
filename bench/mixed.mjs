// Mixed traffic: the reads and writes of a town using the app at once, sent by one generator process, with
// latency and errors per endpoint. Two modes:
// - "closed": `connections` loops, each sending its next request when the last one answered (max throughput);
// - "open": request i is due at start + i / rate whatever happened to the others (as bench/paced.mjs), over at most
//   `connections` keep-alive connections, each timed from its due time.
// Which endpoint request i goes to follows the weights (smooth weighted round robin, so every second has the same
// mix); what it sends is built by `buildRequest` from the prepared context: the n-th like, post, check-in… of a run
// is a distinct (account, target) pair, so no write is refused as a repeat or by a per-account quota.
import http from "node:http";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { cpuSeconds, percentile } from "./util.mjs";

/** Endpoints of the mix and their shares (percent of requests). Reads ≈ 75 %, writes ≈ 25 %. */
export const MIX = /** @type {const} */ ([
  ["feed", 36, "GET /api/posts/feed"],
  ["nearby", 10, "GET /api/posts/nearby"],
  ["discover", 10, "GET /api/businesses (Discover, nearest first)"],
  ["reviews", 8, "GET /api/businesses/:id/reviews"],
  ["search", 4, "GET /api/search?type=posts"],
  ["like", 12, "POST /api/likes"],
  ["comment", 5, "POST /api/posts/:id/comments"],
  ["post", 3, "POST /api/posts"],
  ["message", 7, "POST /api/messages"],
  ["checkin", 3, "POST /api/businesses/:id/checkins"],
  ["redeem", 2, "POST /api/coupons/:id/redeem"],
]);

/**
 * @typedef {{
 *   viewers: string[],
 *   actors: { id: string, cookie: string }[],
 *   postIds: string[],
 *   businessIds: string[],
 *   checkinBusinesses: { id: string, latitude: number, longitude: number, visitCode: string, couponIds: string[] }[],
 *   center: { latitude: number, longitude: number },
 *   searchTerms: string[],
 * }} MixContext
 */

/**
 * The n-th request of endpoint `name` (n counts from 0 over the whole bench, across runs).
 * Redemptions: actor i has a verified check-in at checkinBusinesses[i % B] (made before the run), and redeems that
 * business's coupons; the mix's own check-ins go to the other businesses, (i + 1 + ⌊n / A⌋) % B.
 * @param {string} name @param {number} n @param {MixContext} c
 * @returns {{ method: string, path: string, cookie: string, body?: unknown }}
 */
export function buildRequest(name, n, c) {
  const A = c.actors.length;
  const actor = c.actors[n % A];
  const round = Math.floor(n / A);
  const { latitude, longitude } = c.center;
  switch (name) {
    case "feed":
      return { method: "GET", path: "/api/posts/feed", cookie: c.viewers[n % c.viewers.length] ?? "" };
    case "nearby":
      return {
        method: "GET",
        path: `/api/posts/nearby?latitude=${latitude}&longitude=${longitude}&radius=10`,
        cookie: actor.cookie,
      };
    case "discover":
      return {
        method: "GET",
        path: `/api/businesses?latitude=${latitude}&longitude=${longitude}`,
        cookie: actor.cookie,
      };
    case "reviews":
      return {
        method: "GET",
        path: `/api/businesses/${c.businessIds[(n * 7) % c.businessIds.length]}/reviews`,
        cookie: actor.cookie,
      };
    case "search":
      return {
        method: "GET",
        path: `/api/search?q=${encodeURIComponent(c.searchTerms[n % c.searchTerms.length] ?? "coffee")}&type=posts&limit=10`,
        cookie: actor.cookie,
      };
    case "like":
      return {
        method: "POST",
        path: "/api/likes",
        cookie: actor.cookie,
        body: { postId: c.postIds[(n * 13 + round) % c.postIds.length] },
      };
    case "comment":
      return {
        method: "POST",
        path: `/api/posts/${c.postIds[(n * 17) % c.postIds.length]}/comments`,
        cookie: actor.cookie,
        body: { content: `Bench comment ${n}: see you there!` },
      };
    case "post":
      return {
        method: "POST",
        path: "/api/posts",
        cookie: actor.cookie,
        body: { content: `Bench post ${n}: the farmers market is open until noon today.` },
      };
    case "message":
      return {
        method: "POST",
        path: "/api/messages",
        cookie: actor.cookie,
        body: { recipientId: c.actors[(n + 1 + round) % A]?.id, content: `Bench message ${n}` },
      };
    case "checkin": {
      const B = c.checkinBusinesses.length;
      const business = c.checkinBusinesses[((n % A) + 1 + (round % (B - 1))) % B];
      return {
        method: "POST",
        path: `/api/businesses/${business?.id}/checkins`,
        cookie: actor.cookie,
        body: { latitude: business?.latitude, longitude: business?.longitude, visitCode: business?.visitCode },
      };
    }
    case "redeem": {
      const business = c.checkinBusinesses[(n % A) % c.checkinBusinesses.length];
      return {
        method: "POST",
        path: `/api/coupons/${business?.couponIds[round % 2]}/redeem`,
        cookie: actor.cookie,
        body: {},
      };
    }
    default:
      throw new Error(`unknown mix endpoint ${name}`);
  }
}

/** Endpoint of each request slot, smooth weighted round robin over MIX. @param {number} count */
export function schedule(count) {
  const total = MIX.reduce((sum, [, weight]) => sum + weight, 0);
  const current = MIX.map(() => 0);
  /** @type {number[]} */
  const order = [];
  for (let i = 0; i < count; i += 1) {
    let best = 0;
    for (let k = 0; k < MIX.length; k += 1) {
      current[k] = (current[k] ?? 0) + (MIX[k]?.[1] ?? 0);
      if ((current[k] ?? 0) > (current[best] ?? 0)) best = k;
    }
    current[best] = (current[best] ?? 0) - total;
    order.push(best);
  }
  return order;
}

/**
 * One mixed run. Returns per-endpoint figures and how many requests of each endpoint it used (`next`), which the
 * caller passes as `start` to the next run so writes never repeat.
 * @param {{ baseUrl: string, mode: "closed" | "open", seconds: number, leadInSeconds: number, connections: number,
 *   rate?: number, context: MixContext, start: Record<string, number>, pid?: number }} options
 */
export async function mixedRun(options) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections });
  const target = new URL(options.baseUrl);
  const next = Object.fromEntries(MIX.map(([name]) => [name, options.start[name] ?? 0]));
  /** @type {Record<string, { latencies: number[], errors: number, statuses: Record<string, number> }>} */
  const stats = Object.fromEntries(MIX.map(([name]) => [name, { latencies: [], errors: 0, statuses: {} }]));
  const order = schedule(MIX.reduce((sum, [, weight]) => sum + weight, 0));
  let slot = 0;
  /** @param {number} due @param {boolean} counts */
  const send = (due, counts) =>
    new Promise((done) => {
      const k = order[slot % order.length] ?? 0;
      slot += 1;
      const name = MIX[k]?.[0] ?? "feed";
      const n = next[name] ?? 0;
      next[name] = n + 1;
      const request = buildRequest(name, n, options.context);
      const payload = request.body === undefined ? undefined : JSON.stringify(request.body);
      const entry = stats[name];
      const req = http.request(
        {
          agent,
          method: request.method,
          host: target.hostname,
          port: target.port,
          path: request.path,
          headers: {
            cookie: request.cookie,
            ...(payload === undefined
              ? {}
              : {
                  "content-type": "application/json",
                  "content-length": Buffer.byteLength(payload),
                  origin: options.baseUrl,
                }),
          },
        },
        (response) => {
          response.resume();
          response.on("end", () => {
            const ok = (response.statusCode ?? 0) >= 200 && (response.statusCode ?? 0) < 300;
            if (counts && entry) {
              entry.latencies.push(performance.now() - due);
              if (!ok) {
                entry.errors += 1;
                const status = String(response.statusCode);
                entry.statuses[status] = (entry.statuses[status] ?? 0) + 1;
              }
            }
            done(undefined);
          });
        },
      );
      req.on("error", () => {
        if (counts && entry) {
          entry.errors += 1;
          entry.statuses.network = (entry.statuses.network ?? 0) + 1;
        }
        done(undefined);
      });
      req.end(payload);
    });

  let cpuBefore = cpuSeconds(options.pid);
  const started = performance.now() + 50;
  const countFrom = started + options.leadInSeconds * 1000;
  const end = countFrom + options.seconds * 1000;
  let cpuMarked = false;
  const markCpu = () => {
    if (!cpuMarked && performance.now() >= countFrom) {
      cpuBefore = cpuSeconds(options.pid);
      cpuMarked = true;
    }
  };
  if (options.mode === "closed") {
    await new Promise((ready) => setTimeout(ready, 50));
    const loop = async () => {
      while (performance.now() < end) {
        markCpu();
        const now = performance.now();
        await send(now, now >= countFrom);
      }
    };
    await Promise.all(Array.from({ length: options.connections }, loop));
  } else {
    const rate = options.rate ?? 1;
    const total = Math.round(rate * (options.leadInSeconds + options.seconds));
    const leadIn = Math.round(rate * options.leadInSeconds);
    /** @type {Promise<unknown>[]} */
    const inFlight = [];
    let index = 0;
    while (index < total) {
      const now = performance.now();
      for (; index < total && started + (index * 1000) / rate <= now; index += 1) {
        if (index === leadIn) cpuBefore = cpuSeconds(options.pid);
        inFlight.push(send(started + (index * 1000) / rate, index >= leadIn));
      }
      if (index < total) {
        const wait = started + (index * 1000) / rate - performance.now();
        await new Promise((ready) => setTimeout(ready, Math.max(0, wait)));
      }
    }
    await Promise.all(inFlight);
  }
  const cpuAfter = cpuSeconds(options.pid);
  agent.destroy();
  /** @type {Record<string, { requests: number, rps: number, p50Ms: number, p99Ms: number, maxMs: number, errors: number, statuses: Record<string, number> }>} */
  const endpoints = {};
  let requests = 0;
  let errors = 0;
  for (const [name] of MIX) {
    const entry = stats[name];
    if (!entry) continue;
    const sorted = entry.latencies.sort((a, b) => a - b);
    requests += sorted.length;
    errors += entry.errors;
    endpoints[name] = {
      requests: sorted.length,
      rps: Number((sorted.length / options.seconds).toFixed(1)),
      p50Ms: Number(percentile(sorted, 0.5).toFixed(2)),
      p99Ms: Number(percentile(sorted, 0.99).toFixed(2)),
      maxMs: Number((sorted.at(-1) ?? 0).toFixed(2)),
      errors: entry.errors,
      statuses: entry.statuses,
    };
  }
  return {
    rps: Number((requests / options.seconds).toFixed(1)),
    errors,
    serverCpuPercent:
      cpuBefore !== null && cpuAfter !== null ? Math.round(((cpuAfter - cpuBefore) / options.seconds) * 100) : null,
    endpoints,
    next,
  };
}

// Run as a script: one run with the options in the JSON file argv[2], result as one JSON line.
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { readFileSync } = await import("node:fs");
  const options = JSON.parse(readFileSync(process.argv[2] ?? "", "utf8"));
  process.stdout.write(`${JSON.stringify(await mixedRun(options))}\n`);
}
