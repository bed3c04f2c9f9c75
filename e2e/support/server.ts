import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createWriteStream, mkdirSync, type WriteStream } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { forgetOutbox, rememberOutbox } from "./outbox";
import { pollUntil } from "./wait";

const REPO_ROOT = fileURLToPath(new URL("../..", import.meta.url));
const SERVER_BUNDLE = join(REPO_ROOT, "apps/api/dist/server.js");
const READY_TIMEOUT_MS = 150_000;
const READY_POLL_MS = 200;
const STOP_GRACE_MS = 10_000;
/** Enough to show a crash; a chatty server must not grow the test process without bound. */
const OUTPUT_LIMIT = 256 * 1024;
/**
 * Only these variables reach the server from the test process: anything else (a DATABASE_URL, REDIS_URL or
 * PUBLIC_URL in the developer's shell) would silently change what the test runs against.
 */
const INHERITED_ENV = ["PATH", "HOME", "TMPDIR", "LANG", "TZ"];

/**
 * With SERVER_LOG_DIR set, every server's complete stdout and stderr also goes to a file there, so a test (or
 * the browser tests' global teardown) can check what the servers logged, e.g. that no secret reached a log.
 */
const LOG_DIR_VARIABLE = "SERVER_LOG_DIR";

export interface StartServerOptions {
  /** Extra server configuration; wins over the defaults below. */
  env?: Record<string, string>;
  /** Start with the demo town (DEMO_DATA=true); tests start on an empty database by default. */
  demoData?: boolean;
  /** How long to wait for /readyz (default 150 s); seeding the demo town on a busy machine needs more. */
  readyTimeoutMs?: number;
  /** A fixed port (e.g. to restart a server where a proxy expects it); a free one by default. */
  port?: number;
  /** Names the log file in SERVER_LOG_DIR. */
  label?: string;
  /**
   * "embedded": PGlite in DATA_DIR even when E2E_DATABASE_URL is set, i.e. what `npm start` runs with nothing
   * configured. By default a server gets a fresh PostgreSQL database when E2E_DATABASE_URL is set.
   */
  database?: "embedded" | "default";
}

export interface ServerExit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface RunningServer {
  baseUrl: string;
  port: number;
  pid: number | undefined;
  /** The last part of what the server wrote to stdout and stderr. */
  output(): string;
  /** Sends a signal and resolves once the process has exited (its data stays until stop()). */
  kill(signal: NodeJS.Signals): Promise<ServerExit>;
  /** Stops the server and deletes its data. Safe to call more than once. */
  stop(): Promise<void>;
}

/** Where one server keeps its data: a temp folder (PGlite) and, with E2E_DATABASE_URL, a fresh database. */
interface Storage {
  env: Record<string, string>;
  dispose(): Promise<void>;
}

/** Child output kept in memory, printed only when something goes wrong. */
class OutputBuffer {
  private text = "";

  append(chunk: Buffer): void {
    this.text = (this.text + chunk.toString("utf8")).slice(-OUTPUT_LIMIT);
  }

  toString(): string {
    return this.text;
  }
}

/**
 * Starts the production bundle (`node apps/api/dist/server.js`) on a free port with its own empty database,
 * and resolves once /readyz answers 200.
 */
