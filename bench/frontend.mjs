// Front end: initial JS (gzipped size of what the built index.html loads up front) and Lighthouse, with its desktop
// preset and its mobile one (the default: a phone screen, 4× CPU slowdown and a slow 4G network, simulated), on the
// landing page, /login, the signed-in home, a profile, a business page and Discover, in Debian's Chromium.
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { gzipSync } from "node:zlib";
import { ALL_CPUS, canPin, log, ROOT } from "./util.mjs";

const WEB_DIST = resolve(ROOT, "apps/web/dist");
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
/** The flags this machine kind needs (closed network, root, no GPU), see the e2e browser support. */
const CHROME_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-dev-shm-usage",
];

/** Gzipped KB of the scripts index.html loads up front: its module script and every modulepreload. */
export function initialJs() {
  const html = readFileSync(join(WEB_DIST, "index.html"), "utf8");
  const files = [
    ...html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g),
    ...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g),
  ].map((match) => match[1] ?? "");
  let gzipBytes = 0;
  let rawBytes = 0;
  for (const file of files) {
    const content = readFileSync(join(WEB_DIST, file.replace(/^\//, "")));
    rawBytes += content.length;
    gzipBytes += gzipSync(content, { level: 9 }).length;
  }
  return {
    files: files.length,
    rawKb: Number((rawBytes / 1024).toFixed(1)),
    gzipKb: Number((gzipBytes / 1024).toFixed(1)),
  };
}

/**
 * Lighthouse on one page; returns the two category scores (0–100) and the failing accessibility audits.
 * @param {string} url @param {string | null} cookie @param {string} [name] the report's file name under BENCH_LIGHTHOUSE_DIR
 * @param {"desktop" | "mobile"} [formFactor]
 */
export async function lighthouse(url, cookie, name = "page", formFactor = "desktop") {
  // Lighthouse sometimes loses its own trace on a busy machine (NO_NAVSTART) and says to run it again: once.
  try {
    return await lighthouseOnce(url, cookie, name, formFactor);
  } catch (error) {
    log(`lighthouse ${formFactor} ${name} failed (${error instanceof Error ? error.message : error}), once more`);
    return lighthouseOnce(url, cookie, name, formFactor);
  }
}

/** @param {string} url @param {string | null} cookie @param {string} name @param {"desktop" | "mobile"} formFactor */
async function lighthouseOnce(url, cookie, name, formFactor) {
  const dir = mkdtempSync(join(tmpdir(), "plaza-bench-lh-"));
  const output = join(dir, "report.json");
  const args = [
    resolve(ROOT, "node_modules/lighthouse/cli/index.js"),
    url,
    // Lighthouse's default configuration is the mobile one.
    ...(formFactor === "desktop" ? ["--preset=desktop"] : []),
    "--only-categories=performance,accessibility",
    "--output=json",
    `--output-path=${output}`,
    "--quiet",
    `--chrome-flags=${CHROME_FLAGS.join(" ")}`,
    ...(cookie ? [`--extra-headers=${JSON.stringify({ Cookie: cookie })}`] : []),
  ];
  const code = await new Promise((done) => {
    // On every CPU: this process is pinned to CPU 0 for the load generator, and a child inherits that, which put
    // Chrome's renderer, browser and network processes on one core (home TBT 473 ms, against 10 ms on every CPU).
    const [command, commandArgs] = canPin ? ["taskset", ["-c", ALL_CPUS, "node", ...args]] : ["node", args];
    const child = spawn(command, commandArgs, { env: { ...process.env, CHROME_PATH: CHROMIUM }, stdio: "inherit" });
    child.on("exit", done);
  });
  try {
    if (code !== 0) throw new Error(`lighthouse exited with ${code} on ${url}`);
    const text = readFileSync(output, "utf8");
    // BENCH_LIGHTHOUSE_DIR keeps the whole reports (audits, traces' long tasks) for a closer look.
    if (process.env.BENCH_LIGHTHOUSE_DIR) {
      mkdirSync(process.env.BENCH_LIGHTHOUSE_DIR, { recursive: true });
      writeFileSync(join(process.env.BENCH_LIGHTHOUSE_DIR, `${name}-${formFactor}.json`), text);
    }
    const report = JSON.parse(text);
    const score = (name) => Math.round((report.categories[name]?.score ?? 0) * 100);
    const failing = (report.categories.accessibility?.auditRefs ?? [])
      .map((ref) => report.audits[ref.id])
      .filter((audit) => audit && audit.score !== null && audit.score < 1)
      .map((audit) => audit.id);
    return {
      url: new URL(url).pathname,
      finalUrl: new URL(report.finalDisplayedUrl ?? url).pathname,
      performance: score("performance"),
      accessibility: score("accessibility"),
      failingAccessibilityAudits: failing,
      lcpMs: Math.round(report.audits["largest-contentful-paint"]?.numericValue ?? 0),
      tbtMs: Math.round(report.audits["total-blocking-time"]?.numericValue ?? 0),
      cls: Number((report.audits["cumulative-layout-shift"]?.numericValue ?? 0).toFixed(3)),
      fcpMs: Math.round(report.audits["first-contentful-paint"]?.numericValue ?? 0),
      lcpElement: lcpElement(report),
      renderBlocking: (report.audits["render-blocking-resources"]?.details?.items ?? []).map((item) => item.url),
      transferKb: Math.round((report.audits["total-byte-weight"]?.numericValue ?? 0) / 1024),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The LCP element's selector and text, from the report (what to make appear sooner). @param {any} report */
function lcpElement(report) {
  const items = report.audits["largest-contentful-paint-element"]?.details?.items ?? [];
  for (const item of items) {
    const node = item?.items?.[0]?.node ?? item?.node;
    if (node) return `${node.selector ?? ""} ${String(node.snippet ?? "").slice(0, 80)}`.trim();
  }
  return null;
}

/** Runs per page and preset (BENCH_LIGHTHOUSE_RUNS): the run with the median performance score is kept. */
const LIGHTHOUSE_RUNS = Math.max(1, Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? "3"));

/**
 * Both presets on the seven pages, each page LIGHTHOUSE_RUNS times: one run cannot rank front-end changes, since the
 * same build scored 476 and 1,041 ms of mobile TBT on the home an hour apart (bench/results/history.md). The median run is
 * reported whole (its score, metrics and audits), with every run's score beside it.
 * @param {string} baseUrl @param {string} cookie
 * @param {{ profilePath: string, businessPath: string, postPath: string }} paths
 */
export async function runLighthouse(baseUrl, cookie, paths) {
  const pages = [
    { name: "landing", url: `${baseUrl}/`, cookie: null },
    { name: "login", url: `${baseUrl}/login`, cookie: null },
    { name: "home", url: `${baseUrl}/`, cookie },
    { name: "profile", url: `${baseUrl}${paths.profilePath}`, cookie },
    { name: "business", url: `${baseUrl}${paths.businessPath}`, cookie },
    // A post opened from a shared link: every kind of page a visitor lands on is measured.
    { name: "post", url: `${baseUrl}${paths.postPath}`, cookie },
    { name: "discover", url: `${baseUrl}/discover`, cookie },
  ];
  /** @typedef {Awaited<ReturnType<typeof lighthouse>> & { runs: number[] }} PageResult */
  /** @type {Record<"desktop" | "mobile", Record<string, PageResult>>} */
  const results = { desktop: {}, mobile: {} };
  for (const formFactor of /** @type {const} */ (["desktop", "mobile"])) {
    for (const page of pages) {
      const runs = [];
      for (let run = 0; run < LIGHTHOUSE_RUNS; run += 1) {
        log(`lighthouse ${formFactor} ${page.name} (${run + 1}/${LIGHTHOUSE_RUNS})`);
        runs.push(await lighthouse(page.url, page.cookie, `${page.name}-${run + 1}`, formFactor));
      }
      const sorted = [...runs].sort((left, right) => left.performance - right.performance);
      const median = sorted[Math.floor((sorted.length - 1) / 2)] ?? runs[0];
      results[formFactor][page.name] = { ...median, runs: runs.map((result) => result.performance) };
    }
  }
  return results;
}
