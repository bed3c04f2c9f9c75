import { isIP } from "node:net";
import { TIP_RATE_LIMIT } from "@plaza/contracts/constants";
import { DEFAULT_MAP_TILE_ATTRIBUTION, DEFAULT_MAP_TILE_URL, isTileUrlTemplate } from "@plaza/contracts/map";
import { z } from "zod";

const flag = z
  .enum(["on", "off", "true", "false", "1", "0"])
  .transform((value) => value === "on" || value === "true" || value === "1");

/** The most proxies a hop count may trust. */
const MAX_TRUSTED_HOPS = 10;
/** proxy-addr's names for address ranges, accepted in a TRUST_PROXY list. */
const TRUSTED_RANGE_NAMES = ["loopback", "linklocal", "uniquelocal"];
const TRUST_PROXY_FORMS = "on, off, a hop count (1, 2 …) or a comma-separated list of proxy addresses";

/** An IP address, an address range in CIDR notation (10.0.0.0/8, fd00::/8) or one of TRUSTED_RANGE_NAMES. */
function isTrustedProxyEntry(entry: string): boolean {
  if (TRUSTED_RANGE_NAMES.includes(entry)) return true;
  const [address = "", prefix, ...rest] = entry.split("/");
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: which peers may tell the client's address (X-Forwarded-For) and protocol. `on` trusts every peer,
 * `off` none; a number trusts that many proxies in front of the app (safe only when nothing else can reach it);
 * a list trusts exactly those proxy addresses and ranges.
 */
const trustProxy = z.string().transform((raw, context): boolean | number | string[] => {
  const value = raw.trim().toLowerCase();
  if (value === "on" || value === "true") return true;
  if (value === "off" || value === "false" || value === "") return false;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops <= MAX_TRUSTED_HOPS) return hops === 0 ? false : hops;
    context.addIssue({ code: "custom", message: `at most ${MAX_TRUSTED_HOPS} hops (got ${value})` });
    return z.NEVER;
  }
  const entries = value
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  const invalid = entries.filter((entry) => !isTrustedProxyEntry(entry));
  if (invalid.length === 0) return entries;
  const listed = invalid.map((entry) => JSON.stringify(entry)).join(", ");
  context.addIssue({
    code: "custom",
    message: `${listed} is not an IP address, a CIDR range (10.0.0.0/8) or ${TRUSTED_RANGE_NAMES.join("/")}; use ${TRUST_PROXY_FORMS}`,
  });
  return z.NEVER;
});

/** An optional setting where an empty value (`S3_BUCKET=` in a compose file) means "not set". */
const optionalText = z.preprocess((value) => (value === "" ? undefined : value), z.string().min(1).optional());
const optionalUrl = z.preprocess((value) => (value === "" ? undefined : value), z.string().url().optional());

