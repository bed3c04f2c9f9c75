import type { FastifyBaseLogger } from "fastify";
import type { Executor } from "../../db/client";
import type { Clock } from "../clock";
import {
  claimDueMails,
  deleteSentMailsBefore,
  insertOutboxMail,
  markMailAttemptFailed,
  markMailSent,
} from "./mail-outbox.repository";
import type { MailTransport, OutgoingMail } from "./transport";

/** Waits before attempt 2, 3, … ; after the last one the mail is marked failed (and logged as an error). */
export const MAIL_RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 60 * 60_000, 6 * 60 * 60_000] as const;
/** How long one process may take to send a claimed mail before another may try it. */
const SEND_LEASE_MS = 5 * 60_000;
const BATCH_SIZE = 20;
const SENT_MAIL_RETENTION_MS = 7 * 24 * 60 * 60_000;

/**
 * The durable mail outbox. Services `enqueue` a mail inside their own transaction (so a rolled-back action sends
 * nothing and a committed one is never forgotten) and call `kick()` after the commit; the drain sends in the
 * background, never inside a request. A failed send is retried with backoff (the `mail-outbox` job drains due
 * retries and whatever a restart left behind).
 */
export class MailOutbox {
  private draining: Promise<void> | null = null;
  private drainAgain = false;
  private isClosed = false;

  constructor(
    private readonly db: Executor,
    private readonly clock: Clock,
    readonly transport: MailTransport,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Stores a mail to send; pass the transaction of the action that causes it. */
  async enqueue(executor: Executor, mail: OutgoingMail): Promise<void> {
    const now = this.clock.now();
    await insertOutboxMail(executor, {
      recipient: mail.to,
      subject: mail.subject,
      textBody: mail.text,
      htmlBody: mail.html,
      actionUrl: mail.actionUrl ?? null,
      headers: mail.headers ?? {},
      nextAttemptAt: now,
      createdAt: now,
    });
  }

  /** Starts a drain in the background (after a commit); a drain already running goes round once more. */
  kick(): void {
    if (this.isClosed) return;
    if (this.draining) {
      this.drainAgain = true;
      return;
    }
    this.draining = this.drainLoop().finally(() => {
      this.draining = null;
    });
  }

  /** Resolves once no drain is running (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.draining) await this.draining;
  }

  /** Sends every due mail; returns how many were sent. Failures are recorded for a later attempt. */
  async drain(): Promise<number> {
    let sent = 0;
    for (;;) {
      const now = this.clock.now();
      const batch = await claimDueMails(this.db, now, new Date(now.getTime() + SEND_LEASE_MS), BATCH_SIZE);
      for (const row of batch) {
        const mail = {
          to: row.recipient,
          subject: row.subject,
          text: row.textBody,
          html: row.htmlBody,
          headers: row.headers,
        };
        try {
          await this.transport.send({ ...mail, actionUrl: row.actionUrl });
          await markMailSent(this.db, row.id, this.clock.now());
          sent += 1;
        } catch (error) {
          await this.recordFailure(row.id, row.attempts, error);
        }
      }
      if (batch.length < BATCH_SIZE) return sent;
    }
  }

  async pruneSent(): Promise<void> {
    await deleteSentMailsBefore(this.db, new Date(this.clock.now().getTime() - SENT_MAIL_RETENTION_MS));
  }

  async close(): Promise<void> {
    this.isClosed = true;
    await this.idle();
    this.transport.close();
  }

  private async drainLoop(): Promise<void> {
    do {
      this.drainAgain = false;
      try {
        await this.drain();
      } catch (error) {
        // The database is away: the job retries later; nothing is lost, the rows are still there.
        this.log.warn({ err: error }, "mail outbox drain failed");
      }
    } while (this.drainAgain && !this.isClosed);
  }

  private async recordFailure(id: string, attempts: number, error: unknown): Promise<void> {
    const message = error instanceof Error ? error.message : String(error);
    const delay = MAIL_RETRY_DELAYS_MS[attempts - 1];
    const now = this.clock.now();
    if (delay === undefined) {
      await markMailAttemptFailed(this.db, id, message, { failedAt: now });
      this.log.error({ mailId: id, attempts, error: message }, "mail could not be sent: gave up after every retry");
      return;
    }
    await markMailAttemptFailed(this.db, id, message, { nextAttemptAt: new Date(now.getTime() + delay) });
    this.log.warn({ mailId: id, attempts, retryInMs: delay, error: message }, "mail not sent: will retry");
  }
}
