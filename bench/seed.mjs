// Builds the benchmark dataset once into a template database, then copies it for each run.
// The template is rebuilt when the migrations, the generator or SCALE change (a key stored as the database comment).
import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { hash } from "@node-rs/argon2";
import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { BENCH_DIR, log, ROOT } from "./util.mjs";

/** Bump when generate.sql or the way it is loaded changes in a way the text hash would miss. */
const GENERATOR_VERSION = 1;
const MIGRATIONS_DIR = resolve(ROOT, "apps/api/drizzle");
/** Every bench account signs in with this password (its argon2 hash is made with the app's own library). */
export const BENCH_PASSWORD = "bench-password-1";
/** Fixed "now" of the dataset: rows are dated before it, so the same SCALE always gives the same rows. */
const BASE_TIME = "2026-11-01 00:00:00+00";
/** The tables the generator fills: their indexes and keys are dropped during the load and rebuilt after. */
const LOADED_TABLES = [
  "users",
  "follows",
  "posts",
  "likes",
  "conversations",
  "messages",
  "businesses",
  "checkins",
  "coupons",
];

/**
 * Row counts for a scale (1 = 100k users, 1M posts, ≈5M follows, 10M likes, 1M messages, 5k businesses).
 * @param {number} scale
 */
export function datasetSize(scale) {
  const users = Math.max(1000, Math.round(100_000 * scale));
  const posts = Math.max(10_000, Math.round(1_000_000 * scale));
  const businesses = Math.max(50, Math.round(5_000 * scale));
  const viewerFirst = Math.floor(users / 2) + 1;
  return { users, posts, businesses, likesPerUser: 100, viewerFirst, viewerLast: viewerFirst + 19 };
}

/** @param {number} n user number (1-based) → its uuid, as generate.sql's pg_temp.uid(1, n) makes it. */
export function userUuid(n) {
  return benchUuid(1, n);
}

/** @param {number} kind @param {number} n */
export function benchUuid(kind, n) {
  return `${kind.toString(16).padStart(8, "0")}-0000-4000-8000-${n.toString(16).padStart(12, "0")}`;
}

/** @param {number} n */
export function userEmail(n) {
  return `user${n}@bench.plaza.test`;
}

function seedKey(scale) {
  const digest = createHash("sha256");
  digest.update(`v${GENERATOR_VERSION}|scale=${scale}|`);
  digest.update(readFileSync(resolve(BENCH_DIR, "generate.sql")));
  for (const file of readdirSync(MIGRATIONS_DIR).sort()) {
    if (file.endsWith(".sql")) digest.update(readFileSync(resolve(MIGRATIONS_DIR, file)));
  }
  digest.update(readFileSync(resolve(MIGRATIONS_DIR, "meta/_journal.json")));
  return digest.digest("hex").slice(0, 16);
}

/** @param {string} url @param {string} database */
export function withDatabase(url, database) {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/** @param {string} name */
const ident = (name) => `"${name.replaceAll('"', '""')}"`;

/** @param {pg.Client} admin @param {string} name */
async function dropDatabase(admin, name) {
  await admin.query(`drop database if exists ${ident(name)} with (force)`);
}

/**
 * Makes sure the template for this scale exists and is current; returns its name.
 * @param {string} adminUrl a connection string to any database of the server (its "postgres" database works)
 * @param {number} scale
 */
export async function ensureTemplate(adminUrl, scale) {
  const name = `plaza_bench_seed_${String(scale).replace(/[^0-9]/g, "_")}`;
  const key = seedKey(scale);
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const { rows } = await admin.query(
      "select shobj_description(oid, 'pg_database') as comment from pg_database where datname = $1",
      [name],
    );
    if (rows[0]?.comment === `plaza-bench ${key}`) {
      log(`template ${name} is current (${key})`);
      return { name, generated: null };
    }
    const building = `${name}_building`;
    await dropDatabase(admin, building);
    await admin.query(`create database ${ident(building)}`);
    const started = performance.now();
    const steps = await generate(withDatabase(adminUrl, building), scale);
    await dropDatabase(admin, name);
    await admin.query(`alter database ${ident(building)} rename to ${ident(name)}`);
    await admin.query(`comment on database ${ident(name)} is 'plaza-bench ${key}'`);
    const seconds = (performance.now() - started) / 1000;
    log(`template ${name} built in ${seconds.toFixed(1)} s`);
    return { name, generated: { seconds, steps } };
  } finally {
    await admin.end();
  }
}

/**
 * Copies the template into a fresh database for one run (a file copy: seconds, not a reload).
 * @param {string} adminUrl @param {string} template @param {string} target
 */
export async function copyTemplate(adminUrl, template, target) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await dropDatabase(admin, target);
    await admin.query(`create database ${ident(target)} template ${ident(template)} strategy file_copy`);
  } finally {
    await admin.end();
  }
}