/** The S3 settings that turn object storage on: all of them, or none. */
const S3_REQUIRED_KEYS = ["S3_BUCKET", "S3_REGION", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const;
const S3_KEYS = ["S3_ENDPOINT", ...S3_REQUIRED_KEYS, "S3_PUBLIC_URL"] as const;

/** The settings PAYMENT_PROVIDER=stripe cannot start without. */
const STRIPE_REQUIRED_KEYS = ["STRIPE_SECRET_KEY", "STRIPE_PUBLISHABLE_KEY", "STRIPE_WEBHOOK_SECRET"] as const;

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(5000),
  HOST: z.string().default("0.0.0.0"),
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: z.string().url().optional(),
  REDIS_URL: z.string().url().optional(),
  /**
   * PostgreSQL itself when DATABASE_URL is a pooler in transaction mode (PgBouncer): what needs a session of its
   * own (the job queue's LISTEN, the migrations) connects here, and DATABASE_URL's connections use no named
   * prepared statements (a transaction-mode pooler hands each transaction to any server connection).
   */
  DATABASE_DIRECT_URL: z.string().url().optional(),
  /**
   * Streaming replicas of DATABASE_URL (comma-separated connection strings) for the reads of the routes that opt in
   * (db/replicas.ts): the feed, search, discovery, profiles and events.
   */
  DATABASE_REPLICA_URLS: z
    .string()
    .default("")
    .transform((value) =>
      value
        .split(",")
        .map((url) => url.trim())
        .filter((url) => url !== ""),
    )
    .pipe(z.array(z.string().url("each entry must be a postgres:// connection string"))),
  /** A replica that has fallen further behind the primary than this is skipped until it catches up. */
  DATABASE_REPLICA_MAX_LAG_MS: z.coerce.number().int().min(0).max(600_000).default(5_000),
  /** Connections per process to DATABASE_URL. */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  /** Comma-separated emails that are superusers. */
  SUPERUSER_EMAILS: z
    .string()
    .default("")
    .transform((value) =>
      value
        .split(",")
        .map((email) => email.trim().toLowerCase())
        .filter(Boolean),
    ),
  /**
   * The public address, used for the same-origin check, to decide Secure cookies and to build the links in mails
   * (without it, links use the address of the request that caused the mail).
   */
  PUBLIC_URL: z.string().url().optional(),
  /** SMTP server for outgoing mail (`smtp://user:pass@host:587`, `smtps://…`); without it mail goes to files. */
  SMTP_URL: z
    .string()
    .url()
    .refine((value) => /^smtps?:/.test(value), "must start with smtp:// or smtps://")
    .optional(),
  /** The sender of every mail, e.g. `Plaza <no-reply@example.com>`. */
  MAIL_FROM: z.string().min(3).optional(),
  /**
   * How long a process may take to send a mail it claimed before another process may send it: a worker killed
   * mid-batch leaves its unsent claims to the next worker after this. Longer than a send can take (SMTP timeouts).
   */
  MAIL_SEND_LEASE_SECONDS: z.coerce.number().int().min(5).max(3600).default(300),
  IP_RATE_LIMITS: flag.default(true),
  /**
   * Accounts younger than this many hours have the new-account limits (CONTRACT.md "Running a town's Plaza"); the
   * instance setting `newAccountHours`, once an administrator sets it, wins. 0 turns the limits off (the test app).
   */
  NEW_ACCOUNT_HOURS: z.coerce.number().int().min(0).max(720).default(24),
  /**
   * Tips one account may send a minute (anti-spam: each tip notifies its receiver). Load and failure tests that
   * drive the ledger with tips raise it.
   */
  TIPS_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(TIP_RATE_LIMIT.max),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** Serve the built web app from this folder; empty turns it off (API only). */
  WEB_DIST_DIR: z.string().optional(),
  TRUST_PROXY: trustProxy.default(false),
  SESSION_IDLE_DAYS: z.coerce.number().positive().default(14),
  SESSION_MAX_DAYS: z.coerce.number().positive().default(60),
  JOBS: flag.default(true),
  /**
   * `off`: this API process runs no background work at all — no scheduled jobs, no mail sending, no video
   * re-encoding — and leaves it to a worker process (`npm run worker`), so API and workers scale apart.
   */
  WORKERS: flag.default(true),
  /** Debian's ffmpeg/ffprobe re-encode uploaded videos; without them video uploads are refused (pictures work). */
  FFMPEG_PATH: z.string().min(1).default("ffmpeg"),
  FFPROBE_PATH: z.string().min(1).default("ffprobe"),
  /** PostgreSQL's pg_dump and pg_restore, used by `npm run backup` and `npm run restore` with DATABASE_URL. */
  PG_DUMP_PATH: z.string().min(1).default("pg_dump"),
  PG_RESTORE_PATH: z.string().min(1).default("pg_restore"),
  /** Where `npm run …` was started (npm sets it; scripts run in the repository): backup and restore read FILE from there. */
  INIT_CWD: optionalText,
  /**
   * After SIGTERM, how long the process keeps serving (with /readyz 503 and `Connection: close`) before it stops
   * listening, so a load balancer moves traffic away and requests already sent are not cut.
   */
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(60_000).default(1_000),
  /** Which payment provider collects money; "test" is the built-in one (a card ending 0002 is declined). */
  PAYMENT_PROVIDER: z.enum(["test", "stripe"]).default("test"),
  /**
   * Stripe (PAYMENT_PROVIDER=stripe, docs/decisions/0002-stripe-connect.md): the platform's secret and publishable
   * keys and the webhook endpoint's signing secret. STRIPE_API_URL points the SDK at a Stripe-compatible server
   * (tests, emulators), e.g. http://127.0.0.1:12111.
   */
  STRIPE_SECRET_KEY: optionalText,
  STRIPE_PUBLISHABLE_KEY: optionalText,
  STRIPE_WEBHOOK_SECRET: optionalText,
  STRIPE_API_URL: optionalUrl,
  /** How often live WebSocket connections are pinged; a connection that missed the previous pong is dropped. */
  LIVE_HEARTBEAT_MS: z.coerce.number().int().min(10).default(30_000),
  /**
   * The Web Push VAPID key pair (base64url, as `npx web-push generate-vapid-keys` prints it); both or neither.
   * Without them the server generates a pair once and keeps it in the database.
   */
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{80,100}$/, "must be a base64url P-256 public key")
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{40,50}$/, "must be a base64url P-256 private key")
    .optional(),
  /** Who push services may contact about our pushes (`mailto:` or https URL); default PUBLIC_URL, else a mailto. */
  VAPID_SUBJECT: z
    .string()
    .refine((value) => /^(mailto:|https:\/\/)/.test(value), "must start with mailto: or https://")
    .optional(),
  /** Tests only: lets pushes go to http/https endpoints on loopback addresses (never private or public http). */
  PUSH_ALLOW_LOOPBACK: flag.default(false),
  /**
   * ActivityPub (docs/decisions/0012-federation.md): with `on` and an https PUBLIC_URL, people on other servers
   * (Mastodon, Misskey, Pixelfed) can follow Plaza accounts. Off by default: nothing of it is mounted.
   */
  FEDERATION: flag.default(false),
  /**
   * Tests on one machine only: federation with servers on loopback addresses over plain http, and a loopback
   * http PUBLIC_URL; without it only https servers on public addresses are reached.
   */
  FEDERATION_ALLOW_LOOPBACK: flag.default(false),
  /**
   * Create the demo town in an empty database at start-up and offer its accounts on the sign-in page (its
   * superuser's password is public). Default: on only for the embedded database reached on a loopback address
   * (PUBLIC_URL unset or http(s)://localhost / 127.x / [::1]); off with DATABASE_URL or a public PUBLIC_URL.
   */
  DEMO_DATA: flag.optional(),
  /** Map tiles (a Leaflet URL template); its origin is added to the Content-Security-Policy's img-src. */
  MAP_TILE_URL: z
    .string()
    .refine(isTileUrlTemplate, "must be an http(s) URL template with {z}, {x} and {y}")
    .default(DEFAULT_MAP_TILE_URL),
  /** The attribution the tile provider asks for (plain text). */
  MAP_TILE_ATTRIBUTION: z.string().trim().min(1).max(300).default(DEFAULT_MAP_TILE_ATTRIBUTION),
  /**
   * Object storage (README "Scaling out"): with these set, uploads go to an S3-compatible bucket instead of
   * DATA_DIR/uploads. S3_ENDPOINT is the store's address (empty: AWS S3 itself); S3_PUBLIC_URL, a CDN in front of
   * the bucket that clients then load objects from directly.
   */
  S3_ENDPOINT: optionalUrl,
  S3_BUCKET: z.preprocess(
    (value) => (value === "" ? undefined : value),
    z
      .string()
      .regex(
        /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
        "must be a bucket name: 3-63 lower-case letters, digits, dots, dashes",
      )
      .optional(),
  ),
  S3_REGION: optionalText,
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  S3_PUBLIC_URL: optionalUrl,
});

