// Mixed traffic and the celebrity scenario, against the API the HTTP scenarios use.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import pg from "pg";
import { getJson, paced } from "./http.mjs";
import { MIX } from "./mixed.mjs";
import { benchUuid, userUuid } from "./seed.mjs";
import { createSessions } from "./sessions.mjs";
import { BENCH_DIR, log, percentile, sleep, spawnPinned } from "./util.mjs";

/** Businesses whose visit codes the mix uses for check-ins and whose coupons it redeems. */
const CHECKIN_BUSINESSES = 40;

/**
 * Accounts that act in the mix: public, not a celebrity, a viewer or a business owner.
 * @param {{ users: number, businesses: number, viewerFirst: number, viewerLast: number }} size
 */
function actorNumbers(size, count) {
  /** @type {number[]} */
  const numbers = [];
  for (let n = 11; numbers.length < count && n <= size.users - size.businesses; n += 1) {
    if (n % 50 === 3 || (n >= size.viewerFirst && n <= size.viewerLast)) continue;
    numbers.push(n);
  }
  return numbers;
}

/**
 * Sessions, targets and the check-ins redemptions need. @param {string} databaseUrl @param {string} baseUrl
 * @param {ReturnType<typeof import("./seed.mjs").datasetSize>} size @param {{ latitude: number, longitude: number }} center
 * @returns {Promise<import("./mixed.mjs").MixContext>}
 */
export async function prepareMix(databaseUrl, baseUrl, size, center) {
  const actors = actorNumbers(size, Math.min(2000, Math.floor(size.users / 3)));
  const actorIds = actors.map((n) => userUuid(n));
  const viewerIds = Array.from({ length: size.viewerLast - size.viewerFirst + 1 }, (_, i) =>
    userUuid(size.viewerFirst + i),
  );
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows: posts } = await client.query(
      `select p.id from posts p join users u on u.id = p.author_id
       where p.post_type = 'free' and u.account_visibility = 'public' and p.author_id > $1::uuid
       order by p.created_at desc limit 2000`,
      [userUuid(10)],
    );
    const { rows: businesses } = await client.query(
      `select b.id, b.owner_id, b.latitude, b.longitude, array_agg(c.id order by c.id) as coupons
       from businesses b join coupons c on c.business_id = b.id
       where b.is_published group by b.id order by b.id limit $1`,
      [CHECKIN_BUSINESSES],
    );
    // Redemptions need a verified check-in of the last 24 hours: actor i has one at business i % B.
    await client.query(
      `insert into checkins (user_id, business_id, distance_meters, checked_in_at)
       select actor, ($2::uuid[])[1 + (idx - 1) % cardinality($2::uuid[])], 10, now()
       from unnest($1::uuid[]) with ordinality as input(actor, idx)`,
      [actorIds, businesses.map((row) => row.id)],
    );
    const ownerCookies = await createSessions(
      databaseUrl,
      businesses.map((row) => row.owner_id),
    );
    const [actorCookies, viewerCookies] = await Promise.all([
      createSessions(databaseUrl, actorIds),
      createSessions(databaseUrl, viewerIds),
    ]);
    const checkinBusinesses = [];
    for (const [index, row] of businesses.entries()) {
      const code = await getJson(`${baseUrl}/api/businesses/${row.id}/visit-code`, ownerCookies[index] ?? "");
      checkinBusinesses.push({
        id: row.id,
        latitude: Number(row.latitude),
        longitude: Number(row.longitude),
        visitCode: String(code.body.code),
        couponIds: row.coupons,
      });
    }
    return {
      viewers: viewerCookies,
      actors: actorIds.map((id, index) => ({ id, cookie: actorCookies[index] ?? "" })),
      postIds: posts.map((row) => row.id),
      businessIds: Array.from({ length: size.businesses }, (_, i) => benchUuid(5, i + 1)),
      checkinBusinesses,
      center,
      searchTerms: ["coffee", "taco", "mural", "market", "sunset", "music", "bookshop", "lake"],
    };
  } finally {
    await client.end();
  }
}

/**
 * One run of bench/mixed.mjs in a fresh process pinned to the generator's CPU.
 * @param {Record<string, unknown>} options
 */
async function mixedProcess(options) {
  const file = join(mkdtempSync(join(tmpdir(), "plaza-bench-mix-")), "options.json");
  writeFileSync(file, JSON.stringify(options));
  const { child, output } = spawnPinned("node", [resolve(BENCH_DIR, "mixed.mjs"), file], { cpu: "0" });
  const code = await new Promise((done) => child.on("exit", done));
  const line = output
    .join("")
    .split("\n")
    .find((candidate) => candidate.startsWith("{"));
  if (code !== 0 || !line) throw new Error(`mixed run failed (${code}):\n${output.join("")}`);
  return JSON.parse(line);
}

/**
 * Max throughput of the mix (closed loop, after a warm-up), then one open-loop run at half of it.
 * @param {{ baseUrl: string, context: import("./mixed.mjs").MixContext, seconds: number, warmupSeconds: number,
 *   connections: number, pid?: number }} options
 */
