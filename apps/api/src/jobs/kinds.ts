import type { AppContext } from "../app-context";
import type { MailLane } from "../db/schema/mail";
import { deleteExpiredSessions } from "../modules/auth/auth.repository";
import { EVENT_REMINDERS_JOB, sendEventReminders } from "../modules/events/event-reminders.service";
import { TICKET_REFUNDS_JOB } from "../modules/events/rsvp.service";
import { drainFederationQueue, federatePost, pruneFederationStore } from "../modules/federation/federation.service";
import { FEDERATION_QUEUE_JOB } from "../modules/federation/message-queue";
import { purgeRemovedPosts } from "../modules/moderation/moderation-actions.service";
import { WEB_PUSH_JOB } from "../modules/notifications/notifications.service";
import { mailUnreadMessages } from "../modules/notifications/unread-message-mails.service";
import { pruneUnsubscribeTokens } from "../modules/notifications/unsubscribe.service";
import { pruneIdempotencyKeys } from "../modules/payments/idempotency.repository";
import { PAYMENT_REFUNDS_JOB, refundDuePayments } from "../modules/payments/processor-refunds.service";
import { renewDueSubscriptions } from "../modules/payments/subscriptions.service";
import { releaseExpiredTicketHolds, TICKET_HOLDS_JOB } from "../modules/payments/ticket-holds.service";
import { refundDueTickets } from "../modules/payments/ticket-refunds.service";
import { FEDERATE_POST_JOB } from "../modules/posts/post-federation";
import { pushNotificationJob } from "../modules/push/push.service";
import { PICTURE_PROCESSING_JOB, processPendingPictures } from "../modules/uploads/picture-processing.service";
import { processPendingVideos } from "../modules/uploads/video-processing.service";
import { purgeDeletedAccounts } from "../modules/users/users.service";
import type { JobKind } from "./job-queue";

export type Job = JobKind<AppContext>;

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/** The queue that drains one mail lane. */
export const mailLaneJob = (lane: MailLane) => `mail-${lane}`;

/**
 * Every kind of background work (docs/decisions/0001-job-queue.md). A job says which kind of work to do, never
 * what a mail says: the database holds the work (outbox rows, videos waiting, subscriptions due), so a job run
 * twice does nothing twice.
 */
