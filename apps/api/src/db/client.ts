import { existsSync, mkdirSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { ExtractTablesWithRelations } from "drizzle-orm";
import { drizzle as drizzleNodePostgres } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePostgres } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from "drizzle-orm/pg-core";
import pg from "pg";
import { ReplicaSet, RoutingPool } from "./replicas";

// biome-ignore lint/complexity/noBannedTypes: no relational schema is registered; queries use the builder.
type NoRelations = ExtractTablesWithRelations<{}>;
export type Database = PgDatabase<PgQueryResultHKT, Record<string, never>, NoRelations>;
export type Transaction = PgTransaction<PgQueryResultHKT, Record<string, never>, NoRelations>;
/** Anything a repository can run a query on: the database or an open transaction. */
export type Executor = Database | Transaction;

export interface DatabaseHandle {
  db: Database;
  kind: "pglite" | "postgres";
  /** Behind a transaction-mode pooler (DATABASE_DIRECT_URL set): no named prepared statements. */
  isPooled: boolean;
  /** The read replicas, or null without DATABASE_REPLICA_URLS (and on the embedded database). */
  replicas: ReplicaSet | null;
  /** Applies the committed drizzle-kit migrations (the same files for both kinds). */
  migrate(): Promise<void>;
  /** Answers true while the database answers a trivial query. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
  /**
   * The embedded database only: a tar of its data directory (PGlite's dumpDataDir) after a checkpoint, for
   * `npm run backup` while the server runs (modules/backups/backup-pglite.ts).
   */
  dumpDataDir?: () => Promise<Blob>;
}

/** Finds the committed migrations folder from source (src/db) or from the bundle (dist). */
export function migrationsFolder(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  const candidates = [resolve(here, "../../drizzle"), resolve(here, "../drizzle")];
  const found = candidates.find((candidate) => existsSync(resolve(candidate, "meta/_journal.json")));
  if (!found) throw new Error(`Migrations folder not found (looked in ${candidates.join(", ")})`);
  return found;
}

export interface DatabaseOptions {
  /** PostgreSQL connection string; without it the embedded PGlite is used. */
  databaseUrl?: string;
  /** Folder of the embedded database; undefined keeps it in memory. */
  pgliteDir?: string;
  /** A dump (from `dumpDataDir`) to start the embedded database from: tests use a migrated template. */
  pgliteLoadFrom?: Blob;
  poolSize?: number;
  /**
   * PostgreSQL's own address when `databaseUrl` is a transaction-mode pooler (DATABASE_DIRECT_URL): the pool's
   * statements go unnamed and the migrations run here, on a session of their own.
   */
  directUrl?: string;
  /** Streaming replicas for the reads of routes that opt in (DATABASE_REPLICA_URLS; db/replicas.ts). */
  replicaUrls?: readonly string[];
  /** A replica further behind than this is skipped (DATABASE_REPLICA_MAX_LAG_MS). */
  replicaMaxLagMs?: number;
}

/** How long a request waits for a PostgreSQL connection before it fails (503) instead of hanging. */
export const CONNECTION_TIMEOUT_MS = 2_000;
/** /readyz must answer quickly even when every pooled connection is busy or the server is gone. */
export const PING_TIMEOUT_MS = 1_000;

