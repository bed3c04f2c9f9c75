import type { AppContext } from "../app-context";
import type { Transaction } from "../db/client";
import type { JobData } from "../jobs/job-queue";
import type { LiveEvent } from "./live-events";

/**
 * What a unit of work does once its transaction has committed, collected while it runs: live events for open
 * tabs, job requests (Web Push, refunds, videos) and mail kicks. Nothing collected here happens when the
 * transaction rolls back, and everything happens only after the commit, so whoever reacts to an effect (a tab
 * refetching on a live event, a job reading its rows) finds what the transaction wrote.
 */
export class Effects {
  private readonly pending: (() => Promise<void>)[] = [];
  private mailKicked = false;

  /** `context` is the app the unit of work runs in (its mail outbox, clock and settings, for what is written now). */
  constructor(readonly context: AppContext) {}

  /** Pushes `event` to the user's open tabs after commit (in the order collected). */
  publish(userId: string, event: LiveEvent): void {
    this.pending.push(() => this.context.liveEvents.publish(userId, event));
  }

  /** Asks for a run of a job kind after commit (its rows are then visible to the worker that takes it). */
  requestJob(kind: string, data?: JobData): void {
    this.pending.push(() => this.context.jobs.request(kind, data));
  }

  /** Sends the mail this transaction put in the outbox, after commit (once, however many were queued). */
  kickMail(): void {
    if (this.mailKicked) return;
    this.mailKicked = true;
    this.pending.push(async () => this.context.mail.kick());
  }

  /**
   * Runs what was collected, in order; a failure is logged and never undoes the commit nor stops the others (the
   * rows are there: a tab refetches, periodic jobs pick the work up).
   */
  async run(): Promise<void> {
    const effects = this.pending.splice(0);
    await Promise.all(
      effects.map((effect) =>
        effect().catch((error: unknown) =>
          this.context.background.log.warn({ err: error }, "an effect after commit failed"),
        ),
      ),
    );
  }
}

/**
 * Runs `run` in one transaction with a collector for what must happen after it (see Effects), then, once it has
 * committed, runs what was collected before returning. When `run` throws the transaction rolls back, nothing
 * collected happens, and the error goes to the caller.
 */
export async function inTransaction<T>(
  context: AppContext,
  run: (tx: Transaction, effects: Effects) => Promise<T>,
): Promise<T> {
  const effects = new Effects(context);
  const result = await context.db.transaction((tx) => run(tx, effects));
  await effects.run();
  return result;
}