/** Rules across several variables: both VAPID keys or neither; object storage all or nothing. */
const checkedEnvSchema = envSchema.superRefine((env, context) => {
  const federationProblem = env.FEDERATION ? federationAddressProblem(env) : null;
  if (federationProblem) context.addIssue({ code: "custom", path: ["FEDERATION"], message: federationProblem });
  if ((env.VAPID_PUBLIC_KEY === undefined) !== (env.VAPID_PRIVATE_KEY === undefined)) {
    context.addIssue({ code: "custom", path: ["VAPID_PRIVATE_KEY"], message: "set both VAPID keys or neither" });
  }
  if (env.PAYMENT_PROVIDER === "stripe") {
    for (const key of STRIPE_REQUIRED_KEYS) {
      if (env[key] !== undefined) continue;
      context.addIssue({ code: "custom", path: [key], message: `required with PAYMENT_PROVIDER=stripe` });
    }
  }
  if (env.DATABASE_DIRECT_URL !== undefined && env.DATABASE_URL === undefined) {
    context.addIssue({
      code: "custom",
      path: ["DATABASE_DIRECT_URL"],
      message: "needs DATABASE_URL too: DATABASE_URL is the pooler's address, DATABASE_DIRECT_URL PostgreSQL's own",
    });
  }
  if (env.DATABASE_REPLICA_URLS.length > 0 && env.DATABASE_URL === undefined) {
    context.addIssue({
      code: "custom",
      path: ["DATABASE_REPLICA_URLS"],
      message: "needs DATABASE_URL too: replicas follow a PostgreSQL primary, not the embedded database",
    });
  }
  // Object storage all or nothing: one S3 setting without the others is a mistake, not local disk.
  const given = S3_KEYS.filter((key) => env[key] !== undefined);
  for (const key of given.length === 0 ? [] : S3_REQUIRED_KEYS) {
    if (env[key] !== undefined) continue;
    context.addIssue({
      code: "custom",
      path: [key],
      message: `required with ${given.join(", ")}: S3 object storage needs ${S3_REQUIRED_KEYS.join(", ")} (S3_ENDPOINT and S3_PUBLIC_URL optional); set them all or none`,
    });
  }
});

