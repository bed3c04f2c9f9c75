/**
 * The job queue (docs/decisions/0001-job-queue.md): background work asked for by kind ("drain the account mail
 * lane", "re-encode waiting videos"), run with a concurrency per kind, retried with exponential backoff, and visible
 * when it failed. Two implementations run the same kinds: PgBossQueue on PostgreSQL (DATABASE_URL) and
 * InProcessQueue on the embedded database.
 */

/** What a job carries: for most kinds nothing (the database says what to do), never a mail's body. */
export type JobData = Record<string, unknown>;

/** The part of the logger the queues use (Fastify's logger is one). */
export interface JobLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface JobKind<Context> {
  /** The queue's name (pg-boss queue names: letters, digits, dashes). */
  name: string;
  /**
   * Does the work. Must be idempotent: a job may run twice (a retry after a crash, two asks at once), so the effect
   * lives in the database (an outbox row claimed under a lease and marked sent once, a renewal's period claim).
   */
  run(context: Context, data?: JobData): Promise<void>;
  /** Runs of this kind at once in one process. */
  concurrency: number;
  /** Higher first among the jobs of one queue (pg-boss priority). */
  priority?: number;
  /** A failed run is tried again `limit` times, waiting `delaySeconds`, doubling up to `maxDelaySeconds`. */
  retry: { limit: number; delaySeconds: number; maxDelaySeconds: number };
  /** Runs on its own as well: a cron expression for pg-boss, an interval for the in-process runner. */
  every?: { cron: string; inProcessMs: number };
  /** At most one run waiting at a time: asking again while one waits adds nothing ("drain the lane" work). */
  coalesce?: boolean;
  /** How long a run may take before it counts as failed (its process presumed dead); default 15 minutes. */
  expireSeconds?: number;
}

export interface JobQueueCounts {
  name: string;
  queued: number;
  running: number;
  failed: number;
}

export interface FailedJob {
  id: string;
  queue: string;
  error: string;
  failedAt: string | null;
  attempts: number;
}

export interface JobsOverview {
  /** Which implementation runs the jobs. */
  implementation: "pg-boss" | "in-process";
  /** Whether this process runs jobs (false: WORKERS=off, it only asks for them). */
  worksHere: boolean;
  queues: JobQueueCounts[];
  /** The latest failed jobs, newest first. */
  failed: FailedJob[];
}

export type RetryOutcome = "retried" | "not-found" | "not-failed";

export interface JobQueue {
  readonly implementation: "pg-boss" | "in-process";
  /** Asks for a run of `kind` (after the commit that made work for it). Never throws: a failure is logged. */
  request(kind: string, data?: JobData): Promise<void>;
  /** Starts the queue: with `works`, this process runs jobs (and the periodic kinds), else it only asks for them. */
  start(): Promise<void>;
  /** Stops taking jobs and waits for the runs in progress. */
  stop(): Promise<void>;
  overview(): Promise<JobsOverview>;
  /** Runs a failed job again (the retry button). */
  retry(queue: string, id: string): Promise<RetryOutcome>;
}

/** Delay before retry number `attempt` (1-based): doubling from `delaySeconds`, at most `maxDelaySeconds`. */
export function retryDelayMs(retry: JobKind<unknown>["retry"], attempt: number): number {
  return Math.min(retry.maxDelaySeconds, retry.delaySeconds * 2 ** (attempt - 1)) * 1000;
}

export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
