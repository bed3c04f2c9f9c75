import { PgBoss } from "pg-boss";
import {
  errorText,
  type FailedJob,
  type JobData,
  type JobKind,
  type JobLog,
  type JobQueue,
  type JobQueueCounts,
  type JobsOverview,
  type RetryOutcome,
} from "./job-queue";

/** pg-boss keeps its tables in a schema of its own, apart from Plaza's (public, managed by Drizzle). */
export const PG_BOSS_SCHEMA = "pgboss";
/** Failed jobs shown in the admin console. */
const SHOWN_FAILURES = 20;
const DEFAULT_EXPIRE_SECONDS = 15 * 60;
/** How long a stopping process lets its running jobs finish, and the most its stop may take in all. */
const STOP_GRACE_MS = 5_000;
const STOP_CEILING_MS = 7_000;

export interface PgBossQueueOptions<Context> {
  databaseUrl: string;
  context: Context;
  log: JobLog;
  kinds: JobKind<Context>[];
  /** This process runs jobs (and fires the schedules); false: WORKERS=off, it only sends them. */
  works: boolean;
  /** The schema of pg-boss's tables (tests use their own). */
  schema?: string;
  /** How often an idle worker looks for jobs (retries coming due), besides being woken by NOTIFY (seconds, ≥ 0.5). */
  pollingIntervalSeconds?: number;
}

/**
 * The job queue on PostgreSQL: one pg-boss queue per kind, with the kind's retry policy (exponential backoff) and
 * expiry; a working process runs each queue with the kind's concurrency (`localConcurrency`) and fires the periodic
 * kinds from pg-boss schedules (one instance of the cluster fires each). Several workers may run: pg-boss hands each
 * job to one of them (SKIP LOCKED), and a job whose process died expires and is retried.
 */
export class PgBossQueue<Context> implements JobQueue {
  readonly implementation = "pg-boss" as const;
  readonly boss: PgBoss;
  private started: Promise<void> | null = null;
  private stopped: Promise<void> | null = null;
  private readonly schema: string;

  constructor(private readonly options: PgBossQueueOptions<Context>) {
    this.schema = options.schema ?? PG_BOSS_SCHEMA;
    this.boss = new PgBoss({
      connectionString: options.databaseUrl,
      schema: this.schema,
      application_name: options.works ? "plaza-worker-jobs" : "plaza-api-jobs",
      max: options.works ? 6 : 2,
      migrate: true,
      // Maintenance and schedules need one working instance; an API process that only sends stays out of them.
      supervise: options.works,
      schedule: options.works,
      useListenNotify: options.works,
    });
    this.boss.on("error", (error) => options.log.error({ err: error }, "job queue error"));
  }

  start(): Promise<void> {
    this.started ??= this.startOnce();
    return this.started;
  }

  async request(name: string, data: JobData = {}): Promise<void> {
    const kind = this.options.kinds.find((candidate) => candidate.name === name);
    try {
      if (!kind) throw new Error(`no such job kind: ${name}`);
      await this.start();
      // A coalescing queue (policy "short") keeps one waiting job: a second ask while one waits returns null.
      await this.boss.send(name, data, { priority: kind.priority ?? 0 });
    } catch (error) {
      // The periodic runs catch up with whatever this ask was for (the database says what is left to do).
      this.options.log.warn({ err: error, job: name }, "could not queue a job");
    }
  }

  /**
   * Lets the jobs in progress finish (a few seconds at most: every job can be run again), then closes pg-boss's
   * connections. Bounded: a shutdown never waits on a queue whose database went away and came back.
   */
  stop(): Promise<void> {
    this.stopped ??= (async () => {
      if (!this.started) return;
      await this.started.catch(() => undefined);
      let timer: NodeJS.Timeout | undefined;
      const ceiling = new Promise<"timeout">((resolve) => {
        timer = setTimeout(() => resolve("timeout"), STOP_CEILING_MS);
        timer.unref();
      });
      const stopped = this.boss.stop({ graceful: true, timeout: STOP_GRACE_MS, close: true }).then(
        () => "stopped" as const,
        (error: unknown) => {
          this.options.log.warn({ err: error }, "job queue did not stop cleanly");
          return "stopped" as const;
        },
      );
      if ((await Promise.race([stopped, ceiling])) === "timeout")
        this.options.log.warn({ waitedMs: STOP_CEILING_MS }, "job queue still stopping: going on without it");
      clearTimeout(timer);
    })();
    return this.stopped;
  }

