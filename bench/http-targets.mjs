// The HTTP scenarios' targets for bench/run.mjs: the bare Fastify route and the naive app started beside the real
// server, and the table of scenarios a–l (id, title, URL, the process to measure).
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { benchUuid } from "./seed.mjs";
import { BENCH_DIR, freePort, spawnPinned, waitForHttp } from "./util.mjs";

/** The centre of the nearby and discover scenarios (the generated dataset's city). */
export const CENTER = { latitude: 30.2672, longitude: -97.7431 };

/**
 * Starts the bare route (serving `firstPage`) and the naive app on the run database, adds them to `others` (the
 * caller stops them), and returns the scenario table with every scenario's title.
 * @param {{
 *   api: { baseUrl: string, child: import("node:child_process").ChildProcess },
 *   runUrl: string,
 *   firstPage: unknown,
 *   feedUrl: string,
 *   cursor: string,
 *   conversationId: string | undefined,
 *   others: { child: import("node:child_process").ChildProcess }[],
 * }} options
 */
export async function startScenarioTargets({ api, runUrl, firstPage, feedUrl, cursor, conversationId, others }) {
  const pageFile = join(mkdtempSync(join(tmpdir(), "plaza-bench-")), "feed.json");
  writeFileSync(pageFile, JSON.stringify(firstPage));
  const barePort = await freePort();
  const bare = spawnPinned("node", [resolve(BENCH_DIR, "bare-server.mjs"), pageFile, String(barePort)], { cpu: "1" });
  others.push(bare);
  await waitForHttp(`http://127.0.0.1:${barePort}/api/posts/feed`, bare.child, bare.output);
  const naivePort = await freePort();
  const naive = spawnPinned("node", [resolve(BENCH_DIR, "naive/server.mjs"), runUrl, String(naivePort)], {
    cpu: "1",
  });
  others.push(naive);
  await waitForHttp(`http://127.0.0.1:${naivePort}/healthz`, naive.child, naive.output);

  /** @type {[string, string, string, number | undefined][]} [id, title, url, pid] */
  const scenarios = [
    ["a", "bare Fastify route, same JSON", `http://127.0.0.1:${barePort}/api/posts/feed`, bare.child.pid],
    ["c", "GET /api/posts/feed, page 1", feedUrl, api.child.pid],
    ["d", "GET /api/posts/feed, 50 pages deep", `${feedUrl}?cursor=${cursor}`, api.child.pid],
    [
      "e",
      "naive Express feed (OFFSET, count per post, N+1), page 1",
      `http://127.0.0.1:${naivePort}/api/posts/feed?page=1`,
      naive.child.pid,
    ],
    ["e51", "naive Express feed, page 51", `http://127.0.0.1:${naivePort}/api/posts/feed?page=51`, naive.child.pid],
    ["f", "GET /api/messages/unread-count", `${api.baseUrl}/api/messages/unread-count`, api.child.pid],
    [
      "g",
      "GET /api/conversations/:id/messages",
      `${api.baseUrl}/api/conversations/${conversationId}/messages`,
      api.child.pid,
    ],
    [
      "h",
      "GET /api/businesses nearest first (10-mile area)",
      `${api.baseUrl}/api/businesses?latitude=${CENTER.latitude}&longitude=${CENTER.longitude}`,
      api.child.pid,
    ],
    ["i", "GET /api/search?q=cafe", `${api.baseUrl}/api/search?q=cafe`, api.child.pid],
    [
      "j",
      "GET /api/posts/nearby (10 miles around the centre)",
      `${api.baseUrl}/api/posts/nearby?latitude=${CENTER.latitude}&longitude=${CENTER.longitude}&radius=10`,
      api.child.pid,
    ],
    ["k", "GET /api/businesses/:id/reviews", `${api.baseUrl}/api/businesses/${benchUuid(5, 1)}/reviews`, api.child.pid],
    [
      "l",
      "GET /api/search?type=posts (post search)",
      `${api.baseUrl}/api/search?q=taco&type=posts&limit=10`,
      api.child.pid,
    ],
  ];
  const titles = { b: "feed SQL through pg alone (no HTTP)" };
  for (const [id, title] of scenarios) titles[id] = title;
  return { scenarios, titles };
}
