import type { FastifyBaseLogger } from "fastify";
import type { Executor } from "../../db/client";
import { MAIL_LANES, type MailLane, type MailOutboxRow } from "../../db/schema/mail";
import type { Clock } from "../clock";
import { nameInstanceIn } from "./layout";
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
const SENT_MAIL_RETENTION_MS = 7 * 24 * 60 * 60_000;
/**
 * Mails of a lane being sent at once by one process (the SMTP transport spreads them over its pooled connections,
 * transport.ts); each lane claims and sends on its own, so account mail never waits behind notification mail.
 */
export const MAIL_LANE_SENDS: Record<MailLane, number> = { account: 10, notification: 4 };

interface LaneState {
  draining: Promise<void> | null;
  drainAgain: boolean;
}

/**
 * The durable mail outbox. Services `enqueue` a mail inside their own transaction (so a rolled-back action sends
 * nothing and a committed one is never forgotten) and call `kick()` after the commit; the drain sends in the
 * background, never inside a request, several mails at once per lane (account, then notification mail, each with
 * its own sends and connections). A failed send is retried with backoff (the `mail-outbox` job drains due
 * retries and whatever a restart left behind). The rows are the truth: a mail is claimed under a lease before it is
 * sent and marked sent once, right after the server took it.
 */
export class MailOutbox {
  private readonly lanes: Record<MailLane, LaneState> = {
    account: { draining: null, drainAgain: false },
    notification: { draining: null, drainAgain: false },
  };
  private isClosed = false;
  /** Where kicks go when a job queue drains the lanes (pg-boss): a job per lane instead of a drain here. */
  private dispatch: ((lane: MailLane) => void) | null = null;

  constructor(
    private readonly db: Executor,
    private readonly clock: Clock,
    readonly transport: MailTransport,
    private readonly log: FastifyBaseLogger,
    /** `sendsHere: false` (WORKERS=off): kick() sends nothing from this process; a worker's drain sends it. */
    private readonly options: { sendsHere: boolean; sendLeaseMs?: number } = { sendsHere: true },
  ) {}

  /**
   * Where the instance's name comes from (its settings, read through the executor given: inside the transaction
   * that stores a mail, the transaction); "Plaza" until the app hands the source over.
   */
  private instanceName: (executor: Executor) => Promise<string> = async () => "Plaza";

  /** Names every mail after the instance (INSTANCE_NAME in a mail's texts; the sender's display name). */
  nameWith(source: (executor: Executor) => Promise<string>): void {
    this.instanceName = source;
  }

  /** Stores a mail to send; pass the transaction of the action that causes it. */
  async enqueue(executor: Executor, outgoing: OutgoingMail): Promise<void> {
    const now = this.clock.now();
    const mail = nameInstanceIn(outgoing, await this.instanceName(executor));
    await insertOutboxMail(executor, {
      recipient: mail.to,
      subject: mail.subject,
      textBody: mail.text,
      htmlBody: mail.html,
      actionUrl: mail.actionUrl ?? null,
      headers: mail.headers ?? {},
      lane: mail.lane ?? "account",
      nextAttemptAt: now,
      createdAt: now,
    });
  }

  /** Hands kicks to a job queue: each kick asks for a drain job of every lane (the queue keeps one waiting). */
  dispatchTo(dispatch: (lane: MailLane) => void): void {
    this.dispatch = dispatch;
  }

  /**
   * After a commit that stored mail: asks the job queue for a drain of every lane, or (in-process runner) starts
   * one here in the background; a lane already draining goes round once more.
   */
  kick(): void {
    if (this.isClosed) return;
    if (this.dispatch) {
      for (const lane of MAIL_LANES) this.dispatch(lane);
      return;
    }
    if (!this.options.sendsHere) return;
    for (const lane of MAIL_LANES) {
      const state = this.lanes[lane];
      if (state.draining) {
        state.drainAgain = true;
        continue;
      }
      state.draining = this.drainLoop(lane, state).finally(() => {
        state.draining = null;
      });
    }
  }

  /** Resolves once no drain is running (tests, shutdown). */
  async idle(): Promise<void> {
    for (;;) {
      const running = MAIL_LANES.map((lane) => this.lanes[lane].draining).filter((drain) => drain !== null);
      if (running.length === 0) return;
      await Promise.all(running);
    }
  }

  /** Sends every due mail of every lane; returns how many were sent. Failures are recorded for a later attempt. */
  async drain(): Promise<number> {
    const sent = await Promise.all(MAIL_LANES.map((lane) => this.drainLane(lane)));
    return sent.reduce((total, count) => total + count, 0);
  }

  async pruneSent(): Promise<void> {
    await deleteSentMailsBefore(this.db, new Date(this.clock.now().getTime() - SENT_MAIL_RETENTION_MS));
  }

  async close(): Promise<void> {
    this.isClosed = true;
    await this.idle();
    this.transport.close();
  }

  /**
   * Claims due mails of one lane a batch at a time and sends each batch `MAIL_LANE_SENDS[lane]` at once; returns
   * how many were sent (the lane's job). A send that fails is recorded on its row for a later attempt.
   */
  async drainLane(lane: MailLane): Promise<number> {
    const sends = MAIL_LANE_SENDS[lane];
    const batchSize = sends * 2;
    let sent = 0;
    for (;;) {
      const now = this.clock.now();
      // How long this process may take to send a claimed mail before another may try it (MAIL_SEND_LEASE_SECONDS).
      const leaseMs = this.options.sendLeaseMs ?? 5 * 60_000;
      const batch = await claimDueMails(this.db, lane, now, new Date(now.getTime() + leaseMs), batchSize);
      let next = 0;
      const sender = async () => {
        for (let row = batch[next++]; row; row = batch[next++]) {
          if (await this.sendOne(row)) sent += 1;
        }
      };
      await Promise.all(Array.from({ length: Math.min(sends, batch.length) }, sender));
      if (batch.length < batchSize || this.isClosed) return sent;
    }
  }

  private async sendOne(row: MailOutboxRow): Promise<boolean> {
    try {
      await this.transport.send({
        to: row.recipient,
        subject: row.subject,
        text: row.textBody,
        html: row.htmlBody,
        headers: row.headers,
        actionUrl: row.actionUrl,
        lane: row.lane,
        outboxId: row.id,
        fromName: await this.instanceName(this.db),
      });
    } catch (error) {
      await this.recordFailure(row.id, row.attempts, error);
      return false;
    }
    return markMailSent(this.db, row.id, this.clock.now());
  }

  private async drainLoop(lane: MailLane, state: LaneState): Promise<void> {
    do {
      state.drainAgain = false;
      try {
        await this.drainLane(lane);
      } catch (error) {
        // The database is away: the job retries later; nothing is lost, the rows are still there.
        this.log.warn({ err: error, lane }, "mail outbox drain failed");
      }
    } while (state.drainAgain && !this.isClosed);
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
