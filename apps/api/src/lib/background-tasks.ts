import type { FastifyBaseLogger } from "fastify";

/**
 * Work that runs after the answer has left (e.g. a password-reset lookup, so a known and an unknown address
 * answer alike). Failures are logged; `idle()` lets shutdown and tests wait for what is running.
 */
export class BackgroundTasks {
  private readonly running = new Set<Promise<void>>();

  constructor(readonly log: FastifyBaseLogger) {}

  run(name: string, task: () => Promise<void>): void {
    const promise = Promise.resolve()
      .then(task)
      .catch((error: unknown) => this.log.error({ err: error, task: name }, "background task failed"))
      .finally(() => this.running.delete(promise));
    this.running.add(promise);
  }

  /** Counts work started elsewhere (the in-process job runner's runs) as running, so idle() waits for it too. */
  track(work: Promise<void>): void {
    const promise = work.catch(() => undefined).finally(() => this.running.delete(promise));
    this.running.add(promise);
  }

  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.all(this.running);
  }
}