export async function runMix(options) {
  /** @type {Record<string, number>} */
  let start = {};
  const base = {
    baseUrl: options.baseUrl,
    context: options.context,
    connections: options.connections,
    pid: options.pid,
  };
  log("mixed traffic: max throughput (closed loop)");
  const max = await mixedProcess({
    ...base,
    mode: "closed",
    seconds: options.seconds,
    leadInSeconds: options.warmupSeconds,
    start,
  });
  start = max.next;
  const rate = Math.max(MIX.length, Math.round(max.rps / 2));
  log(`  mix max ${max.rps} req/s (${max.errors} errors); open loop at ${rate} req/s`);
  const fixed = await mixedProcess({ ...base, mode: "open", rate, seconds: options.seconds, leadInSeconds: 1, start });
  return {
    max: { rps: max.rps, errors: max.errors, serverCpuPercent: max.serverCpuPercent, endpoints: max.endpoints },
    fixed: { rate, ...fixed, next: undefined },
  };
}

/**
 * Celebrities post while their followers read: the ten ≈20k-follower accounts post one after another (every
 * `intervalMs`), while a paced load of feed reads by followers runs; after each POST answers, a follower's feed is
 * read until the post is on its first page. visibleMs runs from just before the POST to that read's answer.
 * @param {{ databaseUrl: string, baseUrl: string, viewerCookies: string[], readRate: number, posts: number,
 *   intervalMs: number, pid?: number, connections: number }} options
 */
export async function runCelebrity(options) {
  const celebrityIds = Array.from({ length: 10 }, (_, i) => userUuid(i + 1));
  const cookies = await createSessions(options.databaseUrl, celebrityIds);
  const client = new pg.Client({ connectionString: options.databaseUrl });
  await client.connect();
  const followers = await client
    .query("select min(followers_count)::int as fewest from users where id = any($1::uuid[])", [celebrityIds])
    .finally(() => client.end());
  // The followers read through the opening round and the measured posts.
  const seconds = Math.ceil(((celebrityIds.length + options.posts) * options.intervalMs) / 1000) + 2;
  // Followers' reads, open loop, in their own process (the viewers all follow the ten celebrities).
  const background = paced({
    url: `${options.baseUrl}/api/posts/feed`,
    headers: { cookie: options.viewerCookies[1] ?? "" },
    seconds,
    leadInSeconds: 1,
    connections: options.connections,
    rate: options.readRate,
    pid: options.pid,
  });
  await sleep(1500);
  // An opening round, reported on its own as the delivery scenario's is: each celebrity's first post in this
  // process. The first POST /api/posts a process serves compiles its code path and prepares its statements on
  // a connection (106 ms against 8-16 ms for the next ones, server-side, in the run that found it): a process
  // start, not the steady state the target is about.
  /** @type {number[]} */
  const opening = [];
  for (const cookie of cookies) {
    const started = performance.now();
    const response = await fetch(`${options.baseUrl}/api/posts`, {
      method: "POST",
      headers: { cookie, "content-type": "application/json", origin: options.baseUrl },
      body: JSON.stringify({ content: "Celebrity bench opening post" }),
    });
    await response.arrayBuffer();
    opening.push(performance.now() - started);
    await sleep(options.intervalMs);
  }
  /** @type {number[]} */
  const postLatencies = [];
  /** @type {number[]} */
  const visible = [];
  let errors = 0;
  const follower = options.viewerCookies[0] ?? "";
  for (let k = 0; k < options.posts; k += 1) {
    const due = performance.now() + options.intervalMs;
    const started = performance.now();
    const response = await fetch(`${options.baseUrl}/api/posts`, {
      method: "POST",
      headers: {
        cookie: cookies[k % cookies.length] ?? "",
        "content-type": "application/json",
        origin: options.baseUrl,
      },
      body: JSON.stringify({ content: `Celebrity bench post ${k}: meet me at the park at six!` }),
    });
    const body = await response.json();
    postLatencies.push(performance.now() - started);
    if (response.status !== 201 && response.status !== 200) {
      errors += 1;
      continue;
    }
    for (let attempt = 0; attempt < 200; attempt += 1) {
      const page = await getJson(`${options.baseUrl}/api/posts/feed`, follower);
      if (page.body.some((post) => post.id === body.id)) {
        visible.push(performance.now() - started);
        break;
      }
      await sleep(10);
    }
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
  }
  const reads = await background;
  postLatencies.sort((a, b) => a - b);
  visible.sort((a, b) => a - b);
  return {
    posts: options.posts,
    openingPosts: opening.length,
    openingPostMaxMs: Number(Math.max(...opening).toFixed(2)),
    errors,
    followersEachAtLeast: followers.rows[0]?.fewest ?? null,
    postP50Ms: Number(percentile(postLatencies, 0.5).toFixed(2)),
    postP99Ms: Number(percentile(postLatencies, 0.99).toFixed(2)),
    visibleP50Ms: Number(percentile(visible, 0.5).toFixed(2)),
    visibleMaxMs: Number((visible.at(-1) ?? Number.NaN).toFixed(2)),
    visibleCount: visible.length,
    followerReads: { rate: options.readRate, ...reads },
  };
}
