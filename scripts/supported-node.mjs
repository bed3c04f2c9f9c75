#!/usr/bin/env node
// Runs a Node script on a supported Node: `node scripts/supported-node.mjs [node flags] <script> [args]`.
//
// Plaza supports Node 22 and 24 (LTS lines; package.json "engines"). On those this simply runs the script. On an
// older system Node (Node 20 is past its end of life, but it is what some machines still have), `npm start` must
// still work, so the script runs on Node 24 LTS fetched once from the npm registry: the official binary that the
// `node-linux-<arch>` package carries, installed into node_modules/.cache/plaza-node. Nothing but the npm registry
// is contacted, and only the first time. Signals are passed on, and the exit code is the script's. With
// `--supervise` (npm start) a script that dies of a signal before it is ready is started once more (runSupervised).
import { spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const SUPPORTED_MAJOR = 22;
/** The Node fetched for an older system Node; .ci/run tests the project on this version. */
export const FETCHED_NODE_VERSION = "24.21.0";

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), "..");

function supportedNode() {
  const major = Number(process.versions.node.split(".")[0]);
  if (major >= SUPPORTED_MAJOR) return process.execPath;
  if (process.platform !== "linux" || !["x64", "arm64"].includes(process.arch)) {
    console.error(
      `Plaza needs Node ${SUPPORTED_MAJOR} or newer (this is Node ${process.versions.node} on ${process.platform}-${process.arch}); install Node 22 or 24 LTS.`,
    );
    process.exit(1);
  }
  const prefix = join(repoRoot, "node_modules", ".cache", "plaza-node", FETCHED_NODE_VERSION);
  const binary = join(prefix, "node_modules", `node-linux-${process.arch}`, "bin", "node");
  if (!existsSync(binary)) {
    console.log(
      `Node ${process.versions.node} is past its end of life; fetching Node ${FETCHED_NODE_VERSION} from the npm registry (node-linux-${process.arch}) once, into ${prefix}`,
    );
    const npm = process.platform === "win32" ? "npm.cmd" : "npm";
    const install = spawnSync(
      npm,
      [
        "install",
        "--no-audit",
        "--no-fund",
        "--no-save",
        "--prefix",
        prefix,
        `node-linux-${process.arch}@${FETCHED_NODE_VERSION}`,
      ],
      { stdio: "inherit" },
    );
    if (install.status !== 0 || !existsSync(binary)) {
      console.error(`Could not fetch Node ${FETCHED_NODE_VERSION}; install Node 22 or 24 LTS and run again.`);
      process.exit(1);
    }
  }
  return binary;
}

/** What a supervised script sends its parent once it is ready (apps/api/src/server.ts, once it listens). */
export const READY_MESSAGE = "plaza:ready";
/** Signals passed on to the script. */
const FORWARDED_SIGNALS = ["SIGINT", "SIGTERM", "SIGHUP"];

/**
 * `--supervise` (npm start): the script runs as a child that says when it is ready (READY_MESSAGE over IPC). If it
 * dies of a signal before that, and not one passed on from here, it is started once more, with a line saying why:
 * a cold start of the embedded database can die of a V8 fatal error while its WebAssembly is compiled
 * ("Check failed: jit_page_->allocations_.erase(addr) == 1", reported upstream as nodejs/node#64500 and
 * electric-sql/pglite#1053). A second death, a bad exit code (bad configuration, a port in use) or a death after it
 * was ready ends this process the same way, as a process manager expects.
 */
function runSupervised(node, args, attempt = 1) {
  let ready = false;
  let forwarded = false;
  const child = spawn(node, args, { stdio: ["inherit", "inherit", "inherit", "ipc"] });
  const forward = (signal) => {
    forwarded = true;
    child.kill(signal);
  };
  for (const signal of FORWARDED_SIGNALS) process.on(signal, forward);
  child.on("message", (message) => {
    if (message !== READY_MESSAGE) return;
    ready = true;
    // Nothing more to say: the channel would otherwise keep both processes' event loops busy for nothing.
    child.disconnect();
  });
  child.on("exit", (code, signal) => {
    for (const name of FORWARDED_SIGNALS) process.removeListener(name, forward);
    if (signal && !ready && !forwarded && attempt === 1) {
      console.error(
        `The server died of ${signal} before it was ready (a V8 fatal error while the embedded database starts is known upstream: nodejs/node#64500); starting it once more.`,
      );
      runSupervised(node, args, attempt + 1);
      return;
    }
    if (signal) process.kill(process.pid, signal);
    else process.exit(code ?? 1);
  });
}

function run() {
  const supervise = process.argv[2] === "--supervise";
  const args = process.argv.slice(supervise ? 3 : 2);
  if (args.length === 0) {
    console.error("usage: node scripts/supported-node.mjs [--supervise] [node flags] <script> [args]");
    process.exit(2);
  }
  const node = supportedNode();
  if (node !== process.execPath) console.log(`Running on Node ${FETCHED_NODE_VERSION} (${node})`);
  if (supervise) {
    runSupervised(node, args);
    return;
  }
  // On a supported Node this process becomes the script (no second process stays behind holding memory).
  if (node === process.execPath && typeof process.execve === "function") {
    process.execve(node, [node, ...args], process.env);
  }
  const child = spawn(node, args, { stdio: "inherit" });
  for (const signal of FORWARDED_SIGNALS) process.on(signal, () => child.kill(signal));
  child.on("exit", (code, signal) => {
    for (const name of FORWARDED_SIGNALS) process.removeAllListeners(name);
    if (signal) process.kill(process.pid, signal);
    else process.exit(code ?? 1);
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) run();
