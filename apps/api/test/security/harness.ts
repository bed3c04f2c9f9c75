import { createHash, randomUUID } from "node:crypto";
import { DEFAULT_PREFERENCES } from "@plaza/contracts/users";
import { sql } from "drizzle-orm";
import type { FastifyInstance, InjectOptions, LightMyRequestResponse, RouteOptions } from "fastify";
import type { ZodType } from "zod";
import { users } from "../../src/db/schema/users";
import { clearSignInAttempts } from "../../src/modules/auth/auth.service";
import { buildUser } from "../factories/users";
import { buildTestApp, type TestApp } from "../test-app";

/**
 * Shared machinery of the security suites (issue 9): the app with every route's schemas and all of its log
 * lines captured, the cast of roles, database fingerprints and the secret/private-field oracles.
 */

export interface RouteInfo {
  method: string;
  /** The path as registered, `:param` placeholders included. */
  url: string;
  access: "public" | "user" | "moderator" | "superuser";
  schema: {
    body?: ZodType;
    querystring?: ZodType;
    params?: ZodType;
    response?: Record<string, ZodType>;
  };
}

/** Routes the security suites cover: every registered route but HEAD twins. */
export function routeKey(route: { method: string; url: string }): string {
  return `${route.method} ${route.url}`;
}

export interface SecurityApp extends TestApp {
  routes: RouteInfo[];
  /** Every log line the app wrote (level trace and up), as raw JSON text. */
  logs: string[];
}

/** The test app at the most verbose log level, its lines kept in memory, and the schema of every route. */
export async function buildSecurityApp(overrides: Record<string, string> = {}): Promise<SecurityApp> {
  const routes: RouteInfo[] = [];
  const logs: string[] = [];
  const onRoute = (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === "HEAD") continue;
      routes.push({
        method,
        url: route.url,
        access: (route.config as { access?: RouteInfo["access"] } | undefined)?.access ?? "public",
        schema: (route.schema ?? {}) as RouteInfo["schema"],
      });
    }
  };
  const harness = await buildTestApp(
    { LOG_LEVEL: "trace", SUPERUSER_EMAILS: SUPERUSER_EMAIL, ...overrides },
    { onRoute, logStream: { write: (line) => void logs.push(line) } },
  );
  await installChangeCounters(harness);
  return { ...harness, routes, logs };
}

export const SUPERUSER_EMAIL = "root.security@example.test";
export const PASSWORD = "Security suite pa55phrase!";

export const ROLES = [
  "anon",
  "user",
  "otherUser",
  "blocked",
  "follower",
  "customVisible",
  "bizOwner",
  "bizOther",
  "superuser",
  "moderator",
  "pending",
  "suspended",
  "deleting",
] as const;
export type Role = (typeof ROLES)[number];
export type SignedInRole = Exclude<Role, "anon">;

export interface Actor {
  role: SignedInRole;
  id: string;
  email: string;
  username: string;
  /** `plaza_session=…` */
  cookie: string;
}

/** A cookie-less request through inject, so a suite controls exactly which session each request carries. */
export function send(
  app: FastifyInstance,
  options: InjectOptions & { cookie?: string | null },
): Promise<LightMyRequestResponse> {
  const { cookie, ...rest } = options;
  const headers: Record<string, string> = { ...(rest.headers as Record<string, string> | undefined) };
  if (cookie) headers.cookie = cookie;
  return app.inject({ ...rest, headers });
}

export function cookieOf(response: LightMyRequestResponse): string | null {
  const found = response.cookies.find((cookie) => cookie.name.endsWith("plaza_session"));
  return found?.value ? `${found.name}=${found.value}` : null;
}

/**
 * Signs the account in again (a fresh session) and returns its cookie. The wrong-password cases of the suite lock
 * an email out (429 even to the right password), which is not what a re-sign-in between cases is about: it starts
 * from a clear count.
 */
