import type { FastifyBaseLogger } from "fastify";
import type { AppContext } from "../app-context";
import { deleteExpiredSessions } from "../modules/auth/auth.repository";
import { pruneIdempotencyKeys } from "../modules/payments/idempotency";
import { renewDueSubscriptions } from "../modules/payments/payments.service";
import { purgeDeletedAccounts } from "../modules/users/users.service";

export interface Job {
  name: string;
  intervalMs: number;
  /** Must be idempotent: a job is re-run after a restart from what the database says, never from memory. */
  run(context: AppContext): Promise<void>;
}

export const JOBS: Job[] = [
  {
    name: "expired-sessions",
    intervalMs: 60 * 60 * 1000,
    run: (context) => deleteExpiredSessions(context.db, context.clock.now()),
  },
  {
    // Charges each active subscription once per period; the period claim makes re-runs and restarts harmless.
    name: "subscription-renewal",
    intervalMs: 5 * 60 * 1000,
    run: async (context) => {
      await renewDueSubscriptions(context);
    },
  },
  {
    // Sends mails whose retry is due (and any a restart left behind); forgets sent ones after a week.
    name: "mail-outbox",
    intervalMs: 30 * 1000,
    run: async (context) => {
      await context.mail.drain();
      await context.mail.pruneSent();
    },
  },
  {
    // Idempotency keys are answered for 24 hours, then forgotten.
    name: "idempotency-key-pruning",
    intervalMs: 60 * 60 * 1000,
    run: async (context) => {
      await pruneIdempotencyKeys(context.db, context.clock.now());
    },
  },
  {
    // Accounts whose 7-day deletion grace period has ended are erased (CONTRACT "Accounts").
    name: "purge-deleted-accounts",
    intervalMs: 15 * 60 * 1000,
    run: async (context) => {
      await purgeDeletedAccounts(context);
    },
  },
];

/** Runs every job once at start-up (catching up after a restart), then on its interval; one run at a time each. */
export function startJobs(context: AppContext, log: FastifyBaseLogger, jobs: Job[] = JOBS) {
  const timers: NodeJS.Timeout[] = [];
  const running = new Set<Promise<void>>();
  let isStopped = false;
  for (const job of jobs) {
    let isBusy = false;
    const tick = () => {
      if (isBusy || isStopped) return;
      isBusy = true;
      const run = job
        .run(context)
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
    idle: async () => {
      await Promise.all(running);
    },
  };
}
