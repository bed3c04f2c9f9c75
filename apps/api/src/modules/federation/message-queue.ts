import type {
  MessageQueue,
  MessageQueueDepth,
  MessageQueueEnqueueOptions,
  MessageQueueListenOptions,
} from "@fedify/fedify";
import type { AppContext } from "../../app-context";
import { errorText } from "../../jobs/job-queue";
import {
  claimDueFederationMessages,
  countFederationMessages,
  deleteFederationMessage,
  insertFederationMessages,
} from "./federation-store.repository";

/** The job kind that drains Fedify's messages (jobs/kinds.ts). */
export const FEDERATION_QUEUE_JOB = "federation-queue";
/** How long a drain may hold a claimed message before another process may take it. */
const CLAIM_MS = 5 * 60_000;
/** Messages claimed at once by one drain. */
const DRAIN_BATCH = 20;

type Handler = (message: unknown) => Promise<void> | void;

/**
 * Fedify's message queue on Plaza's own job queue (docs/decisions/0012-federation.md): a message is a row of
 * federation_messages, due at once or after its delay; enqueuing asks for a run of FEDERATION_QUEUE_JOB, which
 * drains the due rows through the handler Fedify gave `listen` in a process that runs jobs. Retries are Fedify's
 * own (it enqueues a failed delivery again with its back-off), so `nativeRetrial` is false and a handled message is
 * removed whatever came of it.
 */
export class JobQueueMessageQueue implements MessageQueue {
  readonly nativeRetrial = false;
  private handler: Handler | null = null;

  constructor(private readonly context: AppContext) {}

  async enqueue(message: unknown, options?: MessageQueueEnqueueOptions): Promise<void> {
    await this.enqueueMany([message], options);
  }

  async enqueueMany(messages: readonly unknown[], options?: MessageQueueEnqueueOptions): Promise<void> {
    const delayMs = options?.delay ? Math.max(0, options.delay.total({ unit: "milliseconds" })) : 0;
    await insertFederationMessages(this.context.db, messages, new Date(this.context.clock.now().getTime() + delayMs));
    // A delayed message is picked up by the job's periodic run once due.
    if (delayMs === 0) await this.context.jobs.request(FEDERATION_QUEUE_JOB);
  }

  /** Keeps Fedify's handler for the drains of this process until `signal` aborts. */
  listen(handler: Handler, options?: MessageQueueListenOptions): Promise<void> {
    this.handler = handler;
    return new Promise((resolve) => {
      const stop = () => {
        if (this.handler === handler) this.handler = null;
        resolve();
      };
      if (options?.signal?.aborted) stop();
      options?.signal?.addEventListener("abort", stop, { once: true });
    });
  }

  async getDepth(): Promise<MessageQueueDepth> {
    const { queued, ready } = await countFederationMessages(this.context.db, this.context.clock.now());
    return { queued, ready, delayed: queued - ready };
  }

  /**
   * Handles the due messages, a batch at a time, until none is due. Without a handler (this process does not run
   * Fedify's queue) it leaves them to a process that does.
   */
  async drain(): Promise<number> {
    let handled = 0;
    for (;;) {
      const handler = this.handler;
      if (!handler) return handled;
      const now = this.context.clock.now();
      const claimed = await claimDueFederationMessages(
        this.context.db,
        now,
        new Date(now.getTime() + CLAIM_MS),
        DRAIN_BATCH,
      );
      if (claimed.length === 0) return handled;
      await Promise.all(
        claimed.map(async (row) => {
          try {
            await handler(row.message);
          } catch (error) {
            this.context.background.log.warn({ err: errorText(error) }, "federation: a queued message failed");
          }
          await deleteFederationMessage(this.context.db, row.id);
        }),
      );
      handled += claimed.length;
    }
  }
}