export async function startServer(options: StartServerOptions = {}): Promise<RunningServer> {
  const port = options.port ?? (await findFreePort());
  const storage = await prepareStorage(options.database ?? "default");
  const output = new OutputBuffer();
  const child = spawn(process.execPath, [SERVER_BUNDLE], {
    cwd: REPO_ROOT,
    env: {
      ...inheritedEnv(),
      ...serverEnv(port),
      DEMO_DATA: options.demoData ? "true" : "false",
      ...storage.env,
      ...options.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const logFile = openLogFile(options.label ?? "server", port);
  const capture = (chunk: Buffer) => {
    output.append(chunk);
    logFile?.write(chunk);
  };
  child.stdout?.on("data", capture);
  child.stderr?.on("data", capture);
  const exited = new Promise<ServerExit>((resolveExit) =>
    child.once("exit", (code, signal) => {
      resolveExit({ code, signal });
    }),
  );
  // Without a listener a spawn failure would crash the test process instead of failing this start.
  child.once("error", (error) => output.append(Buffer.from(`spawn failed: ${error.message}\n`)));
  // If the test process dies without calling stop(), the server must not outlive it.
  const killOnExit = () => child.kill("SIGKILL");
  process.once("exit", killOnExit);

  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = options.env?.DATA_DIR ?? storage.env.DATA_DIR;
  if (dataDir) rememberOutbox(baseUrl, dataDir);
  let stopped: Promise<void> | null = null;
  const stop = () => {
    stopped ??= (async () => {
      forgetOutbox(baseUrl);
      await stopChild(child);
      process.removeListener("exit", killOnExit);
      await new Promise<void>((resolveEnd) => (logFile ? logFile.end(resolveEnd) : resolveEnd()));
      await storage.dispose();
    })();
    return stopped;
  };
  const kill = async (signal: NodeJS.Signals): Promise<ServerExit> => {
    if (!hasExited(child)) child.kill(signal);
    return exited;
  };

  try {
    await waitUntilReady(baseUrl, child, options.readyTimeoutMs ?? READY_TIMEOUT_MS);
  } catch (error) {
    await stop();
    const reason = error instanceof Error ? error.message : String(error);
    console.error(`--- server output ---\n${output.toString()}\n--- end of server output ---`);
    throw new Error(`${reason}\nServer output:\n${output.toString()}`);
  }
  return { baseUrl, port, pid: child.pid, output: () => output.toString(), kill, stop };
}

function openLogFile(label: string, port: number): WriteStream | null {
  const dir = process.env[LOG_DIR_VARIABLE];
  if (!dir) return null;
  mkdirSync(dir, { recursive: true });
  return createWriteStream(join(dir, `${label}-${port}-${Date.now()}.log`), { flags: "a" });
}

function inheritedEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const key of INHERITED_ENV) {
    const value = process.env[key];
    if (value !== undefined) env[key] = value;
  }
  return env;
}

/** The tile source of test servers: port 9 (discard) on the loopback, which refuses connections. */
export const OFFLINE_TILE_URL = "http://127.0.0.1:9/tiles/{z}/{x}/{y}.png";

function serverEnv(port: number): Record<string, string> {
  return {
    PORT: String(port),
    HOST: "127.0.0.1",
    IP_RATE_LIMITS: "off",
    // Every test account is minutes old; the new-account limits have their own integration tests.
    NEW_ACCOUNT_HOURS: "0",
    // The production level, so the log check of the run sees request lines too.
    LOG_LEVEL: "info",
    SUPERUSER_EMAILS: "admin@plaza.test",
    // Browser tests stop many servers; the drain grace (readyz 503 before closing) only matters behind a load
    // balancer, and the reliability suite turns it on where it tests draining.
    SHUTDOWN_GRACE_MS: "0",
    // No test reaches the internet: map tiles come from a closed local port (refused at once, a plain map
    // background), never from OpenStreetMap. browser.ts expects the failed tile loads.
    MAP_TILE_URL: OFFLINE_TILE_URL,
  };
}

/** Asks the OS for a free port. Another process could take it before the server binds; rare enough here. */
export function findFreePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      if (address === null || typeof address === "string") {
        probe.close();
        reject(new Error("could not read the probe port"));
        return;
      }
      probe.close(() => resolvePort(address.port));
    });
  });
}

async function prepareStorage(database: "embedded" | "default"): Promise<Storage> {
  const dataDir = await mkdtemp(join(tmpdir(), "plaza-e2e-"));
  const removeDataDir = () => rm(dataDir, { recursive: true, force: true });
  const adminUrl = database === "embedded" ? undefined : process.env.E2E_DATABASE_URL;
  if (!adminUrl) return { env: { DATA_DIR: dataDir }, dispose: removeDataDir };

  const name = `plaza_e2e_${randomBytes(6).toString("hex")}`;
  await runAdminQuery(adminUrl, `create database ${name}`);
  const databaseUrl = new URL(adminUrl);
  databaseUrl.pathname = `/${name}`;
  return {
    // DATA_DIR still points at the temp folder so nothing lands in the repository's ./data.
    env: { DATA_DIR: dataDir, DATABASE_URL: databaseUrl.toString() },
    dispose: async () => {
      // FORCE: a connection the stopped server left behind must not keep the database alive.
      await runAdminQuery(adminUrl, `drop database if exists ${name} with (force)`);
      await removeDataDir();
    },
  };
}

/** One statement on the maintenance connection (create/drop database cannot run in a pool transaction). */
async function runAdminQuery(connectionString: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

async function waitUntilReady(baseUrl: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  let lastProblem = "no answer yet";
  await pollUntil(
    async () => {
      try {
        const response = await fetch(`${baseUrl}/readyz`, { signal: AbortSignal.timeout(2_000) });
        lastProblem = `GET /readyz answered ${response.status}`;
        return response.status === 200;
      } catch (error) {
        lastProblem = error instanceof Error ? error.message : String(error);
        return false;
      }
    },
    {
      what: () => `the server at ${baseUrl} to be ready (${lastProblem})`,
      timeoutMs,
      intervalMs: READY_POLL_MS,
      giveUpIf: () =>
        hasExited(child) ? `it exited first (code ${child.exitCode}, signal ${child.signalCode})` : undefined,
    },
  );
}

/** SIGTERM lets the server drain and close its database; SIGKILL only if that hangs. */
async function stopChild(child: ChildProcess): Promise<void> {
  if (hasExited(child)) return;
  const exited = new Promise<void>((resolveExit) => child.once("exit", () => resolveExit()));
  child.kill("SIGTERM");
  const graceful = await Promise.race([exited.then(() => true), delay(STOP_GRACE_MS).then(() => false)]);
  if (graceful) return;
  child.kill("SIGKILL");
  await exited;
}

/** A child without a pid never started (spawn error), so there is nothing to wait for. */
function hasExited(child: ChildProcess): boolean {
  return child.pid === undefined || child.exitCode !== null || child.signalCode !== null;
}

function delay(ms: number): Promise<void> {
  return new Promise((resolveDelay) => setTimeout(resolveDelay, ms));
}
