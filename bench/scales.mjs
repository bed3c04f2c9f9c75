// `npm run bench:scales`: the cost curve. Runs the HTTP scenarios (bench/run.mjs, BENCH_PARTS=http) once per data
// size in BENCH_SCALES (default 0.1,1,3), then writes bench/results/scales.{json,md}: each main read's throughput
// and p99 against the dataset's rows and database size, and how much each grew from the smallest scale to the
// largest. Every other BENCH_* setting passes through to each run.
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { BENCH_DIR, log, ROOT } from "./util.mjs";

const scales = (process.env.BENCH_SCALES ?? "0.1,1,3").split(",").map((value) => Number(value.trim()));
if (scales.length === 0 || scales.some((scale) => !(scale > 0))) {
  throw new Error("BENCH_SCALES must be a comma-separated list of positive numbers, e.g. 0.1,1,3");
}
const resultsDir = resolve(BENCH_DIR, "results");

/** @type {{ scale: number, report: Record<string, any> }[]} */
const runs = [];
for (const scale of scales) {
  const name = `scale-${scale}`;
  log(`cost curve: SCALE=${scale}`);
  execFileSync(process.execPath, [resolve(BENCH_DIR, "run.mjs")], {
    cwd: ROOT,
    stdio: "inherit",
    env: { ...process.env, SCALE: String(scale), BENCH_PARTS: "http", BENCH_RESULTS_NAME: name },
  });
  runs.push({ scale, report: JSON.parse(readFileSync(resolve(resultsDir, `${name}.json`), "utf8")) });
}

const ids = [...new Set(runs.flatMap((run) => Object.keys(run.report.scenarios ?? {})))].sort();
const fmt = (value, digits = 1) => (typeof value === "number" && Number.isFinite(value) ? value.toFixed(digits) : "–");
/** How many times larger the last value is than the first (a cost that grows with the data shows here). */
const growth = (first, last) =>
  typeof first === "number" && typeof last === "number" && first > 0 ? `×${(last / first).toFixed(2)}` : "–";

const first = runs[0];
const last = runs.at(-1);
const lines = [
  "# Plaza benchmark: the cost curve",
  "",
  `Measured ${new Date().toISOString()} on ${first?.report.machine?.cpus ?? "?"} CPUs, PostgreSQL ${first?.report.machine?.postgres ?? "?"}; ` +
    `${first?.report.settings?.connections ?? "?"} connections, ${first?.report.settings?.seconds ?? "?"} s per read.`,
  "",
  "## Data",
  "",
  `| | ${runs.map((run) => `SCALE ${run.scale}`).join(" | ")} | growth |`,
  `|---|${runs.map(() => "---:").join("|")}|---:|`,
  ...["users", "posts", "follows", "likes", "messages", "businesses", "checkins", "databaseMb"].map(
    (key) =>
      `| ${key === "databaseMb" ? "database (MB)" : key} | ${runs.map((run) => fmt(run.report.dataset?.[key], 0)).join(" | ")} | ${growth(first?.report.dataset?.[key], last?.report.dataset?.[key])} |`,
  ),
  "",
  "## Reads: throughput (requests/s) and p99 (ms) at full load",
  "",
  `| read | ${runs.map((run) => `SCALE ${run.scale} req/s · p99`).join(" | ")} | req/s growth | p99 growth |`,
  `|---|${runs.map(() => "---:").join("|")}|---:|---:|`,
  ...ids.map((id) => {
    const cell = (run) => {
      const max = run.report.scenarios?.[id]?.max;
      if (!max) return "–";
      return max.rps > 0 ? `${fmt(max.rps, 0)} · ${fmt(max.p99Ms, 1)}` : "none answered";
    };
    const title = runs.map((run) => run.report.scenarios?.[id]?.title).find(Boolean) ?? id;
    const a = first?.report.scenarios?.[id]?.max;
    const b = last?.report.scenarios?.[id]?.max;
    return `| ${id}: ${title} | ${runs.map(cell).join(" | ")} | ${growth(a?.rps, b?.rps)} | ${growth(a?.p99Ms, b?.p99Ms)} |`;
  }),
  "",
  "A read whose cost grows with the data shows a falling req/s and a rising p99 from left to right.",
  "",
];
writeFileSync(
  resolve(resultsDir, "scales.json"),
  `${JSON.stringify(
    runs.map((run) => ({ scale: run.scale, dataset: run.report.dataset, scenarios: run.report.scenarios })),
    null,
    2,
  )}\n`,
);
writeFileSync(resolve(resultsDir, "scales.md"), lines.join("\n"));
log(`cost curve written to ${resolve(resultsDir, "scales.md")}`);
