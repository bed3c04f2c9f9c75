// Small helpers shared by the benchmark scripts.
import { spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { createServer } from "node:net";
import { cpus } from "node:os";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";

export const BENCH_DIR = dirname(fileURLToPath(import.meta.url));
export const ROOT = resolve(BENCH_DIR, "..");

/** @param {string} message */
export function log(message) {
  process.stderr.write(`[bench ${new Date().toISOString().slice(11, 19)}] ${message}\n`);
}

/** @param {number} ms */
export const sleep = (ms) => new Promise((done) => setTimeout(done, ms));

/** A free TCP port on 127.0.0.1. @returns {Promise<number>} */
export function freePort() {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once("error", fail);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => done(port));
    });
  });
}

/** Database connections of the API (`DATABASE_POOL_SIZE`) and of scenario b's driver loop. */
export const BENCH_POOL_SIZE = Number(process.env.BENCH_POOL_SIZE ?? "10");

/** The value at `fraction` (0.5 = p50, 0.99 = p99) of ascending `sorted`; 0 when it is empty. @param {number[]} sorted @param {number} fraction */
export function percentile(sorted, fraction) {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? 0;
}

/** Every CPU of this machine, as taskset names them. */
export const ALL_CPUS = `0-${cpus().length - 1}`;

/** True when `taskset` exists and pinning is not turned off with BENCH_PIN=0. */
export const canPin = process.env.BENCH_PIN !== "0" && existsSync("/usr/bin/taskset");

/**
 * Spawns a process, pinned to `cpu` with taskset when possible (taskset execs, so the pid is the program's).
 * @param {string} command @param {string[]} args @param {{ cpu?: string, env?: NodeJS.ProcessEnv, cwd?: string }} options
 */
export function spawnPinned(command, args, options = {}) {
  const pinned = canPin && options.cpu !== undefined;
  const child = spawn(pinned ? "taskset" : command, pinned ? ["-c", options.cpu ?? "1", command, ...args] : args, {
    cwd: options.cwd ?? ROOT,
    env: { ...process.env, ...options.env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  /** @type {string[]} */
  const output = [];
  const keep = (chunk) => {
    output.push(String(chunk));
    if (output.length > 200) output.shift();
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  return { child, output };
}

/** Pins this process (the load generator) to `cpu`. @param {string} cpu */
export async function pinSelf(cpu) {
  if (!canPin) return;
  await new Promise((done) => {
    const child = spawn("taskset", ["-cp", cpu, String(process.pid)], { stdio: "ignore" });
    child.on("exit", done);
    child.on("error", done);
  });
}

/** Resident memory of a process in MB (VmRSS), or null. @param {number | undefined} pid */
export function rssMb(pid) {
  if (!pid) return null;
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const match = /VmRSS:\s+(\d+) kB/.exec(status);
    return match ? Number(match[1]) / 1024 : null;
  } catch {
    return null;
  }
}

/** CPU seconds (user + system) a process has used so far, or null. @param {number | undefined} pid */
export function cpuSeconds(pid) {
  if (!pid) return null;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

/**
 * Waits until `url` answers 200 (or the child exits / the time runs out).
 * @param {string} url @param {import("node:child_process").ChildProcess} child @param {string[]} output
 */
export async function waitForHttp(url, child, output, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`process exited (${child.exitCode}):\n${output.join("")}`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms:\n${output.join("")}`);
}

/** Stops a child we started (SIGTERM, then SIGKILL) and waits for it. @param {import("node:child_process").ChildProcess} child */
export async function stopChild(child) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((done) => child.once("exit", done));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 5000);
  await exited;
  clearTimeout(timer);
}

/** The run with the median throughput. @template {{ rps: number }} T @param {T[]} runs @returns {T} */
export function median(runs) {
  const sorted = [...runs].sort((a, b) => a.rps - b.rps);
  return /** @type {T} */ (sorted[Math.floor(sorted.length / 2)]);
}

/** @param {number | null} value */
export function round(value, digits = 1) {
  return value === null || !Number.isFinite(value) ? null : Number(value.toFixed(digits));
}
