import { randomUUID } from "node:crypto";
import {
  errorText,
  type FailedJob,
  type JobData,
  type JobKind,
  type JobLog,
  type JobQueue,
  type JobsOverview,
  type RetryOutcome,
  retryDelayMs,
} from "./job-queue";

interface KindState {
  running: number;
  waiting: { data: JobData; attempt: number }[];
  /** Retries waiting for their backoff to pass. */
  retryTimers: Set<NodeJS.Timeout>;
}

interface FailedRun extends FailedJob {
  data: JobData;
}

/** Failed runs kept for the admin console (the newest). */
const KEPT_FAILURES = 50;

/**
 * The job queue on the embedded database (one process: PGlite): the same job kinds run in this process, with the
 * same concurrency per kind and retries with backoff, and the periodic kinds on their intervals. Its state is in
 * memory: a restart forgets waiting runs and failures, which the periodic runs make up for (the database says
 * what is left to do). With `works: false` (WORKERS=off) it runs nothing.
 */
export class InProcessQueue<Context> implements JobQueue {
  readonly implementation = "in-process" as const;
  private readonly states = new Map<string, KindState>();
  private readonly running = new Set<Promise<void>>();
  private readonly intervals: NodeJS.Timeout[] = [];
  private failures: FailedRun[] = [];
  private isStopped = false;

  constructor(
    private readonly context: Context,
    private readonly log: JobLog,
    private readonly kinds: JobKind<Context>[],
    private readonly options: { works: boolean; onRun?: (run: Promise<void>) => void },
  ) {
    for (const kind of kinds) this.states.set(kind.name, { running: 0, waiting: [], retryTimers: new Set() });
  }

  async request(name: string, data: JobData = {}): Promise<void> {
    if (!this.options.works || this.isStopped) return;
    const kind = this.kindNamed(name);
    const state = this.states.get(name);
    if (!kind || !state) {
      this.log.error({ job: name }, "no such job kind");
      return;
    }
    if (kind.coalesce && state.waiting.length > 0) return;
    state.waiting.push({ data, attempt: 1 });
    this.pump(kind, state);
  }

  /** Starts the periodic kinds: each runs at once (catching up after a restart), then on its interval. */
  async start(): Promise<void> {
    if (!this.options.works) return;
    for (const kind of this.kinds) {
      if (!kind.every) continue;
      void this.request(kind.name);
      const timer = setInterval(() => void this.request(kind.name), kind.every.inProcessMs);
      timer.unref();
      this.intervals.push(timer);
    }
  }

  async stop(): Promise<void> {
    this.isStopped = true;
    for (const timer of this.intervals) clearInterval(timer);
    for (const state of this.states.values()) {
      for (const timer of state.retryTimers) clearTimeout(timer);
      state.retryTimers.clear();
      state.waiting = [];
    }
    await this.idle();
  }

  /** Resolves once no run is in progress (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.all(this.running);
  }

  async overview(): Promise<JobsOverview> {
    return {
      implementation: this.implementation,
      worksHere: this.options.works,
      queues: this.kinds.map((kind) => {
        const state = this.states.get(kind.name);
        return {
          name: kind.name,
          queued: (state?.waiting.length ?? 0) + (state?.retryTimers.size ?? 0),
          running: state?.running ?? 0,
          failed: this.failures.filter((failure) => failure.queue === kind.name).length,
        };
      }),
      failed: this.failures.map(({ data: _data, ...failure }) => failure),
    };
  }

  async retry(queue: string, id: string): Promise<RetryOutcome> {
    const failure = this.failures.find((candidate) => candidate.queue === queue && candidate.id === id);
    if (!failure) return "not-found";
    this.failures = this.failures.filter((candidate) => candidate !== failure);
    await this.request(queue, failure.data);
    return "retried";
  }

  private kindNamed(name: string): JobKind<Context> | undefined {
    return this.kinds.find((kind) => kind.name === name);
  }

  private pump(kind: JobKind<Context>, state: KindState): void {
    while (!this.isStopped && state.running < kind.concurrency && state.waiting.length > 0) {
      const next = state.waiting.shift();
      if (!next) return;
      state.running += 1;
      const run = this.runOnce(kind, next.data, next.attempt).finally(() => {
        state.running -= 1;
        this.running.delete(run);
        this.pump(kind, state);
      });
      this.running.add(run);
      this.options.onRun?.(run);
    }
  }

  private async runOnce(kind: JobKind<Context>, data: JobData, attempt: number): Promise<void> {
    try {
      await kind.run(this.context, data);
    } catch (error) {
      const state = this.states.get(kind.name);
      if (attempt <= kind.retry.limit && state && !this.isStopped) {
        const delayMs = retryDelayMs(kind.retry, attempt);
        this.log.warn({ err: error, job: kind.name, attempt, retryInMs: delayMs }, "job failed: will retry");
        const timer = setTimeout(() => {
          state.retryTimers.delete(timer);
          if (this.isStopped) return;
          state.waiting.push({ data, attempt: attempt + 1 });
          this.pump(kind, state);
        }, delayMs);
        timer.unref();
        state.retryTimers.add(timer);
        return;
      }
      this.log.error({ err: error, job: kind.name, attempts: attempt }, "job failed: gave up after its retries");
      this.failures.unshift({
        id: randomUUID(),
        queue: kind.name,
        error: errorText(error),
        failedAt: new Date().toISOString(),
        attempts: attempt,
        data,
      });
      this.failures.length = Math.min(this.failures.length, KEPT_FAILURES);
    }
  }
}