/** Resolves true when `check` answers true within `timeoutMs`; false on error or timeout. */
async function answersWithin(check: () => Promise<unknown>, timeoutMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolveTimeout) => {
    timer = setTimeout(() => resolveTimeout(false), timeoutMs);
  });
  try {
    return await Promise.race([check().then(() => true), timeout]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * A pg client for a transaction-mode pooler (PgBouncer before 1.21 keeps no prepared statements across
 * transactions): each transaction may run on another server connection, where a statement prepared by name on an
 * earlier one does not exist, and pg skips the Parse of a name this client prepared before. Every query runs as an
 * unnamed statement instead (parsed and planned each time, as a query without preparedStatement() is).
 */
export class UnnamedStatementClient extends pg.Client {}
const namedQuery = pg.Client.prototype.query as (this: pg.Client, ...args: unknown[]) => unknown;
UnnamedStatementClient.prototype.query = function query(this: pg.Client, config: unknown, ...rest: unknown[]) {
  const isNamedConfig =
    typeof config === "object" &&
    config !== null &&
    "name" in config &&
    typeof (config as { submit?: unknown }).submit !== "function";
  return namedQuery.call(this, isNamedConfig ? { ...config, name: undefined } : config, ...rest);
} as typeof pg.Client.prototype.query;

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const { directUrl } = options;
    const hasReplicas = (options.replicaUrls?.length ?? 0) > 0;
    const pool = new (hasReplicas ? RoutingPool : pg.Pool)({
      connectionString: options.databaseUrl,
      ...(directUrl ? { Client: UnnamedStatementClient } : {}),
      max: options.poolSize ?? 10,
      // Without it a request waits forever for a connection while the database is down (pg's default is 0).
      connectionTimeoutMillis: CONNECTION_TIMEOUT_MS,
      // Keep the connections once opened (pg closes idle ones after 10 s by default). A reopened connection is a new
      // PostgreSQL backend: the request that gets it waits for the connection, for the backend to load the catalog
      // entries of every table the query touches and for our prepared statements to be planned again, 50-70 ms for
      // a feed page, which was the p99 of the bench's half-load runs whenever load dipped for 10 s and rose again
      // (bench/results/history.md, "the pool closed idle connections"). The pool is small and fixed (poolSize), as the capacity model assumes.
      idleTimeoutMillis: 0,
    });
    // An idle client losing its connection must not crash the process; the next query reconnects.
    pool.on("error", () => {});
    // A client checked out of the pool (e.g. holding a transaction) has no pool listener while it is out: when the
    // database dies it would emit an unhandled "error" and crash the process. Its queries reject instead.
    pool.on("connect", (client) => client.on("error", () => {}));
    const db = drizzleNodePostgres(pool, { casing: "snake_case" }) as unknown as Database;
    const replicas = hasReplicas
      ? new ReplicaSet(options.replicaUrls ?? [], pool, options.replicaMaxLagMs ?? 5_000, options.poolSize ?? 10)
      : null;
    replicas?.start();
    return {
      db,
      kind: "postgres",
      isPooled: directUrl !== undefined,
      replicas,
      migrate: async () => {
        if (!directUrl) return migrateNodePostgres(drizzleNodePostgres(pool), { migrationsFolder: migrationsFolder() });
        // Straight to PostgreSQL: a migration is DDL in one long transaction, the pooler's to pass on but not to hold.
        const direct = new pg.Pool({
          connectionString: directUrl,
          max: 1,
          connectionTimeoutMillis: CONNECTION_TIMEOUT_MS,
        });
        try {
          await migrateNodePostgres(drizzleNodePostgres(direct), { migrationsFolder: migrationsFolder() });
        } finally {
          await direct.end();
        }
      },
      // Its own short-lived connection: a ping queued behind a busy pool would report a healthy database as down.
      ping: () =>
        answersWithin(async () => {
          const client = new pg.Client({
            connectionString: options.databaseUrl,
            connectionTimeoutMillis: PING_TIMEOUT_MS,
          });
          client.on("error", () => {});
          try {
            await client.connect();
            await client.query("select 1");
          } finally {
            void client.end().catch(() => undefined);
          }
        }, PING_TIMEOUT_MS),
      close: async () => {
        await replicas?.close();
        await pool.end();
      },
    };
  }
  if (options.pgliteDir) mkdirSync(options.pgliteDir, { recursive: true });
  // Loaded only when used: the embedded database's modules cost ~15 MB of resident memory in a process that
  // talks to a PostgreSQL server.
  const [{ PGlite }, { pg_trgm }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
    import("@electric-sql/pglite"),
    import("@electric-sql/pglite/contrib/pg_trgm"),
    import("drizzle-orm/pglite"),
    import("drizzle-orm/pglite/migrator"),
  ]);
  const client = await PGlite.create({
    dataDir: options.pgliteDir,
    loadDataDir: options.pgliteLoadFrom,
    // Trigram indexes behind search (the migration creates the extension on both kinds of database).
    extensions: { pg_trgm },
  });
  const db = drizzlePglite(client, { casing: "snake_case" }) as unknown as Database;
  return {
    db,
    kind: "pglite",
    isPooled: false,
    replicas: null,
    migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder: migrationsFolder() }),
    ping: async () => {
      try {
        await client.query("select 1");
        return true;
      } catch {
        return false;
      }
    },
    close: () => client.close(),
    dumpDataDir: async () => {
      await client.query("checkpoint");
      return client.dumpDataDir("none");
    },
  };
}
