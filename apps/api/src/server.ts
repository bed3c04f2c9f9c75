import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { buildApp } from "./app";
import { ConfigError, loadEnv } from "./config/env";
import { openDatabase } from "./db/client";
import { startJobQueue } from "./jobs/start";
import { announceReady } from "./lib/ready-message";
import { ensureActiveAgreement } from "./modules/agreements/agreements.service";
import { serveDatabaseDumps } from "./modules/backups/backup-pglite";
import { prepareDemoTown } from "./modules/demo/demo-startup";
import { demoBanner } from "./modules/demo/seed-demo";
import { removeAbandonedSpools } from "./modules/uploads/upload-body";

/** Where `vite build` puts the web app, seen from src/ (dev) or dist/ (production bundle). */
function defaultWebDist(): string {
  return resolve(dirname(fileURLToPath(import.meta.url)), "../../web/dist");
}

/** The most a shutdown waits for the database pool to close (after requests and jobs are done). */
const DATABASE_CLOSE_CEILING_MS = 3_000;

async function main(): Promise<void> {
  const env = loadEnv();
  const database = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    pgliteDir: env.DATABASE_URL ? undefined : resolve(env.DATA_DIR, "db"),
    poolSize: env.DATABASE_POOL_SIZE,
    directUrl: env.DATABASE_DIRECT_URL,
    replicaUrls: env.DATABASE_REPLICA_URLS,
    replicaMaxLagMs: env.DATABASE_REPLICA_MAX_LAG_MS,
  });
  await database.migrate();
  await ensureActiveAgreement(database.db, new Date());

  const app = await buildApp({ env: { ...env, WEB_DIST_DIR: env.WEB_DIST_DIR ?? defaultWebDist() }, database });
  if (database.replicas) {
    app.log.info(
      { replicas: database.replicas.describe().map((replica) => replica.url) },
      `database: reads of the feed, search, discovery, profiles and events on ${env.DATABASE_REPLICA_URLS.length} replica(s), skipped beyond ${env.DATABASE_REPLICA_MAX_LAG_MS} ms of lag`,
    );
  }
  if (database.isPooled) {
    app.log.info(
      "database: DATABASE_URL is a transaction-mode pooler (no named prepared statements); migrations and the job queue's LISTEN use DATABASE_DIRECT_URL",
    );
  }
  // The demo superuser is a superuser as if listed in SUPERUSER_EMAILS, while demo data is on.
  const demoSuperusers = await prepareDemoTown(app.context, app.log);
  // The job queue: pg-boss with DATABASE_URL, else in-process. WORKERS=off: this process answers requests and only
  // queues jobs; `npm run worker` runs them.
  const jobs = env.JOBS ? await startJobQueue(app.context, app.log, { works: env.WORKERS }) : null;
  // Uploads a crash interrupted leave their spool files in DATA_DIR/tmp: this process's disk, so each cleans its own.
  void removeAbandonedSpools(app.context).then(
    (count) => count > 0 && app.log.info({ count }, "removed the spool files of interrupted uploads"),
    (error: unknown) => app.log.warn({ err: error }, "could not clean DATA_DIR/tmp"),
  );

  // `npm run backup` while this process runs: the embedded database is dumped here, handed over a socket in DATA_DIR.
  const dumps = database.dumpDataDir
    ? await serveDatabaseDumps(resolve(env.DATA_DIR), database.dumpDataDir, (error) =>
        app.log.error({ err: error }, "backup: could not dump the embedded database"),
      )
    : null;
  if (database.dumpDataDir && !dumps)
    app.log.warn("DATA_DIR's path is too long for the backup socket: stop the server to back up");

  let isShuttingDown = false;
  const shutdown = async (signal: string) => {
    if (isShuttingDown) return;
    isShuttingDown = true;
    app.log.info({ signal }, "shutting down: draining in-flight requests");
    app.beginDraining();
    await new Promise((resolveGrace) => setTimeout(resolveGrace, env.SHUTDOWN_GRACE_MS));
    // close() stops accepting connections and waits for in-flight requests before onClose hooks run.
    await app.close();
    app.log.info("shutdown: requests answered, background work done");
    await jobs?.stop();
    dumps?.close();
    // Bounded: a connection still checked out (seen after database restarts, with the job queue on PostgreSQL)
    // would hold pool.end() forever; the process ends anyway, and its sockets with it.
    const closed = await Promise.race([
      database.close().then(() => true),
      new Promise<false>((resolveLate) => setTimeout(() => resolveLate(false), DATABASE_CLOSE_CEILING_MS)),
    ]);
    if (closed) app.log.info("shutdown: database closed");
    else app.log.warn({ waitedMs: DATABASE_CLOSE_CEILING_MS }, "shutdown: a database connection was still in use");
    process.exit(0);
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));

  await app.listen({ port: env.PORT, host: env.HOST });
  app.log.info(`Plaza is listening on http://localhost:${env.PORT} (${database.kind})`);
  announceReady();
  // Printed whatever LOG_LEVEL says: the way in for someone trying Plaza.
  if (demoSuperusers.length > 0) console.log(demoBanner(`http://localhost:${env.PORT}`));
}

// A failed start says where and why it failed (stack and cause), except for bad configuration, whose message is
// the list of bad keys.
main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
