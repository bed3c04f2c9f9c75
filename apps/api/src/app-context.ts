import type { Redis } from "ioredis";
import type { Env } from "./config/env";
import type { Database, DatabaseHandle } from "./db/client";
import type { JobQueue } from "./jobs/job-queue";
import type { BackgroundTasks } from "./lib/background-tasks";
import type { Clock } from "./lib/clock";
import type { LiveEvents } from "./lib/live-events";
import type { MailOutbox } from "./lib/mail/mail-outbox";
import type { ObjectStorage } from "./lib/object-storage";
import type { Presence } from "./lib/presence";
import type { RateLimiter } from "./lib/rate-limiter";
import type { PictureProcesses } from "./modules/uploads/picture-processes";

/** What every service function may use; built once in buildApp and handed down explicitly. */
export interface AppContext {
  env: Env;
  database: DatabaseHandle;
  db: Database;
  clock: Clock;
  rateLimiter: RateLimiter;
  redis: Redis | null;
  /** Pushes events to users' open tabs (in-process, or across processes through Redis). */
  liveEvents: LiveEvents;
  /** Who has a live connection open (in-process, or across processes through Redis). */
  presence: Presence;
  /** Uploaded files (local disk under DATA_DIR by default). */
  storage: ObjectStorage;
  /** Picture decoding and re-encoding, in lower-priority child processes started on the first picture. */
  pictures: PictureProcesses;
  /** Outgoing mail: enqueue inside a transaction, kick after the commit (SMTP, or files in DATA_DIR/outbox). */
  mail: MailOutbox;
  /** Work that runs after the answer has left (logged on failure, awaited at shutdown). */
  background: BackgroundTasks;
  /**
   * Background work by kind (mail lanes, pushes, videos, renewals, pruning): the in-process runner, replaced by the
   * pg-boss queue when a server or worker starts on PostgreSQL (jobs/start.ts).
   */
  jobs: JobQueue;
  /**
   * Whether notifications go out after commit (live, Web Push, mail) or are only recorded: false for the demo
   * town's past, which the seeder writes through the services.
   */
  deliverNotifications: boolean;
  /**
   * True for the demo town's past only: its people are minutes old in the town's clock when the seeder writes
   * them weeks of posts, follows and messages, which the new-account limits would refuse.
   */
  skipsNewAccountLimits?: boolean;
}