  async overview(): Promise<JobsOverview> {
    await this.start();
    const names = this.options.kinds.map((kind) => kind.name);
    const db = this.boss.getDb();
    // One statement, so the counts and the failed list are read from the same snapshot (two reads could see a job
    // running in the counts and failed in the list).
    const read = await db.executeSql(
      `select name, state::text as state, count(*)::int as count,
              null::text as id, null::jsonb as output, null::timestamptz as completed_on, null::int as retry_count
         from ${this.schema}.job
        where name = any($1) and state in ('created', 'retry', 'active', 'failed') group by name, state
       union all
       (select name, 'failure', 0, id::text, output, completed_on, retry_count from ${this.schema}.job
         where name = any($1) and state = 'failed' order by completed_on desc nulls last limit ${SHOWN_FAILURES})`,
      [names],
    );
    type Row = {
      name: string;
      state: string;
      count: number;
      id: string | null;
      output: unknown;
      completed_on: Date | null;
      retry_count: number | null;
    };
    const rows = read.rows as Row[];
    const queues = new Map<string, JobQueueCounts>(
      names.map((name) => [name, { name, queued: 0, running: 0, failed: 0 }]),
    );
    for (const row of rows) {
      const counts = queues.get(row.name);
      if (!counts || row.state === "failure") continue;
      if (row.state === "active") counts.running += row.count;
      else if (row.state === "failed") counts.failed += row.count;
      else counts.queued += row.count;
    }
    const failed: FailedJob[] = rows
      .filter((row) => row.state === "failure")
      .sort(
        (a, b) =>
          (b.completed_on ? new Date(b.completed_on).getTime() : 0) -
          (a.completed_on ? new Date(a.completed_on).getTime() : 0),
      )
      .map((row) => ({
        id: row.id ?? "",
        queue: row.name,
        error: failureMessage(row.output),
        failedAt: row.completed_on ? new Date(row.completed_on).toISOString() : null,
        attempts: (row.retry_count ?? 0) + 1,
      }));
    return { implementation: this.implementation, worksHere: this.options.works, queues: [...queues.values()], failed };
  }

  async retry(queue: string, id: string): Promise<RetryOutcome> {
    await this.start();
    if (!this.options.kinds.some((kind) => kind.name === queue)) return "not-found";
    const found = await this.boss
      .getDb()
      .executeSql(`select state::text as state from ${this.schema}.job where name = $1 and id = $2::uuid`, [queue, id]);
    const state = (found.rows[0] as { state: string } | undefined)?.state;
    if (!state) return "not-found";
    if (state !== "failed") return "not-failed";
    // CommandResponse is typed empty; at run time it carries `affected` (jobs moved back to retry).
    const result = (await this.boss.retry(queue, id)) as { affected?: number };
    return (result.affected ?? 0) > 0 ? "retried" : "not-failed";
  }

  private async startOnce(): Promise<void> {
    const { kinds, works, log, context } = this.options;
    await this.boss.start({ attempts: 3 });
    for (const kind of kinds) await this.ensureQueue(kind);
    if (!works) return;
    for (const kind of kinds) {
      await this.boss.work<JobData>(
        kind.name,
        {
          batchSize: 1,
          localConcurrency: kind.concurrency,
          // NOTIFY wakes a worker for a new job; a retry coming due wakes nobody, so polling stays this often.
          pollingIntervalSeconds: this.options.pollingIntervalSeconds ?? 5,
          notifyPollingIntervalSeconds: this.options.pollingIntervalSeconds ?? 5,
        },
        async ([job]) => {
          if (!job) return;
          try {
            await kind.run(context, job.data ?? {});
          } catch (error) {
            log.warn({ err: error, job: kind.name, jobId: job.id }, "job failed");
            throw error;
          }
        },
      );
      if (kind.every) await this.boss.schedule(kind.name, kind.every.cron, null, { priority: kind.priority ?? 0 });
    }
    // A starting worker catches up at once (mail stored while no worker ran, renewals due) instead of at the next
    // minute; the coalescing queues keep one waiting job however many workers start.
    for (const kind of kinds) if (kind.every) await this.boss.send(kind.name, {}, { priority: kind.priority ?? 0 });
  }

  /** Creates the kind's queue, or brings an existing one's retry policy up to date. */
  private async ensureQueue(kind: JobKind<Context>): Promise<void> {
    const settings = {
      retryLimit: kind.retry.limit,
      retryDelay: kind.retry.delaySeconds,
      retryBackoff: true,
      retryDelayMax: kind.retry.maxDelaySeconds,
      expireInSeconds: kind.expireSeconds ?? DEFAULT_EXPIRE_SECONDS,
      // Workers are woken at once by a new job (LISTEN/NOTIFY) instead of at their next poll.
      notify: true,
    };
    const existing = await this.boss.getQueue(kind.name);
    if (existing) await this.boss.updateQueue(kind.name, settings);
    else {
      try {
        await this.boss.createQueue(kind.name, { ...settings, policy: kind.coalesce ? "short" : "standard" });
      } catch (error) {
        // Another process created it at the same moment.
        if (!(await this.boss.getQueue(kind.name))) throw error;
      }
    }
  }
}

/** The message of a failed job's output (pg-boss stores the thrown error, serialised). */
function failureMessage(output: unknown): string {
  if (output && typeof output === "object" && "message" in output && typeof output.message === "string")
    return output.message;
  return output === null || output === undefined ? "" : errorText(JSON.stringify(output));
}
