// `npm run bench`: builds (or reuses) the dataset template, copies it, runs every scenario side by side and
// writes bench/results/latest.{json,md}. See bench/README.md for the settings and how to read the results.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { cpus } from "node:os";
import { resolve } from "node:path";
import { datasetCounts, serverVersion } from "./db-facts.mjs";
import { runDelivery } from "./delivery.mjs";
import { initialJs, runLighthouse } from "./frontend.mjs";
import { getJson, load, paced, signIn, startApi } from "./http.mjs";
import { CENTER, startScenarioTargets } from "./http-targets.mjs";
import { runInp } from "./inp.mjs";
import { runLaunchDay } from "./launch.mjs";
import { prepareMix, runCelebrity, runMix } from "./mix-run.mjs";
import { measurePeer } from "./peer/index.mjs";
import { evaluateTargets, writeReport } from "./report.mjs";
import { benchRsvpRush } from "./rush.mjs";
import {
  BENCH_PASSWORD,
  benchUuid,
  copyTemplate,
  datasetSize,
  dropRunDatabase,
  ensureTemplate,
  userEmail,
  userUuid,
  withDatabase,
} from "./seed.mjs";
import {
  BENCH_DIR,
  BENCH_POOL_SIZE,
  canPin,
  log,
  median,
  pinSelf,
  ROOT,
  round,
  rssMb,
  sleep,
  spawnPinned,
  stopChild,
} from "./util.mjs";

const settings = {
  databaseUrl: process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres",
  scale: Number(process.env.SCALE ?? "1"),
  seconds: Number(process.env.BENCH_SECONDS ?? "10"),
  warmupSeconds: Number(process.env.BENCH_WARMUP_SECONDS ?? "3"),
  connections: Number(process.env.BENCH_CONNECTIONS ?? "16"),
  /** Which parts to run (comma-separated): http, mixed, celebrity, delivery, rush, launch, frontend, inp, peer. */
  parts: (process.env.BENCH_PARTS ?? "http,mixed,celebrity,delivery,rush,launch,frontend,inp,peer").split(","),
  /** Which HTTP scenarios to run (comma-separated ids, e.g. `a,c`; b runs with c): all when unset. */
  scenarios: process.env.BENCH_SCENARIOS ? process.env.BENCH_SCENARIOS.split(",") : null,
};
/** The run database (a copy of the template, dropped at the end); BENCH_RUN_DATABASE lets two runs share a server. */
const RUN_DATABASE = process.env.BENCH_RUN_DATABASE ?? "plaza_bench_run";
/** Uncounted first second of each latency run, at its rate (a fresh generator's start-up; see bench/paced.mjs). */
const LEAD_IN_SECONDS = 1;

async function main() {
  if (!(settings.scale > 0)) throw new Error("SCALE must be a positive number");
  await pinSelf("0");
  if (!existsSync(resolve(ROOT, "apps/api/dist/server.js")) || !existsSync(resolve(ROOT, "apps/web/dist/index.html"))) {
    log("building the app (npm run build)");
    execFileSync("npm", ["run", "build"], { cwd: ROOT, stdio: "inherit" });
  }
  const size = datasetSize(settings.scale);
  const template = await ensureTemplate(settings.databaseUrl, settings.scale);
  const copyStarted = performance.now();
  await copyTemplate(settings.databaseUrl, template.name, RUN_DATABASE);
  const copySeconds = (performance.now() - copyStarted) / 1000;
  const runUrl = withDatabase(settings.databaseUrl, RUN_DATABASE);
  log(`run database ${RUN_DATABASE} copied in ${copySeconds.toFixed(1)} s`);

  /** @type {Record<string, any>} */
  const report = {
    measuredAt: new Date().toISOString(),
    scale: settings.scale,
    note: process.env.BENCH_NOTE ?? null,
    machine: {
      cpus: cpus().length,
      node: process.version,
      postgres: await serverVersion(runUrl),
      pinning: canPin
        ? "Load generator pinned to CPU 0, servers under test to CPU 1 (taskset); PostgreSQL unpinned."
        : "No CPU pinning.",
    },
    settings: { seconds: settings.seconds, warmupSeconds: settings.warmupSeconds, connections: settings.connections },
    dataset: {
      ...(await datasetCounts(runUrl)),
      generatedSeconds: template.generated?.seconds ?? null,
      generationSteps: template.generated?.steps ?? null,
      copySeconds,
    },
    scenarios: {},
  };

  try {
    if (["http", "mixed", "celebrity", "frontend", "inp"].some((part) => settings.parts.includes(part))) {
      await httpScenarios(runUrl, size, report);
    }
    if (settings.parts.includes("peer")) {
      const peer = {
        seconds: settings.seconds,
        warmupSeconds: settings.warmupSeconds,
        connections: settings.connections,
      };
      await measurePeer(report, { runUrl, size, leadInSeconds: LEAD_IN_SECONDS, ...peer });
    }
    if (settings.parts.includes("delivery")) {
      log("delivery scenario");
      report.delivery = await runDelivery({
        databaseUrl: runUrl,
        pairs: 40,
        ratePerSecond: 20,
        seconds: 20,
        firstUser: 101,
      });
      report.deliveryP99Ms = report.delivery.p99Ms;
      report.deliveryLost = report.delivery.lost;
    }
    if (settings.parts.includes("rush")) await benchRsvpRush(runUrl, size, report);
    if (settings.parts.includes("launch")) {
      log("launch-day scenario");
      // Its own empty database: sign-ups and mail need no dataset.
      report.launch = await runLaunchDay({
        adminUrl: settings.databaseUrl,
        signUps: 500,
        seconds: 20,
        drainMails: 1000,
      });
      report.mailBurstP99Ms = report.launch.p99Ms;
      report.mailsPerSecond = report.launch.mailsPerSecond;
      report.signInP99UnderImageLoadRatio = report.launch.signInP99UnderImageLoadRatio;
      report.feedP99DuringBurstMs = report.launch.feedP99DuringBurstMs;
    }
  } finally {
    await dropRunDatabase(settings.databaseUrl, RUN_DATABASE);
  }
  report.targets = evaluateTargets(report);
  writeReport(report);
  for (const target of report.targets) {
    log(
      `${target.pass === null ? "n/a " : target.pass ? "pass" : "FAIL"}  ${target.label}: ${target.value} (${target.target})`,
    );
  }
}