export const JOB_KINDS: Job[] = [
  {
    // Account mail (verification, reset, email change, two-factor notices): its own queue and workers, so it never
    // waits behind notification mail. Each run drains the lane (MAIL_LANE_SENDS sends at once, pooled SMTP); asked
    // for after every commit that stores a mail, and each minute for retries that came due.
    name: mailLaneJob("account"),
    run: async (context) => {
      await context.mail.drainLane("account");
    },
    concurrency: 4,
    priority: 10,
    retry: { limit: 5, delaySeconds: 1, maxDelaySeconds: 60 },
    every: { cron: "* * * * *", inProcessMs: 1000 },
    coalesce: true,
    expireSeconds: 5 * 60,
  },
  {
    name: mailLaneJob("notification"),
    run: async (context) => {
      await context.mail.drainLane("notification");
    },
    concurrency: 2,
    priority: 0,
    retry: { limit: 5, delaySeconds: 1, maxDelaySeconds: 60 },
    every: { cron: "* * * * *", inProcessMs: 1000 },
    coalesce: true,
    expireSeconds: 5 * 60,
  },
  {
    // One committed notification pushed to its recipient's devices (a push sent twice shows once: same tag).
    name: WEB_PUSH_JOB,
    run: (context, data) => pushNotificationJob(context, data),
    concurrency: 4,
    retry: { limit: 2, delaySeconds: 5, maxDelaySeconds: 60 },
  },
  {
    // Makes the stored sizes of uploaded pictures (WebP at 480, 960, 1600 px and the full one, without metadata) in
    // the picture processes; asked for after each picture upload. A picture whose run died is taken over when its
    // lease passes (the periodic run); a run that could not work (no picture process) is retried.
    name: PICTURE_PROCESSING_JOB,
    run: async (context) => {
      await processPendingPictures(context);
    },
    concurrency: 2,
    retry: { limit: 3, delaySeconds: 5, maxDelaySeconds: 120 },
    every: { cron: "* * * * *", inProcessMs: 15_000 },
    coalesce: true,
    expireSeconds: 15 * 60,
  },
  {
    // Re-encodes uploaded videos (ffmpeg), one at a time per process; a video whose process died is taken over
    // when its lease passes (the periodic run).
    name: "video-processing",
    run: async (context) => {
      await processPendingVideos(context);
    },
    concurrency: 1,
    retry: { limit: 3, delaySeconds: 30, maxDelaySeconds: 600 },
    every: { cron: "* * * * *", inProcessMs: 15_000 },
    coalesce: true,
    expireSeconds: 60 * 60,
  },
  {
    // Charges each active subscription once per period; the period claim makes re-runs and restarts harmless.
    name: "subscription-renewal",
    run: async (context) => {
      await renewDueSubscriptions(context);
    },
    concurrency: 1,
    retry: { limit: 3, delaySeconds: 60, maxDelaySeconds: HOUR_MS / 1000 },
    every: { cron: "*/5 * * * *", inProcessMs: 5 * MINUTE_MS },
    coalesce: true,
  },
  {
    // Refunds a second payment for something already bought (two tabs paid for one post); asked for after the
    // webhook that found it, and every 5 minutes for refunds Stripe refused or that a crash interrupted.
    name: PAYMENT_REFUNDS_JOB,
    run: async (context) => {
      await refundDuePayments(context);
    },
    concurrency: 1,
    retry: { limit: 5, delaySeconds: 30, maxDelaySeconds: 1800 },
    every: { cron: "*/5 * * * *", inProcessMs: 5 * MINUTE_MS },
    coalesce: true,
  },
  {
    // Refunds voided paid tickets in full (a holder who left until 24 hours before the start, a cancelled event);
    // asked for after the commit that voided them, and every 5 minutes for refunds refused or interrupted.
    name: TICKET_REFUNDS_JOB,
    run: async (context) => {
      await refundDueTickets(context);
    },
    concurrency: 1,
    retry: { limit: 5, delaySeconds: 30, maxDelaySeconds: 1800 },
    every: { cron: "*/5 * * * *", inProcessMs: 5 * MINUTE_MS },
    coalesce: true,
  },
  {
    // Cancels the PaymentIntents of ticket payments whose 15-minute seat hold expired (the seat is free again by
    // time alone), each minute; a cancel refused or interrupted is asked again on the next run.
    name: TICKET_HOLDS_JOB,
    run: async (context) => {
      await releaseExpiredTicketHolds(context);
    },
    concurrency: 1,
    retry: { limit: 3, delaySeconds: 30, maxDelaySeconds: 300 },
    every: { cron: "* * * * *", inProcessMs: MINUTE_MS },
    coalesce: true,
  },
  {
    // Mails recipients of messages still unread after 15 minutes (one per conversation per hour at most).
    name: "unread-message-mails",
    run: async (context) => {
      await mailUnreadMessages(context);
    },
    concurrency: 1,
    retry: { limit: 2, delaySeconds: 10, maxDelaySeconds: 60 },
    every: { cron: "* * * * *", inProcessMs: MINUTE_MS },
    coalesce: true,
  },
  {
    // Reminds everyone going 24 hours and 1 hour before an event starts; each reminder is claimed once in the
    // database (event_reminders), so a re-run or a second process sends nothing twice.
    name: EVENT_REMINDERS_JOB,
    run: async (context) => {
      await sendEventReminders(context);
    },
    concurrency: 1,
    retry: { limit: 2, delaySeconds: 10, maxDelaySeconds: 60 },
    every: { cron: "* * * * *", inProcessMs: MINUTE_MS },
    coalesce: true,
  },
  {
    // Accounts whose 7-day deletion grace period has ended are erased (docs/PRODUCT.md "Accounts").
    name: "purge-deleted-accounts",
    run: async (context) => {
      await purgeDeletedAccounts(context);
    },
    concurrency: 1,
    retry: { limit: 3, delaySeconds: 60, maxDelaySeconds: 900 },
    every: { cron: "*/15 * * * *", inProcessMs: 15 * MINUTE_MS },
    coalesce: true,
  },
  {
    // Forgets what has expired: sessions, sent mails after a week, idempotency keys after 24 hours, unsubscribe
    // tokens after a year, posts a moderator deleted once their appeal window has passed.
    name: "pruning",
    run: async (context) => {
      const now = context.clock.now();
      await deleteExpiredSessions(context.db, now);
      await context.mail.pruneSent();
      await pruneIdempotencyKeys(context.db, now);
      await pruneUnsubscribeTokens(context.db, now);
      await pruneFederationStore(context);
      await purgeRemovedPosts(context);
    },
    concurrency: 1,
    retry: { limit: 2, delaySeconds: 60, maxDelaySeconds: 900 },
    every: { cron: "0 * * * *", inProcessMs: HOUR_MS },
    coalesce: true,
  },
  {
    // A post made or deleted, told to the followers on other servers (FEDERATION=on; docs/decisions/0012-federation.md).
    name: FEDERATE_POST_JOB,
    run: (context, data) => federatePost(context, data),
    concurrency: 2,
    retry: { limit: 3, delaySeconds: 10, maxDelaySeconds: 300 },
  },
  {
    // Fedify's queued messages (fan-out to followers, one delivery per server, inbound work) handled in a process
    // that runs jobs; asked for when one is queued, and each minute for retries that came due (Fedify's back-off).
    name: FEDERATION_QUEUE_JOB,
    run: (context) => drainFederationQueue(context),
    concurrency: 2,
    retry: { limit: 2, delaySeconds: 5, maxDelaySeconds: 60 },
    every: { cron: "* * * * *", inProcessMs: 5_000 },
    coalesce: true,
    expireSeconds: 10 * 60,
  },
];
