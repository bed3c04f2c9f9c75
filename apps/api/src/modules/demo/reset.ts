import { rm } from "node:fs/promises";
import { resolve } from "node:path";
import { sql } from "drizzle-orm";
import { buildApp } from "../../app";
import { loadEnv } from "../../config/env";
import { openDatabase } from "../../db/client";
import { ensureActiveAgreement } from "../agreements/agreements.service";
import { demoBanner, ensureDemoTown } from "./seed-demo";

/**
 * `npm run demo:reset`: deletes all data (the embedded database and uploaded files) and creates the demo town
 * again. Refuses a DATABASE_URL unless `--force` is given: that would wipe a real PostgreSQL database.
 * Stop the server first (the embedded database belongs to one process at a time).
 */
async function main(): Promise<void> {
  const env = loadEnv();
  const isForced = process.argv.includes("--force");
  if (env.DATABASE_URL && !isForced) {
    console.error(
      "DATABASE_URL is set: demo:reset would delete every table of that database. Run `npm run demo:reset -- --force` if you mean it.",
    );
    process.exit(1);
  }
  const startedAt = performance.now();
  const dataDir = resolve(env.DATA_DIR);
  if (!env.DATABASE_URL) await rm(resolve(dataDir, "db"), { recursive: true, force: true });
  await rm(resolve(dataDir, "uploads"), { recursive: true, force: true });

  const database = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    pgliteDir: env.DATABASE_URL ? undefined : resolve(dataDir, "db"),
  });
  try {
    if (env.DATABASE_URL) {
      await database.db.execute(sql`drop schema if exists drizzle cascade`);
      await database.db.execute(sql`drop schema if exists public cascade`);
      await database.db.execute(sql`create schema public`);
    }
    await database.migrate();
    await ensureActiveAgreement(database.db, new Date());
    const app = await buildApp({ env: { ...env, WEB_DIST_DIR: "", LOG_LEVEL: "warn" }, database, logger: false });
    try {
      const demo = await ensureDemoTown(app.context);
      if (demo.state !== "seeded") throw new Error(`the database was not empty after the wipe (${demo.state})`);
      const seconds = ((performance.now() - startedAt) / 1000).toFixed(1);
      console.log(`Demo town recreated in ${seconds} s: ${JSON.stringify(demo.summary)}`);
      console.log(demoBanner(`http://localhost:${env.PORT}`));
      if (!env.DEMO_DATA) console.log("Note: DEMO_DATA is off, so the sign-in page will not list the demo accounts.");
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
