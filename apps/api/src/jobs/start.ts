import type { FastifyBaseLogger } from "fastify";
import type { AppContext } from "../app-context";
import type { JobQueue } from "./job-queue";
import { JOB_KINDS, mailLaneJob } from "./kinds";

/**
 * Picks and starts the job queue of a server or worker process: pg-boss when DATABASE_URL is set, else the
 * in-process runner the app was built with (embedded database). With `works` this process runs jobs; without
 * (WORKERS=off) it only asks for them. Logs which queue runs.
 */
export async function startJobQueue(
  context: AppContext,
  log: FastifyBaseLogger,
  options: { works: boolean },
): Promise<JobQueue> {
  // pg-boss LISTENs for new jobs on a connection of its own: behind a transaction-mode pooler that needs a session,
  // so it connects to PostgreSQL itself (DATABASE_DIRECT_URL) when one is given.
  const databaseUrl = context.env.DATABASE_DIRECT_URL ?? context.env.DATABASE_URL;
  if (databaseUrl) {
    // pg-boss is loaded only here: a process with JOBS=off, or on the embedded database, never holds its code.
    const { PgBossQueue } = await import("./pg-boss-queue");
    const queue = new PgBossQueue({ databaseUrl, context, log, kinds: JOB_KINDS, works: options.works });
    await queue.start();
    useJobQueue(context, queue);
    log.info(
      options.works
        ? "jobs: pg-boss queue on PostgreSQL; this process runs jobs"
        : "jobs: pg-boss queue on PostgreSQL; this process only queues them (WORKERS=off)",
    );
    return queue;
  }
  await context.jobs.start();
  log.info(
    options.works
      ? "jobs: in-process runner on the embedded database (set DATABASE_URL for the pg-boss queue)"
      : "jobs: none run here (WORKERS=off on the embedded database: nothing else can run them)",
  );
  return context.jobs;
}

/**
 * Routes every ask for work (mail kicks, videos, pushes) to `queue`. One exception: without SMTP_URL a process that
 * runs jobs writes the mails it causes as files in its own DATA_DIR/outbox (a local setup, where they are read), so
 * its mail kicks drain here; the queue's periodic mail jobs still pick up retries.
 */
export function useJobQueue(context: AppContext, queue: JobQueue): void {
  context.jobs = queue;
  if (context.env.SMTP_URL || !context.env.WORKERS)
    context.mail.dispatchTo((lane) => void queue.request(mailLaneJob(lane)));
}
