import { type ClusterLock, createClusterLock } from "./cluster-lock";

export interface Job<Context> {
  name: string;
  intervalMs: number;
  /** Must be idempotent: a job is re-run after a restart from what the database says, never from memory. */
  run(context: Context): Promise<void>;
}

/** The part of the logger the runner uses (Fastify's logger is one). */
export interface JobLog {
  info(details: object, message: string): void;
  error(details: object, message: string): void;
}

/** The advisory lock's name: one process of the cluster at a time runs the jobs. */
export const JOBS_LOCK_NAME = "plaza:jobs";

export interface RunJobsOptions {
  /** Who may run the jobs; by default the PostgreSQL advisory lock at DATABASE_URL (always held on PGlite). */
  lock?: ClusterLock;
}

/**
 * Runs every job once at once, then on its interval; one run at a time each. With several API processes on one
 * database, each run is taken by the one process that holds the jobs lock (checked before every run): the others
 * skip their turn, and the first of them whose turn comes after that process is gone takes over.
 */
export function runJobs<Context extends { env: { DATABASE_URL?: string } }>(
  context: Context,
  log: JobLog,
  jobs: Job<Context>[],
  options: RunJobsOptions = {},
) {
  const lock = options.lock ?? createClusterLock(context.env.DATABASE_URL, JOBS_LOCK_NAME);
  const timers: NodeJS.Timeout[] = [];
  const running = new Set<Promise<void>>();
  let isStopped = false;
  let isLeader = false;
  const runIfLeader = async (job: Job<Context>) => {
    const holdsLock = await lock.tryAcquire();
    if (holdsLock !== isLeader) {
      isLeader = holdsLock;
      log.info({ job: job.name }, holdsLock ? "this process now runs the jobs" : "another process runs the jobs");
    }
    if (holdsLock && !isStopped) await job.run(context);
  };
  for (const job of jobs) {
    let isBusy = false;
    const tick = () => {
      if (isBusy || isStopped) return;
      isBusy = true;
      const run = runIfLeader(job)
        .catch((error: unknown) => log.error({ err: error, job: job.name }, "job failed"))
        .finally(() => {
          isBusy = false;
          running.delete(run);
        });
      running.add(run);
    };
    tick();
    const timer = setInterval(tick, job.intervalMs);
    timer.unref();
    timers.push(timer);
  }
  return {
    stop: () => {
      isStopped = true;
      for (const timer of timers) clearInterval(timer);
    },
    /** Waits for the runs in progress, then gives the lock up. */
    idle: async () => {
      await Promise.all(running);
      await lock.release();
    },
  };
}
