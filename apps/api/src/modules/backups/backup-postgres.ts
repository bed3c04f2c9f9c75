import pg from "pg";
import { BackupError, firstErrorLine, runProgram } from "./backup-cli";
import { type DatabaseSummary, summarizeDatabase } from "./backup-manifest";

/**
 * PostgreSQL's own tools: `pg_dump --format=custom` of one snapshot while the server runs, `pg_restore` into an
 * empty database. The manifest's counts are read in the very snapshot pg_dump dumps (pg_export_snapshot), so they
 * match the dump exactly however busy the town is.
 */
export interface PostgresTools {
  pgDump: string;
  pgRestore: string;
}

const installHint = (major: number | null) =>
  `install PostgreSQL's client programs${major ? ` of version ${major} or later (Debian: apt-get install postgresql-client-${major})` : ""}, or set PG_DUMP_PATH and PG_RESTORE_PATH`;

/** The connection string without its password, and the password for PGPASSWORD (never on a command line). */
function splitPassword(databaseUrl: string): { url: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = "";
  return { url: url.toString(), env: password ? { PGPASSWORD: password } : {} };
}

async function connect(databaseUrl: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: databaseUrl });
  client.on("error", () => undefined);
  try {
    await client.connect();
  } catch (error) {
    throw new BackupError(`The database at DATABASE_URL did not answer (${(error as Error).message})`);
  }
  return client;
}

async function serverMajor(client: pg.Client): Promise<number> {
  const { rows } = await client.query<{ version: string }>("select current_setting('server_version_num') as version");
  return Math.floor(Number(rows[0]?.version ?? 0) / 10_000);
}

/** Refuses a tool older than the server (pg_dump would refuse it too, in a longer message). */
async function checkToolVersion(program: string, major: number): Promise<string> {
  const { code, stdout, stderr } = await runProgram(program, ["--version"], { installHint: installHint(major) });
  const found = /(\d+)(?:\.\d+)?/.exec(stdout);
  if (code !== 0 || !found) throw new BackupError(`${program} --version failed: ${firstErrorLine(stderr)}`);
  if (Number(found[1]) < major) {
    throw new BackupError(
      `${program} is version ${found[1]} but the database server is version ${major}: ${installHint(major)}`,
    );
  }
  return stdout.trim();
}

/** Dumps the database into `file`; returns the summary of the dumped snapshot and pg_dump's version. */
export async function dumpPostgres(
  databaseUrl: string,
  file: string,
  tools: PostgresTools,
): Promise<{ summary: DatabaseSummary; tool: string }> {
  const client = await connect(databaseUrl);
  try {
    const tool = await checkToolVersion(tools.pgDump, await serverMajor(client));
    await client.query("begin isolation level repeatable read read only");
    const { rows } = await client.query<{ snapshot: string }>("select pg_export_snapshot() as snapshot");
    const summary = await summarizeDatabase(client);
    const { url, env } = splitPassword(databaseUrl);
    const dump = await runProgram(
      tools.pgDump,
      ["--format=custom", `--snapshot=${rows[0]?.snapshot}`, `--file=${file}`, "--no-password", `--dbname=${url}`],
      { env, installHint: installHint(null) },
    );
    if (dump.code !== 0) throw new BackupError(`pg_dump failed: ${firstErrorLine(dump.stderr)}`);
    await client.query("commit");
    return { summary, tool };
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** True when the database holds no table, view or sequence of its own (only PostgreSQL's catalogs). */
async function isEmpty(client: pg.Client): Promise<boolean> {
  const { rows } = await client.query<{ count: string }>(
    `select count(*)::text as count from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'p', 'v', 'm', 'S', 'f')
        and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_%'`,
  );
  return rows[0]?.count === "0";
}

/** Refuses a database that holds anything, before anything is unpacked. */
export async function assertEmptyPostgres(databaseUrl: string): Promise<void> {
  const client = await connect(databaseUrl);
  try {
    if (!(await isEmpty(client))) {
      throw new BackupError(
        "The database at DATABASE_URL is not empty: restore only into a new, empty database (createdb plaza_restored)",
      );
    }
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Restores a custom-format dump into the empty database, in one transaction; returns what it now holds. */
export async function restorePostgres(databaseUrl: string, file: string, tools: PostgresTools) {
  const client = await connect(databaseUrl);
  try {
    await checkToolVersion(tools.pgRestore, await serverMajor(client));
    const { url, env } = splitPassword(databaseUrl);
    const restore = await runProgram(
      tools.pgRestore,
      [
        "--no-owner",
        "--no-privileges",
        "--exit-on-error",
        "--single-transaction",
        "--no-password",
        `--dbname=${url}`,
        file,
      ],
      { env, installHint: installHint(null) },
    );
    if (restore.code !== 0) throw new BackupError(`pg_restore failed: ${firstErrorLine(restore.stderr)}`);
    return await summarizeDatabase(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}
