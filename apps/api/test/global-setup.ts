import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { migrationsFolder } from "../src/db/client";

/**
 * Migrates one template database per run: a PGlite dump by default, or a PostgreSQL template database when
 * TEST_DATABASE_URL is set. Every test file then starts from a copy of it (see test-app.ts).
 */
export default async function setup(project: TestProject) {
  const databaseUrl = process.env.TEST_DATABASE_URL;
  if (databaseUrl) {
    const templateName = `plaza_template_${process.pid}`;
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${templateName}`);
    await admin.query(`create database ${templateName}`);
    await admin.end();
    const templateUrl = new URL(databaseUrl);
    templateUrl.pathname = `/${templateName}`;
    const pool = new pg.Pool({ connectionString: templateUrl.toString(), max: 1 });
    const { drizzle: drizzlePg } = await import("drizzle-orm/node-postgres");
    const { migrate: migratePg } = await import("drizzle-orm/node-postgres/migrator");
    await migratePg(drizzlePg(pool), { migrationsFolder: migrationsFolder() });
    await pool.end();
    project.provide("postgresTemplate", templateName);
    return async () => {
      const cleanup = new pg.Client({ connectionString: databaseUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${templateName}`);
      await cleanup.end();
    };
  }
  const folder = mkdtempSync(join(tmpdir(), "plaza-test-"));
  const client = await PGlite.create({ extensions: { pg_trgm } });
  await migrate(drizzle(client), { migrationsFolder: migrationsFolder() });
  const dump = await client.dumpDataDir("none");
  await client.close();
  const dumpPath = join(folder, "template.tar");
  writeFileSync(dumpPath, Buffer.from(await dump.arrayBuffer()));
  project.provide("pgliteTemplatePath", dumpPath);
  return () => rmSync(folder, { recursive: true, force: true });
}

declare module "vitest" {
  export interface ProvidedContext {
    postgresTemplate?: string;
    pgliteTemplatePath?: string;
  }
}
