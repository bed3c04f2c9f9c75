import { AsyncLocalStorage } from "node:async_hooks";
import pg from "pg";
import { isDatabaseUnavailable } from "./availability";

/**
 * Read replicas (DATABASE_REPLICA_URLS): PostgreSQL streaming replicas that answer some reads for the primary.
 *
 * - Which reads: plain `select` statements outside a transaction, in a request whose route opts in
 *   (`config.readsReplica`: the feed, search, discovery, profiles, events) and only there. Everything else, every
 *   transaction and every write stays on the primary.
 * - Read-your-writes: a request that wrote answers with the primary's WAL position after it (the `plaza_lsn`
 *   cookie); that browser's next reads go to a replica only once the replica has replayed that far, else to the
 *   primary. Other people's writes reach a reader within the replica's lag.
 * - Health: every half second each replica's replayed position is read and turned into a lag (how old the newest
 *   primary position it has is). A replica that does not answer, or lags more than DATABASE_REPLICA_MAX_LAG_MS, is
 *   skipped until it is back; a read that fails on a replica runs again on the primary.
 */

/** A WAL position ("16/B374D848") as a number, or null for a malformed or missing one. */
export function parseLsn(text: unknown): bigint | null {
  if (typeof text !== "string") return null;
  const match = /^([0-9A-F]{1,8})\/([0-9A-F]{1,8})$/i.exec(text.trim());
  if (!match) return null;
  return (BigInt(`0x${match[1]}`) << 32n) + BigInt(`0x${match[2]}`);
}

export function formatLsn(lsn: bigint): string {
  return `${(lsn >> 32n).toString(16).toUpperCase()}/${(lsn & 0xffffffffn).toString(16).toUpperCase()}`;
}

/** The primary's position at a moment. */
export interface PrimarySample {
  at: number;
  lsn: bigint;
}

/**
 * How far behind a replica that has replayed up to `replayed` is, in milliseconds: the age of the newest primary
 * sample it has caught up with (0 when it has the newest). Infinity when it is behind every sample kept.
 */
export function lagOf(replayed: bigint, samples: readonly PrimarySample[], now: number): number {
  const newest = samples.at(-1);
  if (!newest || replayed >= newest.lsn) return 0;
  for (let index = samples.length - 2; index >= 0; index -= 1) {
    const sample = samples[index];
    // It has everything the primary had written at that sample's moment, and not all of the next one's.
    if (sample && replayed >= sample.lsn) return Math.max(0, now - sample.at);
  }
  return Number.POSITIVE_INFINITY;
}

interface ReplicaState {
  url: string;
  pool: pg.Pool;
  replayed: bigint | null;
  lagMs: number;
}

/** The request's read target, set for the requests whose route reads from replicas. */
const readTarget = new AsyncLocalStorage<{ replica: ReplicaState | null }>();

const SAMPLE_EVERY_MS = 500;
/** Primary samples kept: a minute at one every half second. */
const SAMPLES_KEPT = 120;
const REPLICA_TIMEOUT_MS = 1_000;