/**
 * Why PUBLIC_URL cannot be the address of this server's actors, or null: other servers reach and verify actors at
 * that address, so it is https (http only on a loopback address with FEDERATION_ALLOW_LOOPBACK=on, for tests).
 */
function federationAddressProblem(env: { PUBLIC_URL?: string; FEDERATION_ALLOW_LOOPBACK: boolean }): string | null {
  const url = env.PUBLIC_URL;
  if (url?.startsWith("https://")) return null;
  if (url && env.FEDERATION_ALLOW_LOOPBACK && isLoopbackUrl(url)) return null;
  return "FEDERATION=on needs an https PUBLIC_URL (the address other servers reach this one at)";
}

/** The S3 object storage settings, or null for local disk. */
export interface S3Settings {
  endpoint: string | undefined;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  publicUrl: string | undefined;
}

export function s3SettingsOf(env: Env): S3Settings | null {
  const { S3_BUCKET, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY } = env;
  if (!S3_BUCKET || !S3_REGION || !S3_ACCESS_KEY_ID || !S3_SECRET_ACCESS_KEY) return null;
  return {
    endpoint: env.S3_ENDPOINT,
    bucket: S3_BUCKET,
    region: S3_REGION,
    accessKeyId: S3_ACCESS_KEY_ID,
    secretAccessKey: S3_SECRET_ACCESS_KEY,
    publicUrl: env.S3_PUBLIC_URL,
  };
}

export type Env = Omit<z.infer<typeof envSchema>, "DEMO_DATA"> & {
  DEMO_DATA: boolean;
  /** Why DEMO_DATA is on or off (the start-up log says it). */
  DEMO_DATA_REASON: string;
};

/** Whether a URL's host is this machine (localhost, *.localhost, 127.0.0.0/8, ::1). */
export function isLoopbackUrl(url: string): boolean {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, "").toLowerCase();
  return host === "localhost" || host.endsWith(".localhost") || /^127(\.\d{1,3}){3}$/.test(host) || host === "::1";
}

/** docs/PRODUCT.md "Demo town only when asked": DEMO_DATA when set, else on only for a local embedded database. */
function demoDataDecision(
  explicit: boolean | undefined,
  env: { DATABASE_URL?: string; PUBLIC_URL?: string },
): { DEMO_DATA: boolean; DEMO_DATA_REASON: string } {
  if (explicit !== undefined) return { DEMO_DATA: explicit, DEMO_DATA_REASON: `DEMO_DATA=${explicit ? "on" : "off"}` };
  if (env.DATABASE_URL !== undefined) return { DEMO_DATA: false, DEMO_DATA_REASON: "DATABASE_URL is set" };
  if (env.PUBLIC_URL !== undefined && !isLoopbackUrl(env.PUBLIC_URL)) {
    return { DEMO_DATA: false, DEMO_DATA_REASON: `PUBLIC_URL ${env.PUBLIC_URL} is not a loopback address` };
  }
  return {
    DEMO_DATA: true,
    DEMO_DATA_REASON: env.PUBLIC_URL ? `PUBLIC_URL ${env.PUBLIC_URL} is a loopback address` : "PUBLIC_URL is unset",
  };
}

/** Bad configuration: its message lists the bad keys and is all an operator needs (no stack trace). */
export class ConfigError extends Error {
  override name = "ConfigError";
}

/**
 * Parses configuration once. The only reader of process.env: bad configuration exits with the list of bad keys.
 */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const result = checkedEnvSchema.safeParse(source);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`).join("\n");
    throw new ConfigError(`Invalid configuration:\n${problems}`);
  }
  const { DEMO_DATA, ...env } = result.data;
  return { ...env, ...demoDataDecision(DEMO_DATA, env) };
}

/** Test and tool overrides on top of the defaults, without reading process.env. */
export function buildEnv(overrides: Partial<Record<keyof Env, string>> = {}): Env {
  return loadEnv(overrides as NodeJS.ProcessEnv);
}
