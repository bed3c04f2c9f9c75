import { type ChildProcess, execFile, spawn } from "node:child_process";
import { chmodSync, chownSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { Redis } from "ioredis";
import pg from "pg";
import { findFreePort } from "../../e2e/support/server";

const run = promisify(execFile);
/** Where PostgreSQL 15's programs (initdb, pg_ctl, postgres) are. */
export const PG_BIN = process.env.PG_BIN ?? "/usr/lib/postgresql/15/bin";
const IS_ROOT = process.getuid?.() === 0;

/** The nginx program the instances test puts in front of the servers. */
export const NGINX_BIN = process.env.NGINX_BIN ?? "/usr/sbin/nginx";

export function delay(ms: number): Promise<void> {
  return new Promise((resolveDelay) => setTimeout(resolveDelay, ms));
}

/** Runs a PostgreSQL tool as the postgres user (initdb and pg_ctl refuse to run as root). */
function asPostgres(tool: string, args: string[]) {
  const command = join(PG_BIN, tool);
  return IS_ROOT ? run("runuser", ["-u", "postgres", "--", command, ...args]) : run(command, args);
}

export interface ThrowawayPostgres {
  /** Connection string of the `plaza` database. */
  url: string;
  port: number;
  /** `pg_ctl stop -m immediate`: the crash simulation (recovery runs at the next start). */
  kill(): Promise<void>;
  start(): Promise<void>;
  query<T extends pg.QueryResultRow>(sql: string, values?: unknown[]): Promise<T[]>;
  dispose(): Promise<void>;
}

/** A temp folder the postgres account owns (initdb, pg_basebackup and pg_ctl run as it). */
async function postgresOwnedDir(prefix: string): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  if (IS_ROOT) {
    const { stdout } = await run("id", ["-u", "postgres"]);
    const { stdout: gid } = await run("id", ["-g", "postgres"]);
    chownSync(dir, Number(stdout.trim()), Number(gid.trim()));
  }
  return dir;
}