export async function signIn(app: FastifyInstance, email: string, password = PASSWORD): Promise<string> {
  await clearSignInAttempts(app.context, email, "127.0.0.1");
  const response = await send(app, { method: "POST", url: "/api/auth/login", payload: { email, password } });
  const cookie = cookieOf(response);
  if (response.statusCode !== 200 || !cookie)
    throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  return cookie;
}

/** A user row written straight to the database (no password hashing): targets for destructive admin calls. */
export async function insertUser(harness: TestApp, values: Partial<typeof users.$inferInsert> = {}): Promise<string> {
  const tag = randomUUID().slice(0, 8);
  const [row] = await harness.context.db
    .insert(users)
    .values({
      email: `spare${tag}@example.test`,
      passwordHash: "not-a-real-hash",
      username: `spare_${tag}`,
      firstName: "Spare",
      lastName: tag,
      preferences: DEFAULT_PREFERENCES,
      ...values,
    })
    .returning({ id: users.id });
  if (!row) throw new Error("insertUser returned no row");
  return row.id;
}

/** Registers one account per signed-in role (through the API, so passwords are real) and returns them. */
export async function registerActors(harness: TestApp): Promise<Record<SignedInRole, Actor>> {
  const actors = {} as Record<SignedInRole, Actor>;
  for (const role of ROLES) {
    if (role === "anon") continue;
    // With the per-address limits on, sign-ups from one address are limited (10 a minute): the cast signs up
    // 7 seconds apart, as people at one café would, instead of being refused past the tenth.
    if (harness.context.env.IP_RATE_LIMITS) harness.clock.advance(7_000);
    const isBusiness = role === "bizOwner" || role === "bizOther";
    const { client, user } = await buildUser(harness.app, {
      password: PASSWORD,
      // Alice and the other user are creators: their ppv and subscriber posts can be bought (only creators sell).
      profileType: isBusiness ? "business" : role === "user" || role === "otherUser" ? "creator" : "personal",
      ...(role === "superuser" ? { email: SUPERUSER_EMAIL } : {}),
    });
    if (!client.cookie) throw new Error("no cookie");
    actors[role] = { role, id: user.id, email: user.email, username: user.username, cookie: client.cookie };
  }
  return actors;
}

/** The tables whose content a denied write must leave alone (sessions: their count only, reads touch them). */
const FINGERPRINT_TABLES = [
  "users",
  "follows",
  "follow_requests",
  "blocks",
  "posts",
  "likes",
  "comments",
  "uploads",
  "agreements",
  "agreement_acceptances",
  "businesses",
  "checkins",
  "coupons",
  "coupon_redemptions",
  "conversations",
  "messages",
  "notifications",
  "admin_logs",
  "reports",
  "moderation_notices",
  "appeals",
  "moderation_events",
  "email_domain_blocks",
  "ledger_accounts",
  "ledger_transactions",
  "ledger_entries",
  "ppv_unlocks",
  "subscriptions",
  "idempotency_keys",
];

/**
 * Counts every row inserted, updated or deleted in the watched tables (row triggers on this test database only;
 * sessions: inserts and deletes, as reads touch their expiry), so a fingerprint is one small read.
 */
export async function installChangeCounters(harness: TestApp): Promise<void> {
  const statements = [
    "create table security_row_changes (table_name text primary key, changes bigint not null)",
    `create function security_count_change() returns trigger language plpgsql as $$
     begin
       insert into security_row_changes values (TG_TABLE_NAME, 1)
       on conflict (table_name) do update set changes = security_row_changes.changes + 1;
       return null;
     end $$`,
    ...FINGERPRINT_TABLES.map(
      (table) =>
        `create trigger security_count_${table} after insert or update or delete on ${table} for each row execute function security_count_change()`,
    ),
    "create trigger security_count_sessions after insert or delete on sessions for each row execute function security_count_change()",
  ];
  for (const statement of statements) await harness.context.db.execute(sql.raw(statement));
}

