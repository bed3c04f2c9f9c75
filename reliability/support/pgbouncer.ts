import { type ChildProcess, spawn } from "node:child_process";
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { findFreePort } from "../../e2e/support/server";

/** Debian's pgbouncer (`apt-get install pgbouncer`; .ci/run installs it). */
export const PGBOUNCER = process.env.PGBOUNCER_BIN ?? "/usr/sbin/pgbouncer";

export interface PgBouncer {
  /** A connection string to `database` through the pooler. */
  urlFor(database: string): string;
  /** Its admin console (SHOW POOLS, SHOW STATS). */
  adminUrl: string;
  /** Transactions it has passed to PostgreSQL for `database` so far. */
  transactionsOf(database: string): Promise<number>;
  stop(): Promise<void>;
}

export interface PgBouncerOptions {
  /** PostgreSQL itself (trust authentication, as on this machine and CI's). */
  serverUrl: string;
  /** Server connections per database and user: small, so transactions keep changing connection. */
  poolSize: number;
}

/**
 * Starts PgBouncer in transaction mode in front of `serverUrl`, on a free port, every database passed through.
 * As root it runs as the postgres account (PgBouncer refuses to run as root).
 */
export async function startPgBouncer(options: PgBouncerOptions): Promise<PgBouncer> {
  const server = new URL(options.serverUrl);
  const user = decodeURIComponent(server.username) || "postgres";
  const port = await findFreePort();
  const dir = mkdtempSync(join(tmpdir(), "plaza-pgbouncer-"));
  chmodSync(dir, 0o755);
  const userlist = join(dir, "userlist.txt");
  writeFileSync(userlist, `"${user}" ""\n`, { mode: 0o644 });
  const ini = join(dir, "pgbouncer.ini");
  writeFileSync(
    ini,
    [
      "[databases]",
      `* = host=${server.hostname} port=${server.port || "5432"}`,
      "[pgbouncer]",
      "listen_addr = 127.0.0.1",
      `listen_port = ${port}`,
      "unix_socket_dir =",
      "auth_type = trust",
      `auth_file = ${userlist}`,
      `admin_users = ${user}`,
      "pool_mode = transaction",
      `default_pool_size = ${options.poolSize}`,
      "max_client_conn = 500",
      "ignore_startup_parameters = extra_float_digits",
      "",
    ].join("\n"),
    { mode: 0o644 },
  );
  const asRoot = process.getuid?.() === 0;
  const child = spawn(PGBOUNCER, [...(asRoot ? ["-u", "postgres"] : []), ini], { stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const urlFor = (database: string) => `postgres://${user}@127.0.0.1:${port}/${database}`;
  const adminUrl = urlFor("pgbouncer");
  await waitUntilAnswering(adminUrl, child, () => output);
  return {
    urlFor,
    adminUrl,
    async transactionsOf(database) {
      // The admin console speaks the simple query protocol only.
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        const { rows } = await client.query<{ database: string; total_xact_count: string }>("SHOW STATS");
        return Number(rows.find((row) => row.database === database)?.total_xact_count ?? 0);
      } finally {
        await client.end();
      }
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill("SIGINT");
        await new Promise((resolve) => child.once("exit", resolve));
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function waitUntilAnswering(adminUrl: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`pgbouncer exited (${child.exitCode}): ${output()}`);
    const client = new pg.Client({ connectionString: adminUrl });
    try {
      await client.connect();
      await client.query("SHOW VERSION");
      return;
    } catch (error) {
      if (Date.now() > deadline) throw new Error(`pgbouncer did not answer: ${String(error)}\n${output()}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    } finally {
      await client.end().catch(() => undefined);
    }
  }
}
