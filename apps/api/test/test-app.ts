import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from "fastify";
import pg from "pg";
import { inject } from "vitest";
import { type BuildAppOptions, buildApp } from "../src/app";
import type { AppContext } from "../src/app-context";
import { buildEnv, type Env } from "../src/config/env";
import { type DatabaseHandle, openDatabase } from "../src/db/client";
import { ManualClock } from "../src/lib/clock";

export interface TestApp {
  app: FastifyInstance;
  context: AppContext;
  clock: ManualClock;
  database: DatabaseHandle;
  /** The test database's address on PostgreSQL (TEST_DATABASE_URL); undefined on PGlite. */
  databaseUrl?: string;
  close(): Promise<void>;
}

/** A fresh database for one test file: a copy of the migrated template (PostgreSQL or PGlite). */
export async function openTestDatabase(): Promise<{
  database: DatabaseHandle;
  url?: string;
  drop(): Promise<void>;
}> {
  const databaseUrl = process.env.TEST_DATABASE_URL;
  const template = inject("postgresTemplate");
  if (databaseUrl && template) {
    const name = `plaza_t_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`create database ${name} template ${template}`);
    await admin.end();
    const url = new URL(databaseUrl);
    url.pathname = `/${name}`;
    const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 20 });
    return {
      database,
      url: url.toString(),
      drop: async () => {
        await database.close();
        const cleanup = new pg.Client({ connectionString: databaseUrl });
        await cleanup.connect();
        await cleanup.query(`drop database if exists ${name} with (force)`);
        await cleanup.end();
      },
    };
  }
  const dumpPath = inject("pgliteTemplatePath");
  if (!dumpPath) throw new Error("test global setup did not run");
  const database = await openDatabase({ pgliteLoadFrom: new Blob([readFileSync(dumpPath)]) });
  return { database, drop: () => database.close() };
}

/**
 * Builds the real app on a fresh database with a manual clock. IP limits and the new-account limits (every test
 * account is minutes old) are off unless a test turns them on.
 */
export async function buildTestApp(
  overrides: Partial<Record<keyof Env, string>> = {},
  options: Pick<BuildAppOptions, "logStream" | "onRoute"> = {},
): Promise<TestApp> {
  const { database, url, drop } = await openTestDatabase();
  const clock = new ManualClock(new Date("2026-06-01T12:00:00Z"));
  const dataDir = mkdtempSync(join(tmpdir(), "plaza-data-"));
  const env = buildEnv({
    IP_RATE_LIMITS: "off",
    NEW_ACCOUNT_HOURS: "0",
    LOG_LEVEL: "silent",
    JOBS: "off",
    DATA_DIR: dataDir,
    ...overrides,
  });
  const app = await buildApp({ env, database, clock, logger: false, ...options });
  await app.ready();
  return {
    app,
    context: app.context,
    clock,
    database,
    databaseUrl: url,
    close: async () => {
      await app.close();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** An HTTP client bound to one cookie jar, like one browser. */
export class TestClient {
  cookie: string | null = null;
  constructor(private readonly app: FastifyInstance) {}

  async request(options: InjectOptions): Promise<LightMyRequestResponse> {
    const headers: Record<string, string> = { ...(options.headers as Record<string, string> | undefined) };
    if (this.cookie && !("cookie" in headers)) headers.cookie = this.cookie;
    const response = await this.app.inject({ ...options, headers });
    const setCookie = response.cookies.find((cookie) => cookie.name.endsWith("plaza_session"));
    if (setCookie) this.cookie = setCookie.value ? `${setCookie.name}=${setCookie.value}` : null;
    return response;
  }

  /** Waits for the background work the requests so far started (the picture and video jobs among it). */
  async settle(): Promise<void> {
    await this.app.context.background.idle();
  }

  get(url: string, headers?: Record<string, string>) {
    return this.request({ method: "GET", url, headers });
  }
  post(url: string, payload?: unknown, headers?: Record<string, string>) {
    return this.request({ method: "POST", url, payload: payload as InjectOptions["payload"], headers });
  }
  put(url: string, payload?: unknown, headers?: Record<string, string>) {
    return this.request({ method: "PUT", url, payload: payload as InjectOptions["payload"], headers });
  }
  patch(url: string, payload?: unknown, headers?: Record<string, string>) {
    return this.request({ method: "PATCH", url, payload: payload as InjectOptions["payload"], headers });
  }
  delete(url: string, headers?: Record<string, string>) {
    return this.request({ method: "DELETE", url, headers });
  }
}