/** One string that changes when any row of the watched tables changes (see installChangeCounters). */
export async function fingerprint(harness: TestApp): Promise<string> {
  const result = await harness.context.db.execute(
    sql.raw("select table_name as t, changes::text as n from security_row_changes order by table_name"),
  );
  const rows = (result as unknown as { rows: { t: string; n: string }[] }).rows;
  return rows.map((row) => `${row.t}:${row.n}`).join(";");
}

/** Which watched tables differ between two fingerprints. */
export function changedTables(before: string, after: string): string[] {
  const old = new Set(before.split(";"));
  return after
    .split(";")
    .filter((part) => part !== "" && !old.has(part))
    .map((part) => part.split(":")[0] ?? part);
}

/** Keys that only the account itself (or a superuser's admin views) may ever receive. */
export const PRIVATE_KEYS = [
  "email",
  "preferences",
  "customVisibleUsers",
  "deletionGracePeriodEnd",
  "suspensionReason",
  "suspendedUntil",
  "allowLocationTracking",
  "locationPrivacy",
];
/** Keys no response may ever carry. */
export const FORBIDDEN_KEYS = ["passwordHash", "password_hash", "password", "visitSecret", "visit_secret", "tokenHash"];

export interface LeakContext {
  /** The signed-in user's id, if any. */
  viewerId: string | null;
  isSuperuserRoute: boolean;
  /** Strings that must never appear in this body (other people's emails, session tokens, locked content…). */
  secrets: string[];
  /** The route answers about the signed-in account only (objects without an id are the viewer's own). */
  ownScope?: boolean;
  /**
   * The body describes schemas (the OpenAPI document): it names private fields by design and holds no one's data,
   * so only secret strings are looked for.
   */
  describesSchemas?: boolean;
}

/** Describes every leak in a JSON (or text) body: forbidden keys, private keys of someone else, secret strings. */
export function findLeaks(bodyText: string, context: LeakContext): string[] {
  const leaks: string[] = [];
  for (const secret of context.secrets) if (secret && bodyText.includes(secret)) leaks.push(`secret ${secret}`);
  if (/\$(argon2|scrypt)/.test(bodyText)) leaks.push("password hash");
  if (context.describesSchemas) return leaks;
  let body: unknown;
  try {
    body = JSON.parse(bodyText);
  } catch {
    return leaks;
  }
  const walk = (value: unknown, path: string) => {
    if (Array.isArray(value)) {
      for (const [index, item] of value.entries()) walk(item, `${path}[${index}]`);
      return;
    }
    if (value === null || typeof value !== "object") return;
    const record = value as Record<string, unknown>;
    for (const key of FORBIDDEN_KEYS) if (key in record) leaks.push(`${path}.${key}`);
    const isSelf =
      context.viewerId !== null && (record.id === context.viewerId || (context.ownScope === true && !("id" in record)));
    if (!isSelf && !context.isSuperuserRoute) {
      for (const key of PRIVATE_KEYS) if (key in record) leaks.push(`${path}.${key} of ${String(record.id)}`);
    }
    for (const [key, child] of Object.entries(record)) walk(child, `${path}.${key}`);
  };
  walk(body, "$");
  return leaks;
}

export function sessionTokenOf(cookie: string): string {
  return cookie.slice(cookie.indexOf("=") + 1);
}

export function sha256(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}

/** Reads the seed for fast-check: fixed in CI, random with SECURITY_LONG=1 (or SECURITY_SEED=n to replay). */
export function securitySeed(fixed: number): number {
  if (process.env.SECURITY_SEED) return Number(process.env.SECURITY_SEED);
  return isLongRun() ? Math.floor(Math.random() * 2 ** 31) : fixed;
}

export function isLongRun(): boolean {
  return process.env.SECURITY_LONG === "1";
}
