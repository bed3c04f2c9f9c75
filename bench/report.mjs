// Writes bench/results/latest.json and bench/results/latest.md from one run's figures.
import { mkdirSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { peerMarkdown } from "./peer/report.mjs";
import { BENCH_DIR } from "./util.mjs";

/** The targets of issues 8 and 21 (GUIDE §5–6): [key, label, comparison, limit]. */
export const TARGETS = /** @type {const} */ ([
  ["feedVsDirectSql", "feed (c) / feed SQL alone (b), throughput", ">=", 0.5],
  ["feedVsNaive", "feed (c) / naive Express feed (e), throughput", ">=", 5],
  ["deepVsFirstPage", "feed 50 pages deep (d) / page 1 (c), throughput, worst of 3 rounds", ">=", 0.9],
  ["feedP99Ms", "feed p99 at half its max throughput, ms, worst of 3 runs", "<=", 25],
  ["idleRssMb", "API RSS after start-up, MB", "<=", 120],
  ["deliveryP99Ms", "message delivery A → Redis → B p99, ms", "<=", 10],
  ["deliveryLost", "messages lost", "<=", 0],
  ["rsvpRushOversold", "RSVP rush (2,000 going at once, 500 seats): seats taken past the capacity", "<=", 0],
  ["rsvpRushLost", "RSVP rush: answers not 200, neither going nor waitlisted, or out of line order", "<=", 0],
  ["lighthousePerformanceMin", "Lighthouse performance (desktop), lowest of 7 pages", ">=", 95],
  ["lighthouseAccessibilityMin", "Lighthouse accessibility (desktop), lowest of 7 pages", ">=", 100],
  ["lighthouseMobilePerformanceMin", "Lighthouse performance (mobile), lowest of 7 pages", ">=", 90],
  ["lighthouseMobileAccessibilityMin", "Lighthouse accessibility (mobile), lowest of 7 pages", ">=", 100],
  ["initialJsGzipKb", "initial JS gzipped, KB", "<=", 170],
  ["feedVsPeerTimeline", "feed (c) / Bluesky AppView getTimeline page 1, throughput", ">=", 2],
  ["inpP75Ms", "INP p75 over scripted interactions, 4× CPU slowdown, ms", "<=", 200],
  ["mixedP99MsMax", "mixed traffic at half its max: highest p99 of any endpoint, ms", "<=", 50],
  ["mixedErrors", "mixed traffic: errors", "<=", 0],
  ["mixedReadP99VsAloneMax", "mixed traffic: a read's p99 / its p99 alone, highest", "<=", 2],
  ["celebrityVisibleMs", "celebrity post visible in a follower's feed, slowest, ms", "<=", 1000],
  ["celebrityPostP99Ms", "celebrity POST /api/posts p99 (≈20k followers), ms", "<=", 25],
  ["mailBurstP99Ms", "launch day: verification mail delay p99, 500 sign-ups in 20 s, ms", "<=", 5000],
  ["mailsPerSecond", "launch day: mails a second, one worker draining stored mail", ">=", 100],
  ["signInP99UnderImageLoadRatio", "launch day: sign-in p99 while 8 accounts upload 6000 × 6000 PNGs / idle", "<=", 2],
  ["feedP99DuringBurstMs", "launch day: home feed p99 during the sign-up burst (the feed's own goal), ms", "<=", 25],
]);

/** @param {Record<string, any>} results */
export function evaluateTargets(results) {
  return TARGETS.map(([key, label, comparison, limit]) => {
    const value = results[key];
    const measured = typeof value === "number" && Number.isFinite(value);
    const pass = measured ? (comparison === ">=" ? value >= limit : value <= limit) : null;
    return { key, label, target: `${comparison} ${limit}`, value: measured ? value : null, pass };
  });
}

const fmt = (value, digits = 1) => (typeof value === "number" && Number.isFinite(value) ? value.toFixed(digits) : "–");

/** @param {Record<string, any>} report */
export function writeReport(report) {
  const dir = resolve(BENCH_DIR, "results");
  mkdirSync(dir, { recursive: true });
  // bench/scales.mjs runs one scale at a time and names each run's files (BENCH_RESULTS_NAME=scale-0.1, …).
  const name = process.env.BENCH_RESULTS_NAME ?? "latest";
  writeFileSync(resolve(dir, `${name}.json`), `${JSON.stringify(report, null, 2)}\n`);
  writeFileSync(resolve(dir, `${name}.md`), markdown(report));
}

/** @param {Record<string, any>} report */
function markdown(report) {
  const lines = [
    "# Plaza benchmark: latest results",
    "",
    `Measured ${report.measuredAt} at SCALE=${report.scale} (${report.dataset.users} users, ${report.dataset.posts} posts, ` +
      `${report.dataset.follows} follows, ${report.dataset.likes} likes, ${report.dataset.messages} messages, ` +
      `${report.dataset.businesses} businesses) on ${report.machine.cpus} CPUs, Node ${report.machine.node}, ` +
      `PostgreSQL ${report.machine.postgres}. ${report.machine.pinning}`,
    "",
  ];
  if (report.note) lines.push(`> **Note:** ${report.note}`, "");
  lines.push("## Targets", "", "| target | measured | goal | result |", "| --- | ---: | ---: | --- |");
  for (const target of report.targets) {
    const result = target.pass === null ? "not measured" : target.pass ? "pass" : "**FAIL**";
    const bound = target.key === "feedVsNaive" && report.feedVsNaiveIsLowerBound ? "≥ " : "";
    lines.push(`| ${target.label} | ${bound}${fmt(target.value, 2)} | ${target.target} | ${result} |`);
  }
  if (report.targets.some((target) => target.pass === false)) {
    lines.push(
      "",
      "Why a target is missed (causes measured, what was tried): [bench/README.md](../README.md#targets-the-latest-run-misses-and-why).",
    );
  }
  lines.push(
    "",
    "## HTTP and SQL scenarios",
    "",
    `Max throughput: ${report.settings.connections} connections, no pipelining, ${report.settings.seconds} s each after ` +
      `${report.settings.warmupSeconds} s warm-up. Latency: a second run at half of that scenario's max throughput ` +
      "(open loop: requests evenly spaced, each timed from its due time, after an uncounted first second; see " +
      "`paced` in bench/http.mjs).",
    "",
    "| scenario | max req/s | server CPU % | p50 ms | p99 ms | bytes/response | errors |",
    "| --- | ---: | ---: | ---: | ---: | ---: | ---: |",
  );
  for (const [id, scenario] of Object.entries(report.scenarios)) {
    lines.push(
      `| ${id} ${scenario.title} | ${fmt(scenario.max?.rps, 0)} | ${fmt(scenario.max?.serverCpuPercent, 0)} | ` +
        `${fmt(scenario.fixed?.p50Ms ?? scenario.max?.p50Ms, 2)} | ${fmt(scenario.fixed?.p99Ms ?? scenario.max?.p99Ms, 2)} | ` +
        `${fmt(scenario.max?.bytesPerResponse, 0)} | ${fmt(scenario.max?.errors ?? 0, 0)} |`,
    );
  }
  const control = report.scenarios.c?.bareAtSameRate;
  if (control) {
    lines.push(
      "",
      `Control: the bare route (a) at the feed's latency rate (${report.scenarios.c.fixed.rate} req/s) answered in p50 ` +
        `${fmt(control.p50Ms, 2)} ms, p99 ${fmt(control.p99Ms, 2)} ms: what the load generator, the scheduler and ` +
        "the other processes on this machine add to any p99, with no database and no work in the route.",
    );
  }
  const rounds = ["c", "b", "d"].filter((id) => report.scenarios[id]?.rounds);
  if (rounds.length > 0) {
    lines.push(
      "",
      `Alternating rounds (median kept): ${rounds.map((id) => `${id} ${report.scenarios[id].rounds.map((rps) => fmt(rps, 0)).join(" / ")}`).join("; ")}.`,
    );
  }
  if (report.delivery) {
    const d = report.delivery;
    lines.push(
      "",
      "## Message delivery across two API processes (Redis pub/sub)",
      "",
      `${d.pairs} sender/recipient pairs, senders on process A (POST /api/messages), recipients' live WebSockets on ` +
        `process B, ${d.ratePerSecond} messages/s. Sent ${d.sent}, received ${d.received}, lost ${d.lost}, ` +
        `refused ${d.refused}. Latency POST → WebSocket arrival: p50 ${fmt(d.p50Ms, 2)} ms, p99 ${fmt(d.p99Ms, 2)} ms, ` +
        `max ${fmt(d.maxMs, 2)} ms. The POST itself answered in p50 ${fmt(d.postP50Ms, 2)} ms, p99 ${fmt(d.postP99Ms, 2)} ms.`,
      ...(d.opening
        ? [
            "",
            `Measured after an opening round in which each sender's first message started its conversation (the ` +
              `send's transaction path, and the processes' warm-up): sent ${d.opening.sent}, received ` +
              `${d.opening.received}, refused ${d.opening.refused}; POST → arrival p50 ${fmt(d.opening.p50Ms, 2)} ms, ` +
              `max ${fmt(d.opening.maxMs, 2)} ms. Lost counts both rounds.`,
          ]
        : []),
    );
  }
  if (report.launch) {
    const l = report.launch;
    lines.push(
      "",
      "## Launch day: sign-ups and mail through the pg-boss job queue",
      "",
      `One API process (WORKERS=off: it only queues jobs) and one worker (\`npm run worker\`) on PostgreSQL, a local ` +
        `SMTP server. ${l.signUps} sign-ups sent open loop over ${l.seconds} s (${l.refused} refused); each ` +
        `verification mail's delay from its sign-up to its arrival: p50 ${fmt(l.p50Ms, 0)} ms, p99 ${fmt(l.p99Ms, 0)} ms, ` +
        `max ${fmt(l.maxMs, 0)} ms; lost ${l.lost}, arrived twice ${l.twice}. Then ${l.drainMails} mails stored while ` +
        `no worker ran went out ${fmt(l.drainSeconds, 2)} s after a worker started: ${fmt(l.mailsPerSecond, 0)} a second ` +
        `(lost ${l.drainLost}).`,
      "",
      `A reader asked for its home feed (40 posts of 5 followed accounts) every 25 ms all through the burst: ` +
        `${l.feedReadsDuringBurst} reads, p99 ${fmt(l.feedP99DuringBurstMs, 1)} ms. Sign-in p99 alone ` +
        `${fmt(l.signInIdleP99Ms, 1)} ms, and ${fmt(l.signInUnderImageLoadP99Ms, 1)} ms while 8 accounts uploaded ` +
        `6000 × 6000 PNGs again and again (${l.imageUploadsDuringSignIns} uploads): ×${fmt(l.signInP99UnderImageLoadRatio, 2)}.`,
    );
  }
  if (report.frontend) {
    lines.push(
      "",
      "## Front end",
      "",
      `Initial JS (index.html module script + modulepreloads, ${report.frontend.initialJs.files} files): ` +
        `${report.frontend.initialJs.gzipKb} KB gzipped (${report.frontend.initialJs.rawKb} KB raw).`,
      "",
      "Lighthouse desktop preset, each page run several times: the median run, and every run's performance score.",
      "",
      "| page | performance | runs | accessibility | LCP ms | TBT ms | CLS | failing a11y audits |",
      "| --- | ---: | --- | ---: | ---: | ---: | ---: | --- |",
    );
    for (const [name, page] of Object.entries(report.frontend.lighthouse ?? {})) {
      lines.push(
        `| ${name} (${page.url}) | ${page.performance} | ${runsOf(page)} | ${page.accessibility} | ${page.lcpMs} | ${page.tbtMs} | ` +
          `${page.cls} | ${page.failingAccessibilityAudits.join(", ") || "–"} |`,
      );
    }
  }
  lines.push(...peerMarkdown(report));
  if (report.frontend?.lighthouseMobile) {
    lines.push(
      "",
      "Lighthouse mobile preset (phone screen, 4× CPU, slow 4G, simulated), the median run of each page:",
      "",
      "| page | performance | runs | accessibility | FCP ms | LCP ms | TBT ms | CLS | failing a11y audits |",
      "| --- | ---: | --- | ---: | ---: | ---: | ---: | ---: | --- |",
    );
    for (const [name, page] of Object.entries(report.frontend.lighthouseMobile)) {
      lines.push(
        `| ${name} | ${page.performance} | ${runsOf(page)} | ${page.accessibility} | ${page.fcpMs} | ${page.lcpMs} | ${page.tbtMs} | ` +
          `${page.cls} | ${page.failingAccessibilityAudits.join(", ") || "–"} |`,
      );
    }
  }
  if (report.inp) {
    lines.push(
      "",
      `INP (web-vitals, ${report.inp.cpuSlowdown}× CPU slowdown, ${report.inp.viewport}, ${report.inp.repeats} rounds): ` +
        `p75 ${report.inp.p75Ms} ms, max ${report.inp.maxMs} ms. ` +
        Object.entries(report.inp.byInteraction)
          .map(([name, values]) => `${name}: ${values.join(" / ")} ms`)
          .join("; ") +
        ".",
    );
  }
  if (report.mixed) {
    lines.push(
      "",
      "## Mixed traffic",
      "",
      `Max ${fmt(report.mixed.max.rps)} req/s (closed loop), then open loop at ${report.mixed.fixed.rate} req/s.`,
      "",
      "| endpoint | requests | p50 ms | p99 ms | errors | p99 alone ms | mix / alone |",
      "| --- | ---: | ---: | ---: | ---: | ---: | ---: |",
    );
    for (const [name, endpoint] of Object.entries(report.mixed.fixed.endpoints)) {
      lines.push(
        `| ${name} | ${endpoint.requests} | ${fmt(endpoint.p50Ms, 2)} | ${fmt(endpoint.p99Ms, 2)} | ${endpoint.errors} | ` +
          `${fmt(endpoint.aloneP99Ms, 2)} | ${fmt(endpoint.vsAlone, 2)} |`,
      );
    }
  }
  if (report.celebrity) {
    const c = report.celebrity;
    lines.push(
      "",
      "## Celebrities",
      "",
      `${c.posts} posts by the ten celebrities (≥ ${c.followersEachAtLeast} followers each) while followers read at ` +
        `${c.followerReads.rate} req/s: POST p50 ${fmt(c.postP50Ms, 2)} ms, p99 ${fmt(c.postP99Ms, 2)} ms; visible in a ` +
        `follower's feed p50 ${fmt(c.visibleP50Ms, 2)} ms, slowest ${fmt(c.visibleMaxMs, 2)} ms; followers' reads p99 ` +
        `${fmt(c.followerReads.p99Ms, 2)} ms. Measured after an opening round of ${c.openingPosts} posts (each ` +
        `celebrity's first in this process), reported apart: slowest ${fmt(c.openingPostMaxMs, 2)} ms.`,
    );
  }
  lines.push(
    "",
    "## Memory and dataset",
    "",
    `API RSS: ${fmt(report.idleRssMb)} MB after start-up, ${fmt(report.loadedRssMb)} MB after the HTTP scenarios.`,
    report.dataset.generatedSeconds
      ? `Template generated in this run in ${fmt(report.dataset.generatedSeconds)} s.`
      : "Template reused (built by an earlier run).",
    `Run database copied from the template in ${fmt(report.dataset.copySeconds)} s.`,
    "",
  );
  return `${lines.join("\n")}\n`;
}

/** Every run's performance score of a page ("92 / 95 / 97"), or "–" for a report from before runs were kept. */
function runsOf(page) {
  return Array.isArray(page.runs) ? page.runs.join(" / ") : "–";
}
