import type { FastifyBaseLogger } from "fastify";
import type { AppContext } from "../app-context";
import { deleteExpiredSessions } from "../modules/auth/auth.repository";
import { mailUnreadMessages } from "../modules/notifications/unread-message-mails";
import { pruneUnsubscribeTokens } from "../modules/notifications/unsubscribe.service";
import { pruneIdempotencyKeys } from "../modules/payments/idempotency";
import { renewDueSubscriptions } from "../modules/payments/subscriptions.service";
import { processPendingVideos } from "../modules/uploads/video-processing.service";
import { purgeDeletedAccounts } from "../modules/users/users.service";
import { type RunJobsOptions, type Job as RunnableJob, runJobs } from "./job-runner";

export type Job = RunnableJob<AppContext>;

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
    // Sends mails whose retry is due, any a restart left behind, and (in a worker, WORKERS=off on the API
    // processes) every new mail: polled each second, one indexed query when there is nothing to send.
    name: "mail-outbox",
    intervalMs: 1000,
    run: async (context) => {
      await context.mail.drain();
    },
  },
  {
    // Sent mails are forgotten after a week.
    name: "mail-pruning",
    intervalMs: 60 * 60 * 1000,
    run: async (context) => {
      await context.mail.pruneSent();
    },
  },
  {
    // Mails recipients of messages still unread after 15 minutes (one per conversation per hour at most).
    name: "unread-message-mails",
    intervalMs: 60 * 1000,
    run: async (context) => {
      await mailUnreadMessages(context);
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
    // A notification mail's one-click unsubscribe link works for a year, then its token is forgotten.
    name: "unsubscribe-token-pruning",
    intervalMs: 24 * 60 * 60 * 1000,
    run: async (context) => {
      await pruneUnsubscribeTokens(context.db, context.clock.now());
    },
  },
  {
    // Accounts whose 7-day deletion grace period has ended are erased (docs/PRODUCT.md "Accounts").
    name: "purge-deleted-accounts",
    intervalMs: 15 * 60 * 1000,
    run: async (context) => {
      await purgeDeletedAccounts(context);
    },
  },
  {
    // Re-encodes uploaded videos (ffmpeg); one whose process died is taken over when its lease passes.
    name: "video-processing",
    intervalMs: 15 * 1000,
    run: async (context) => {
      await processPendingVideos(context);
    },
  },
];

/**
 * Runs every job once at start-up (catching up after a restart), then on its interval, in the one process of the
 * cluster that holds the jobs lock (see runJobs).
 */
export function startJobs(
  context: AppContext,
  log: FastifyBaseLogger,
  jobs: Job[] = JOBS,
  options: RunJobsOptions = {},
) {
  return runJobs(context, log, jobs, options);
}
