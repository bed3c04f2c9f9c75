// Message delivery between two API processes through Redis: senders POST /api/messages to process A, their
// recipients hold a live WebSocket on process B. Latency is measured from just before the POST is sent to the
// arrival of the recipient's "message.created" event (both ends in this process, one clock). Uses its own
// redis-server on a free port (never the shared one), stopped afterwards.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import WebSocket from "ws";
import { signIn, startApi } from "./http.mjs";
import { BENCH_PASSWORD, userEmail, userUuid } from "./seed.mjs";
import { freePort, log, percentile, rssMb, sleep, spawnPinned, stopChild } from "./util.mjs";

/**
 * @param {{ databaseUrl: string, pairs: number, ratePerSecond: number, seconds: number, firstUser: number }} options
 */
export async function runDelivery(options) {
  const redisPort = await freePort();
  const redis = spawnPinned(
    "redis-server",
    [
      "--port",
      String(redisPort),
      "--bind",
      "127.0.0.1",
      "--save",
      "",
      "--appendonly",
      "no",
      "--dir",
      mkdtempSync(join(tmpdir(), "plaza-bench-redis-")),
    ],
    {},
  );
  /** @type {Awaited<ReturnType<typeof startApi>>[]} */
  const servers = [];
  /** @type {WebSocket[]} */
  const sockets = [];
  try {
    await waitForRedis(redisPort, redis.child, redis.output);
    const redisUrl = `redis://127.0.0.1:${redisPort}`;
    const sender = await startApi({ databaseUrl: options.databaseUrl, redisUrl, cpu: "1" });
    servers.push(sender);
    const receiver = await startApi({ databaseUrl: options.databaseUrl, redisUrl, cpu: "1" });
    servers.push(receiver);

    const senders = Array.from({ length: options.pairs }, (_, index) => options.firstUser + index);
    const recipients = senders.map((n) => n + options.pairs);
    const senderCookies = await inBatches(senders, (n) => signIn(sender.baseUrl, userEmail(n), BENCH_PASSWORD));
    const recipientCookies = await inBatches(recipients, (n) => signIn(receiver.baseUrl, userEmail(n), BENCH_PASSWORD));

    /** @type {Map<string, { postedAt: number, latencies: number[] }>} when each message left, and its phase's list */
    const sentAt = new Map();
    const wsUrl = `${receiver.baseUrl.replace("http", "ws")}/api/live`;
    await Promise.all(
      recipientCookies.map(
        (cookie) =>
          new Promise((ready, fail) => {
            const socket = new WebSocket(wsUrl, { headers: { cookie } });
            sockets.push(socket);
            socket.on("error", fail);
            socket.on("message", (data) => {
              const event = JSON.parse(String(data));
              if (event.type === "live.ready") ready(undefined);
              if (event.type !== "message.created") return;
              const arrived = performance.now();
              const content = String(event.payload?.message?.content ?? "");
              const sent = sentAt.get(content);
              if (sent === undefined) return;
              sentAt.delete(content);
              sent.latencies.push(arrived - sent.postedAt);
            });
          }),
      ),
    );

    /**
     * Sends `total` messages at the fixed rate, pair after pair; returns what was sent, refused and received.
     * @param {string} phase @param {number} total
     */
    const sendAtRate = async (phase, total) => {
      /** @type {number[]} */
      const latencies = [];
      /** @type {number[]} how long each POST took to answer (the sender's share of the delivery time) */
      const postLatencies = [];
      let sent = 0;
      let refused = 0;
      const intervalMs = 1000 / options.ratePerSecond;
      const started = performance.now();
      /** @type {Promise<void>[]} */
      const inFlight = [];
      for (let index = 0; index < total; index += 1) {
        const due = started + index * intervalMs;
        const wait = due - performance.now();
        if (wait > 1) await sleep(wait);
        const pair = index % options.pairs;
        const content = `bench delivery ${phase} ${index}`;
        const postedAt = performance.now();
        sentAt.set(content, { postedAt, latencies });
        inFlight.push(
          fetch(`${sender.baseUrl}/api/messages`, {
            method: "POST",
            headers: { cookie: senderCookies[pair] ?? "", "content-type": "application/json" },
            body: JSON.stringify({ recipientId: userUuid(recipients[pair] ?? 0), content }),
          }).then(
            async (response) => {
              await response.arrayBuffer();
              postLatencies.push(performance.now() - postedAt);
              if (response.status === 201) sent += 1;
              else {
                refused += 1;
                sentAt.delete(content);
              }
            },
            () => {
              refused += 1;
              sentAt.delete(content);
            },
          ),
        );
      }
      await Promise.all(inFlight);
      await sleep(2000);
      latencies.sort((a, b) => a - b);
      postLatencies.sort((a, b) => a - b);
      return { sent, refused, latencies, postLatencies };
    };

    // Opening: each sender's first message to its recipient starts the conversation and the recipient's message
    // notification (the send's transaction path), and warms both processes up (JIT, each pooled connection's
    // prepared statements). Reported on its own; the target is measured on the conversations going on after it.
    log(`delivery: ${options.pairs} receivers connected to B, opening ${options.pairs} conversations`);
    const opening = await sendAtRate("opening", options.pairs);
    log(`delivery: sending ${options.ratePerSecond}/s for ${options.seconds} s`);
    const measured = await sendAtRate("measured", options.ratePerSecond * options.seconds);
    const { sent, refused, latencies, postLatencies } = measured;
    const received = latencies.length;
    const at = (fraction) => percentile(latencies, fraction);
    return {
      sent,
      received,
      // Both phases: a message lost while opening a conversation is lost all the same.
      lost: sent - received + (opening.sent - opening.latencies.length),
      refused,
      p50Ms: Number(at(0.5).toFixed(2)),
      p99Ms: Number(at(0.99).toFixed(2)),
      maxMs: Number((latencies.at(-1) ?? 0).toFixed(2)),
      postP50Ms: Number(percentile(postLatencies, 0.5).toFixed(2)),
      postP99Ms: Number(percentile(postLatencies, 0.99).toFixed(2)),
      opening: {
        sent: opening.sent,
        received: opening.latencies.length,
        refused: opening.refused,
        p50Ms: Number(percentile(opening.latencies, 0.5).toFixed(2)),
        maxMs: Number((opening.latencies.at(-1) ?? 0).toFixed(2)),
      },
      ratePerSecond: options.ratePerSecond,
      pairs: options.pairs,
      rssMbA: rssMb(sender.child.pid),
      rssMbB: rssMb(receiver.child.pid),
    };
  } finally {
    for (const socket of sockets) socket.terminate();
    for (const server of servers) await stopChild(server.child);
    await stopChild(redis.child);
  }
}

/**
 * @template T, R
 * @param {T[]} items @param {(item: T) => Promise<R>} work
 */
async function inBatches(items, work, size = 4) {
  /** @type {R[]} */
  const results = [];
  for (let index = 0; index < items.length; index += size) {
    results.push(...(await Promise.all(items.slice(index, index + size).map(work))));
  }
  return results;
}

/** @param {number} port @param {import("node:child_process").ChildProcess} child @param {string[]} output */
async function waitForRedis(port, child, output) {
  const { createConnection } = await import("node:net");
  for (let attempt = 0; attempt < 100; attempt += 1) {
    if (child.exitCode !== null) throw new Error(`redis-server exited:\n${output.join("")}`);
    const isUp = await new Promise((done) => {
      const socket = createConnection({ port, host: "127.0.0.1" }, () => {
        socket.end();
        done(true);
      });
      socket.on("error", () => done(false));
    });
    if (isUp) return;
    await sleep(50);
  }
  throw new Error("redis-server did not start");
}