const READ_ONLY = /^\s*select\b/i;
const LOCKING_OR_WRITING = /\bfor\s+(update|no\s+key\s+update|share|key\s+share)\b|\b(nextval|setval|set_config)\s*\(/i;

/** Whether a pg query (text or config) is a plain read a replica can answer. */
export function isReplicaRead(query: unknown): boolean {
  const text = typeof query === "string" ? query : (query as { text?: unknown } | null)?.text;
  return typeof text === "string" && READ_ONLY.test(text) && !LOCKING_OR_WRITING.test(text);
}

export class ReplicaSet {
  private readonly replicas: ReplicaState[];
  private readonly samples: PrimarySample[] = [];
  private timer: NodeJS.Timeout | null = null;
  private next = 0;

  constructor(
    urls: readonly string[],
    private readonly primary: pg.Pool,
    private readonly maxLagMs: number,
    poolSize: number,
  ) {
    this.replicas = urls.map((url) => {
      const pool = new pg.Pool({
        connectionString: url,
        max: poolSize,
        connectionTimeoutMillis: REPLICA_TIMEOUT_MS,
        idleTimeoutMillis: 0,
      });
      pool.on("error", () => {});
      pool.on("connect", (client) => client.on("error", () => {}));
      return { url, pool, replayed: null, lagMs: Number.POSITIVE_INFINITY };
    });
  }

  start(): void {
    const tick = () => {
      void this.check().finally(() => {
        if (this.timer) this.timer = setTimeout(tick, SAMPLE_EVERY_MS).unref();
      });
    };
    this.timer = setTimeout(tick, 0).unref();
  }

  /** Samples the primary's position, then reads each replica's replayed position and lag. */
  async check(): Promise<void> {
    try {
      const { rows } = await this.primary.query<{ lsn: string }>("select pg_current_wal_insert_lsn()::text as lsn");
      const lsn = parseLsn(rows[0]?.lsn);
      if (lsn !== null) {
        this.samples.push({ at: Date.now(), lsn });
        if (this.samples.length > SAMPLES_KEPT) this.samples.shift();
      }
    } catch {
      // The primary is down: the requests fail on their own; the replicas' lag can't be told meanwhile.
    }
    await Promise.all(
      this.replicas.map(async (replica) => {
        try {
          const { rows } = await withTimeout(
            replica.pool.query<{ lsn: string | null }>("select pg_last_wal_replay_lsn()::text as lsn"),
            REPLICA_TIMEOUT_MS,
          );
          replica.replayed = parseLsn(rows[0]?.lsn);
          replica.lagMs =
            replica.replayed === null ? Number.POSITIVE_INFINITY : lagOf(replica.replayed, this.samples, Date.now());
        } catch {
          replica.replayed = null;
          replica.lagMs = Number.POSITIVE_INFINITY;
        }
      }),
    );
  }

  /** A replica that has replayed at least `atLeast` and lags no more than allowed, taken in turn; else null. */
  choose(atLeast: bigint | null): ReplicaState | null {
    const usable = this.replicas.filter(
      (replica) =>
        replica.replayed !== null &&
        replica.lagMs <= this.maxLagMs &&
        (atLeast === null || replica.replayed >= atLeast),
    );
    if (usable.length === 0) return null;
    this.next = (this.next + 1) % usable.length;
    return usable[this.next] ?? null;
  }

  /** The primary's position now, for a writer's read-your-writes cookie. */
  async primaryPosition(): Promise<string | null> {
    const { rows } = await this.primary.query<{ lsn: string }>("select pg_current_wal_insert_lsn()::text as lsn");
    return rows[0]?.lsn ?? null;
  }

  /** Runs `work` with its plain reads on `replica` (null: on the primary). */
  static runReadingFrom<T>(replica: ReplicaState | null, work: () => T): T {
    return readTarget.run({ replica }, work);
  }

  /** What each replica looks like now (logs, tests). */
  describe(): { url: string; replayed: string | null; lagMs: number }[] {
    return this.replicas.map((replica) => ({
      url: replica.url.replace(/\/\/[^@]*@/, "//"),
      replayed: replica.replayed === null ? null : formatLsn(replica.replayed),
      lagMs: replica.lagMs,
    }));
  }

  async close(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await Promise.all(this.replicas.map((replica) => replica.pool.end().catch(() => undefined)));
  }

  /** Marks a replica unusable until its next check answers (a read on it failed to reach it). */
  static markDown(replica: ReplicaState): void {
    replica.replayed = null;
    replica.lagMs = Number.POSITIVE_INFINITY;
  }

  /** The replica the current request reads from, if any. */
  static current(): ReplicaState | null {
    return readTarget.getStore()?.replica ?? null;
  }
}

/**
 * The primary's pool, sending the plain reads of a request that reads from a replica there (drizzle runs queries
 * outside a transaction through `pool.query`, and a transaction through `pool.connect()`, which stays here). A
 * read the replica fails runs again on the primary.
 */
export class RoutingPool extends pg.Pool {}
const primaryQuery = pg.Pool.prototype.query as (this: pg.Pool, ...args: unknown[]) => Promise<unknown>;
RoutingPool.prototype.query = function query(this: pg.Pool, ...args: unknown[]) {
  const replica = ReplicaSet.current();
  if (!replica || !isReplicaRead(args[0]) || typeof args.at(-1) === "function") return primaryQuery.apply(this, args);
  return (replica.pool.query as (...queryArgs: unknown[]) => Promise<unknown>)(...args).catch((error: unknown) => {
    if (isDatabaseUnavailable(error)) ReplicaSet.markDown(replica);
    return primaryQuery.apply(this, args);
  });
} as typeof pg.Pool.prototype.query;

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    work,
    new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new Error("replica check timed out")), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}