/**
 * Scenarios a–i against the real server, the bare route, the driver alone and the naive app, then Lighthouse.
 * @param {string} runUrl @param {ReturnType<typeof datasetSize>} size @param {Record<string, any>} report
 */
async function httpScenarios(runUrl, size, report) {
  const api = await startApi({ databaseUrl: runUrl, cpu: "1" });
  /** @type {{ child: import("node:child_process").ChildProcess }[]} */
  const others = [];
  try {
    await sleep(2000);
    report.idleRssMb = round(rssMb(api.child.pid));
    const viewer = size.viewerFirst;
    const cookie = await signIn(api.baseUrl, userEmail(viewer), BENCH_PASSWORD);
    const headers = { cookie };
    const feedUrl = `${api.baseUrl}/api/posts/feed`;
    const firstPage = await getJson(feedUrl, cookie);
    if (!Array.isArray(firstPage.body) || firstPage.body.length !== 20) throw new Error("feed page 1 is not 20 posts");
    // 50 pages deep: follow the cursor of pages 1–50, then measure page 51.
    let cursor = firstPage.nextCursor;
    for (let page = 2; page <= 50 && cursor; page += 1)
      cursor = (await getJson(`${feedUrl}?cursor=${cursor}`, cookie)).nextCursor;
    if (!cursor) throw new Error("the viewer's feed has fewer than 51 pages");
    const conversationId = (await getJson(`${api.baseUrl}/api/conversations?limit=1`, cookie)).body[0]?.id;

    const { scenarios, titles } = await startScenarioTargets({
      api,
      runUrl,
      firstPage,
      feedUrl,
      cursor,
      conversationId,
      others,
    });
    const selected = settings.parts.includes("http")
      ? scenarios.filter(([id]) => !settings.scenarios || settings.scenarios.includes(id))
      : [];

    for (const [id, , url, pid] of selected) {
      if (report.scenarios[id]) continue; // d: measured in alternation with c
      log(`scenario ${id}: max throughput`);
      await load({ url, headers, seconds: settings.warmupSeconds, connections: settings.connections });
      const max = await load({ url, headers, seconds: settings.seconds, connections: settings.connections, pid });
      report.scenarios[id] = { title: titles[id], url: new URL(url).pathname, max };
      log(`  ${id}: ${max.rps} req/s, server CPU ${max.serverCpuPercent ?? "–"} %`);
      if (id === "c") {
        // The ratios compare runs a few seconds apart on a shared machine: c, b and d alternate three times
        // (c b d c b d c b d) and each keeps its median run.
        const deep = selected.find(([other]) => other === "d");
        const feedRuns = [max];
        /** @type {Awaited<ReturnType<typeof directSql>>[]} */
        const sqlRuns = [];
        /** @type {Awaited<ReturnType<typeof load>>[]} */
        const deepRuns = [];
        for (let round = 1; round <= 3; round += 1) {
          if (round > 1) {
            feedRuns.push(
              await load({ url, headers, seconds: settings.seconds, connections: settings.connections, pid }),
            );
          }
          sqlRuns.push(await directSql(runUrl, userUuid(size.viewerFirst)));
          if (deep) {
            if (round === 1) await load({ url: deep[2], headers, seconds: settings.warmupSeconds, connections: 16 });
            deepRuns.push(
              await load({ url: deep[2], headers, seconds: settings.seconds, connections: settings.connections, pid }),
            );
          }
        }
        report.scenarios.c.max = median(feedRuns);
        report.scenarios.c.rounds = feedRuns.map((run) => run.rps);
        report.scenarios.b = { title: titles.b, max: median(sqlRuns), rounds: sqlRuns.map((run) => run.rps) };
        log(`  c rounds: ${report.scenarios.c.rounds.join(", ")} req/s; b: ${report.scenarios.b.rounds.join(", ")}`);
        if (deep) {
          report.scenarios.d = {
            title: titles.d,
            url: new URL(deep[2]).pathname,
            max: median(deepRuns),
            rounds: deepRuns.map((run) => run.rps),
          };
          log(`  d rounds: ${report.scenarios.d.rounds.join(", ")} req/s`);
        }
      }
    }
    report.loadedRssMb = round(rssMb(api.child.pid));
    /** One open-loop latency run of `url` at `rate` (see bench/paced.mjs). @param {string} url @param {number} rate @param {number} [pid] */
    const latencyRun = (url, rate, pid) =>
      paced({
        url,
        headers,
        seconds: settings.seconds,
        leadInSeconds: LEAD_IN_SECONDS,
        connections: settings.connections,
        rate,
        pid,
      });
    for (const [id, , url, pid] of selected) {
      const scenario = report.scenarios[id];
      const rate = Math.max(1, Math.round(scenario.max.rps / 2));
      log(`scenario ${id}: latency at ${rate} req/s`);
      scenario.fixed = { rate, ...(await latencyRun(url, rate, pid)) };
      if (id === "c") {
        // Steady tails: three consecutive latency runs, the worst p99 is the one reported.
        const runs = [scenario.fixed];
        for (let again = 1; again < 3; again += 1) runs.push({ rate, ...(await latencyRun(url, rate, pid)) });
        scenario.latencyRounds = runs.map((run) => ({ p50Ms: run.p50Ms, p99Ms: run.p99Ms, maxMs: run.maxMs }));
        scenario.fixed = runs.reduce((worst, run) => (run.p99Ms > worst.p99Ms ? run : worst));
        log(`  c p99 per run: ${runs.map((run) => run.p99Ms).join(", ")} ms`);
      }
      log(`  ${id}: p50 ${scenario.fixed.p50Ms} ms, p99 ${scenario.fixed.p99Ms} ms`);
      const bare = scenarios.find(([other]) => other === "a");
      if (id === "c" && bare) {
        // Control: the bare route at the feed's rate shows what this machine's scheduling alone adds to a p99.
        scenario.bareAtSameRate = await latencyRun(bare[2], rate);
        log(`  a at c's rate: p50 ${scenario.bareAtSameRate.p50Ms} ms, p99 ${scenario.bareAtSameRate.p99Ms} ms`);
      }
    }
    const rps = (id) => report.scenarios[id]?.max?.rps ?? Number.NaN;
    report.feedVsDirectSql = round(rps("c") / rps("b"), 3);
    // The naive page can be so slow that no request completes in the window: then its throughput is below one
    // request per window, and the ratio is a lower bound.
    if (report.scenarios.e) {
      const naiveRps = rps("e") > 0 ? rps("e") : 1 / settings.seconds;
      report.feedVsNaive = round(rps("c") / naiveRps, 2);
      report.feedVsNaiveIsLowerBound = !(rps("e") > 0);
    }
    // Worst of the three alternating rounds (each round's d over the same round's c).
    const cRounds = report.scenarios.c?.rounds ?? [];
    const dRounds = report.scenarios.d?.rounds ?? [];
    const roundRatios = dRounds.map((deep, index) => deep / (cRounds[index] ?? Number.NaN));
    report.deepVsFirstPageRounds = roundRatios.map((ratio) => round(ratio, 3));
    report.deepVsFirstPage =
      roundRatios.length > 0 ? round(Math.min(...roundRatios), 3) : round(rps("d") / rps("c"), 3);
    report.feedP50Ms = report.scenarios.c?.fixed.p50Ms;
    report.feedP99Ms = report.scenarios.c?.fixed.p99Ms;

    if (settings.parts.includes("mixed") || settings.parts.includes("celebrity")) {
      const context = await prepareMix(runUrl, api.baseUrl, size, CENTER);
      if (settings.parts.includes("mixed")) {
        const mix = await runMix({
          baseUrl: api.baseUrl,
          context,
          seconds: settings.seconds,
          warmupSeconds: settings.warmupSeconds,
          connections: settings.connections,
          pid: api.child.pid,
        });
        // Each read alone: its own scenario's p99 at half its own max (c, j, h, k, l).
        const alone = { feed: "c", nearby: "j", discover: "h", reviews: "k", search: "l" };
        for (const [name, id] of Object.entries(alone)) {
          const endpoint = mix.fixed.endpoints[name];
          const aloneP99 = report.scenarios[id]?.fixed?.p99Ms;
          if (endpoint && aloneP99) {
            endpoint.aloneScenario = id;
            endpoint.aloneP99Ms = aloneP99;
            endpoint.vsAlone = round(endpoint.p99Ms / aloneP99, 2);
          }
        }
        report.mixed = mix;
        const endpoints = Object.values(mix.fixed.endpoints);
        report.mixedP99MsMax = round(Math.max(...endpoints.map((endpoint) => endpoint.p99Ms)), 2);
        report.mixedErrors = mix.fixed.errors;
        const ratios = endpoints.map((endpoint) => endpoint.vsAlone).filter((ratio) => typeof ratio === "number");
        report.mixedReadP99VsAloneMax = ratios.length > 0 ? Math.max(...ratios) : null;
        for (const [name, endpoint] of Object.entries(mix.fixed.endpoints)) {
          log(
            `  mix ${name}: p50 ${endpoint.p50Ms} p99 ${endpoint.p99Ms} ms, ${endpoint.errors} errors ${JSON.stringify(endpoint.statuses)}`,
          );
        }
      }
      if (settings.parts.includes("celebrity")) {
        log("celebrity scenario");
        const feedMax = report.scenarios.c?.max?.rps;
        report.celebrity = await runCelebrity({
          databaseUrl: runUrl,
          baseUrl: api.baseUrl,
          viewerCookies: context.viewers,
          readRate: Math.max(10, Math.round((feedMax ?? 100) / 2)),
          posts: 40,
          intervalMs: 500,
          pid: api.child.pid,
          connections: settings.connections,
        });
        report.celebrityVisibleMs = report.celebrity.visibleMaxMs;
        report.celebrityPostP99Ms = report.celebrity.postP99Ms;
        log(
          `  celebrity: POST p99 ${report.celebrity.postP99Ms} ms, visible within ${report.celebrity.visibleMaxMs} ms`,
        );
      }
    }

    if (settings.parts.includes("frontend")) {
      const lighthouse = await runLighthouse(api.baseUrl, cookie, {
        profilePath: `/profile/${userUuid(size.viewerFirst + 1)}`,
        businessPath: `/business/${benchUuid(5, 1)}`,
        // Post 5 of generate.sql: a free post (p % 50 = 5) with its text, visible to every viewer.
        postPath: `/posts/${benchUuid(2, 5)}`,
      });
      report.frontend = { initialJs: initialJs(), lighthouse: lighthouse.desktop, lighthouseMobile: lighthouse.mobile };
      report.initialJsGzipKb = report.frontend.initialJs.gzipKb;
      const desktop = Object.values(lighthouse.desktop);
      report.lighthousePerformanceMin = Math.min(...desktop.map((page) => page.performance));
      report.lighthouseAccessibilityMin = Math.min(...desktop.map((page) => page.accessibility));
      const mobile = Object.values(lighthouse.mobile);
      report.lighthouseMobilePerformanceMin = Math.min(...mobile.map((page) => page.performance));
      report.lighthouseMobileAccessibilityMin = Math.min(...mobile.map((page) => page.accessibility));
    }
    if (settings.parts.includes("inp")) {
      log("INP (web-vitals, 4× CPU slowdown)");
      report.inp = await runInp({
        baseUrl: api.baseUrl,
        cookie,
        repeats: Number(process.env.BENCH_INP_REPEATS ?? "3"),
      });
      report.inpP75Ms = report.inp.p75Ms;
    }
  } finally {
    for (const other of others) await stopChild(other.child);
    await stopChild(api.child);
  }
}

/** Runs bench/direct-sql.mjs (with tsx, pinned like the server) and returns its figures. @param {string} url @param {string} viewerId */
async function directSql(url, viewerId) {
  const options = {
    url,
    viewerId,
    seconds: settings.seconds,
    warmupSeconds: settings.warmupSeconds,
    concurrency: settings.connections,
    poolSize: BENCH_POOL_SIZE,
  };
  const { child, output } = spawnPinned(
    "node",
    ["--import", "tsx", resolve(BENCH_DIR, "direct-sql.mjs"), JSON.stringify(options)],
    {
      cpu: "1",
    },
  );
  const code = await new Promise((done) => child.on("exit", done));
  const text = output.join("");
  const line = text.split("\n").find((candidate) => candidate.startsWith("{"));
  if (code !== 0 || !line) throw new Error(`direct-sql failed (${code}):\n${text}`);
  const result = JSON.parse(line);
  return { rps: round(result.rps), p50Ms: round(result.p50, 2), p99Ms: round(result.p99, 2), rows: result.rows };
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