/** Starts (and can kill, restart and remove) the cluster in `dir`/data on `port`, with `settings` (`-c` options). */
async function runCluster(dir: string, port: number, settings: string[]): Promise<ThrowawayPostgres> {
  const dataDir = join(dir, "data");
  const options = [
    `-p ${port}`,
    `-k ${dir}`,
    "-c listen_addresses=127.0.0.1",
    ...settings.map((setting) => `-c ${setting}`),
  ].join(" ");
  const start = async () => {
    await asPostgres("pg_ctl", [
      "-D",
      dataDir,
      "-o",
      options,
      "-l",
      join(dir, "postgres.log"),
      "-w",
      "-t",
      "30",
      "start",
    ]);
  };
  await start();
  const url = `postgres://postgres@127.0.0.1:${port}/plaza`;
  let isDisposed = false;
  return {
    url,
    port,
    kill: async () => {
      await asPostgres("pg_ctl", ["-D", dataDir, "-m", "immediate", "-w", "stop"]);
    },
    start,
    query: async <T extends pg.QueryResultRow>(sql: string, values: unknown[] = []) => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        return (await client.query<T>(sql, values)).rows;
      } finally {
        await client.end();
      }
    },
    dispose: async () => {
      if (isDisposed) return;
      isDisposed = true;
      await asPostgres("pg_ctl", ["-D", dataDir, "-m", "immediate", "-w", "stop"]).catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * A PostgreSQL 15 cluster of our own (temp dir, free port, fsync on) that a test may kill: the shared server on
 * 5432 is never touched. initdb's trust authentication includes replication connections from this machine.
 */
export async function startThrowawayPostgres(): Promise<ThrowawayPostgres> {
  const dir = await postgresOwnedDir("plaza-pg-");
  const port = await findFreePort();
  await asPostgres("initdb", [
    "-D",
    join(dir, "data"),
    "-A",
    "trust",
    "-U",
    "postgres",
    "-E",
    "UTF8",
    "--no-instructions",
  ]);
  const cluster = await runCluster(dir, port, [
    "fsync=on",
    "synchronous_commit=on",
    "full_page_writes=on",
    "max_connections=60",
    // Crash recovery starts by syncing the data directory; syncfs does it in one call instead of file by file.
    "recovery_init_sync_method=syncfs",
  ]);
  const admin = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${port}/postgres` });
  await admin.connect();
  await admin.query("create database plaza");
  await admin.end();
  return cluster;
}

/**
 * A streaming replica of `primary` (pg_basebackup -R), read-only (hot standby), on a free port. With
 * `applyDelayMs` it replays what it receives that much later: a replica that lags, on purpose.
 */
export async function startReplicaOf(primary: ThrowawayPostgres, options: { applyDelayMs?: number } = {}) {
  const dir = await postgresOwnedDir("plaza-replica-");
  const port = await findFreePort();
  await asPostgres("pg_basebackup", [
    ...["-h", "127.0.0.1", "-p", String(primary.port), "-U", "postgres", "-D", join(dir, "data")],
    ...["-R", "-X", "stream", "-c", "fast"],
  ]);
  return runCluster(dir, port, [
    "hot_standby=on",
    "max_connections=60",
    `recovery_min_apply_delay=${options.applyDelayMs ?? 0}ms`,
  ]);
}

export interface ThrowawayRedis {
  url: string;
  port: number;
  stop(): Promise<void>;
  start(): Promise<void>;
  dispose(): Promise<void>;
}

/** A redis-server of our own on a free port, no persistence; the shared one on 6379 is never touched. */
export async function startThrowawayRedis(): Promise<ThrowawayRedis> {
  const port = await findFreePort();
  let child: ChildProcess | null = null;
  const start = async () => {
    child = spawn("redis-server", ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], {
      stdio: "ignore",
    });
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline) {
      const probe = new Redis({
        port,
        host: "127.0.0.1",
        lazyConnect: true,
        maxRetriesPerRequest: 0,
        retryStrategy: () => null,
      });
      probe.on("error", () => undefined);
      try {
        await probe.connect();
        if ((await probe.ping()) === "PONG") return;
      } catch {
        // not up yet
      } finally {
        probe.disconnect();
      }
      await delay(100);
    }
    throw new Error(`redis-server on ${port} did not start`);
  };
  const stop = async () => {
    const running = child;
    child = null;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((resolveExit) => running.once("exit", resolveExit));
    running.kill("SIGKILL");
    await exited;
  };
  await start();
  return { url: `redis://127.0.0.1:${port}`, port, start, stop, dispose: stop };
}

export interface RunningNginx {
  baseUrl: string;
  port: number;
  config: string;
  accessLog: string;
  stop(): Promise<void>;
}

/**
 * The nginx configuration of README "Scaling out": round robin over the API processes, WebSocket upgrade for
 * /api/live, the client address passed in X-Forwarded-For (overwritten, so a client cannot forge it), and an
 * access log without query strings (signed upload URLs carry their token there).
 */
export function nginxConfig(options: { dir: string; port: number; upstreams: number[] }): string {
  const { dir, port, upstreams } = options;
  return `worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 512; }
http {
  log_format plaza '$remote_addr [$time_iso8601] "$request_method $uri" $status $upstream_addr $request_time';
  access_log ${dir}/access.log plaza;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  client_max_body_size 12m;

  upstream plaza_api {
${upstreams.map((upstream) => `    server 127.0.0.1:${upstream} max_fails=1 fail_timeout=2s;`).join("\n")}
    keepalive 32;
  }
  map $http_upgrade $connection_upgrade {
    default upgrade;
    '' '';
  }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://plaza_api;
      proxy_http_version 1.1;
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $remote_addr;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_set_header Upgrade $http_upgrade;
      proxy_set_header Connection $connection_upgrade;
      add_header X-Upstream $upstream_addr always;
    }
    location /api/live {
      proxy_pass http://plaza_api;
      proxy_http_version 1.1;
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $remote_addr;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_set_header Upgrade $http_upgrade;
      proxy_set_header Connection $connection_upgrade;
      proxy_read_timeout 1h;
    }
  }
}
`;
}

/** nginx as a child process (not a daemon) with a generated configuration in a temp dir. */
export async function startNginx(upstreams: number[]): Promise<RunningNginx> {
  const dir = mkdtempSync(join(tmpdir(), "plaza-nginx-"));
  chmodSync(dir, 0o777);
  const port = await findFreePort();
  const config = nginxConfig({ dir, port, upstreams });
  const configFile = join(dir, "nginx.conf");
  writeFileSync(configFile, config);
  const nginx = NGINX_BIN;
  const child = spawn(nginx, ["-p", dir, "-c", configFile, "-e", join(dir, "error.log")], { stdio: "ignore" });
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode} (config in ${configFile})`);
    try {
      await fetch(`${baseUrl}/healthz`, { signal: AbortSignal.timeout(1_000) });
      break;
    } catch {
      if (Date.now() > deadline) throw new Error("nginx did not answer within 10 s");
      await delay(100);
    }
  }
  return {
    baseUrl,
    port,
    config,
    accessLog: join(dir, "access.log"),
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolveExit) => child.once("exit", resolveExit));
        child.kill("SIGQUIT");
        await Promise.race([exited, delay(5_000)]);
        if (child.exitCode === null) child.kill("SIGKILL");
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
