import { existsSync, mkdirSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { ExtractTablesWithRelations } from "drizzle-orm";
import { drizzle as drizzleNodePostgres } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePostgres } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from "drizzle-orm/pg-core";
import pg from "pg";

// biome-ignore lint/complexity/noBannedTypes: no relational schema is registered; queries use the builder.
type NoRelations = ExtractTablesWithRelations<{}>;
export type Database = PgDatabase<PgQueryResultHKT, Record<string, never>, NoRelations>;
export type Transaction = PgTransaction<PgQueryResultHKT, Record<string, never>, NoRelations>;
/** Anything a repository can run a query on: the database or an open transaction. */
export type Executor = Database | Transaction;

export interface DatabaseHandle {
  db: Database;
  kind: "pglite" | "postgres";
  /** Applies the committed drizzle-kit migrations (the same files for both kinds). */
  migrate(): Promise<void>;
  /** Answers true while the database answers a trivial query. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
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
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 });
    // An idle client losing its connection must not crash the process; the next query reconnects.
    pool.on("error", () => {});
    const db = drizzleNodePostgres(pool, { casing: "snake_case" }) as unknown as Database;
    return {
      db,
      kind: "postgres",
      migrate: () => migrateNodePostgres(drizzleNodePostgres(pool), { migrationsFolder: migrationsFolder() }),
      ping: async () => {
        try {
          await pool.query("select 1");
          return true;
        } catch {
          return false;
        }
      },
      close: () => pool.end(),
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
  };
}