/** @param {string} adminUrl @param {string} target */
export async function dropRunDatabase(adminUrl, target) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await dropDatabase(admin, target);
  } finally {
    await admin.end();
  }
}

/**
 * Runs the app's migrations, drops indexes and keys of the loaded tables, loads generate.sql step by step,
 * rebuilds the indexes and keys exactly as the migrations defined them, then VACUUM (FREEZE, ANALYZE).
 * @param {string} url @param {number} scale
 */
async function generate(url, scale) {
  const size = datasetSize(scale);
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  /** @type {{ step: string, seconds: number }[]} */
  const steps = [];
  const timed = async (step, work) => {
    const started = performance.now();
    await work();
    const seconds = (performance.now() - started) / 1000;
    steps.push({ step, seconds: Number(seconds.toFixed(2)) });
    log(`  ${step}: ${seconds.toFixed(1)} s`);
  };
  try {
    await timed("migrations", () => migrate(drizzle(pool), { migrationsFolder: MIGRATIONS_DIR }));
    const client = await pool.connect();
    try {
      await client.query("set synchronous_commit = off");
      await client.query("set maintenance_work_mem = '512MB'");
      await client.query("set work_mem = '256MB'");
      await client.query("set max_parallel_workers_per_gather = 0");
      const tables = LOADED_TABLES.map((table) => `'${table}'`).join(", ");
      // Foreign keys anywhere that touch a loaded table, then the loaded tables' own keys and indexes.
      const { rows: foreignKeys } = await client.query(
        `select conrelid::regclass::text as table, conname as name, pg_get_constraintdef(oid) as definition
         from pg_constraint where contype = 'f'
           and (conrelid::regclass::text in (${tables}) or confrelid::regclass::text in (${tables}))`,
      );
      const { rows: keys } = await client.query(
        `select conrelid::regclass::text as table, conname as name, pg_get_constraintdef(oid) as definition
         from pg_constraint where contype in ('p', 'u') and conrelid::regclass::text in (${tables})`,
      );
      const { rows: indexes } = await client.query(
        `select indexname as name, indexdef as definition from pg_indexes
         where schemaname = 'public' and tablename in (${tables})
           and indexname not in (select conname from pg_constraint where contype in ('p', 'u'))`,
      );
      await timed("drop keys and indexes", async () => {
        for (const fk of foreignKeys)
          await client.query(`alter table ${ident(fk.table)} drop constraint ${ident(fk.name)}`);
        for (const key of keys)
          await client.query(`alter table ${ident(key.table)} drop constraint ${ident(key.name)}`);
        for (const index of indexes) await client.query(`drop index ${ident(index.name)}`);
      });

      const passwordHash = await hash(BENCH_PASSWORD);
      const preferences = JSON.stringify({
        emailNotifications: true,
        pushNotifications: true,
        marketingEmails: false,
        showOnlineStatus: true,
        allowDirectMessages: true,
        messagePrivacy: "all",
        showRecentActivity: true,
      });
      const tokens = {
        U: String(size.users),
        P: String(size.posts),
        B: String(size.businesses),
        LPU: String(size.likesPerUser),
        VIEWER_FIRST: String(size.viewerFirst),
        VIEWER_LAST: String(size.viewerLast),
        BASE: BASE_TIME,
        PASSWORD_HASH: client.escapeLiteral(passwordHash),
        PREFERENCES: client.escapeLiteral(preferences),
      };
      const script = readFileSync(resolve(BENCH_DIR, "generate.sql"), "utf8").replace(
        /\{\{([A-Z_]+)\}\}/g,
        (_match, token) => {
          const value = tokens[token];
          if (value === undefined) throw new Error(`generate.sql: unknown token ${token}`);
          return value;
        },
      );
      const parts = script.split(/^-- step: /m).slice(1);
      for (const part of parts) {
        const newline = part.indexOf("\n");
        const step = part.slice(0, newline).trim();
        await timed(`load ${step}`, () => client.query(part.slice(newline + 1)));
      }

      await timed("primary keys and unique constraints", async () => {
        for (const key of keys) {
          await client.query(`alter table ${ident(key.table)} add constraint ${ident(key.name)} ${key.definition}`);
        }
      });
      await timed("indexes", async () => {
        for (const index of indexes) await client.query(index.definition);
      });
      // NOT VALID: the constraints are in place and enforced for every new row; checking the generated rows
      // (all consistent by construction) would only add minutes.
      await timed("foreign keys", async () => {
        for (const fk of foreignKeys) {
          await client.query(
            `alter table ${ident(fk.table)} add constraint ${ident(fk.name)} ${fk.definition} not valid`,
          );
        }
      });
      await timed("vacuum (freeze, analyze)", () => client.query("vacuum (freeze, analyze)"));
    } finally {
      client.release();
    }
  } finally {
    await pool.end();
  }
  return steps;
}
