import { resolve } from "node:path";
import { buildApp } from "./app";
import { ConfigError, loadEnv } from "./config/env";
import { openDatabase } from "./db/client";
import { startJobQueue } from "./jobs/start";

/**
 * `npm run worker`: a process that only runs background work (mail, video re-encoding, renewals, pruning…) and
 * answers no requests. Run it beside API processes started with WORKERS=off, so the two scale apart. On
 * PostgreSQL several workers may run: pg-boss hands each job to one of them.
 */
async function main(): Promise<void> {
  const env = { ...loadEnv(), WORKERS: true, JOBS: true, WEB_DIST_DIR: "" };
  const database = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    pgliteDir: env.DATABASE_URL ? undefined : resolve(env.DATA_DIR, "db"),
    poolSize: env.DATABASE_POOL_SIZE,
    directUrl: env.DATABASE_DIRECT_URL,
  });
  await database.migrate();
  // The app is built for its context (database, storage, mail, clock); it never listens.
  const app = await buildApp({ env, database });
  await app.ready();
  const jobs = await startJobQueue(app.context, app.log, { works: true });
  // The job timers do not hold a process open (an API process is held by its listening socket): this does.
  const keepAlive = setInterval(() => undefined, 60 * 60 * 1000);
  app.log.info(`Plaza worker running jobs (${database.kind})`);

  let isShuttingDown = false;
  const shutdown = async (signal: string) => {
    if (isShuttingDown) return;
    isShuttingDown = true;
    app.log.info({ signal }, "worker stopping: finishing the jobs in progress");
    clearInterval(keepAlive);
    await jobs.stop();
    await app.close();
    // Bounded as in server.ts: a connection still checked out must not keep a stopping worker alive.
    await Promise.race([database.close(), new Promise((resolveLate) => setTimeout(resolveLate, 3_000))]);
    process.exit(0);
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
