import { type ChildProcess, fork } from "node:child_process";
import { createRequire } from "node:module";
import { fileURLToPath, pathToFileURL } from "node:url";
import { MEDIA_NICENESS, runBelowRequests } from "../../lib/media-work";
import type { PictureTask, PictureTaskResult } from "./picture-work";

/**
 * Picture decoding and re-encoding (picture-work.ts) in child processes of their own, started on the first picture
 * at a lower CPU priority. A child inherits the API's CPU affinity, so when both share one core the scheduler runs
 * requests (sign-ins' argon2 threads, the event loop) first and gives the pictures what is left; and sharp
 * (libvips, ~25 MB) is never loaded in the API process. Each child works on one task at a time; at most `size`
 * run. A child that dies (a picture that crashes libvips, memory running out) fails only its task and is replaced
 * on the next one; a task that runs past `timeoutMs` has its child killed. close() ends every child.
 */

/** How long one task may take in its process (decoding a 40-megapixel picture takes a few seconds). */
export const PICTURE_TIMEOUT_MS = 60_000;

/** The process working on the task died (the task's bytes are the likely cause). */
export class PictureProcessCrashed extends Error {}
/** The task took longer than the timeout; its process was killed. */
export class PictureProcessTimedOut extends Error {}
/** No process could be started, or the pool is closed. */
export class PictureProcessUnavailable extends Error {}

/** Bytes back from a picture process (IPC hands them over as a Uint8Array) as a Buffer, not copied. */
export const asBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

interface Job {
  id: number;
  task: PictureTask;
  resolve: (result: PictureTaskResult) => void;
  reject: (error: Error) => void;
}

interface Slot {
  child: ChildProcess;
  isReady: boolean;
  job: Job | null;
  timer: NodeJS.Timeout | null;
  isTimedOut: boolean;
  exited: Promise<void>;
}

/**
 * The child's script beside this module: src/modules/uploads/picture-process.ts under vitest and tsx (run through
 * tsx's loader), dist/picture-process.js beside the bundled dist/server.js and dist/worker.js (scripts/build.mjs).
 */
function childScript(): { path: string; execArgv: string[] } {
  const isSource = import.meta.url.endsWith(".ts");
  const path = fileURLToPath(new URL(isSource ? "./picture-process.ts" : "./picture-process.js", import.meta.url));
  if (!isSource) return { path, execArgv: [] };
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve("tsx")).href;
  return { path, execArgv: ["--import", tsx] };
}

export class PictureProcesses {
  private readonly slots: Slot[] = [];
  private readonly queue: Job[] = [];
  private nextId = 1;
  private isClosed = false;
  private readonly timeoutMs: number;
  private readonly startTimeoutMs: number;
  private readonly niceness: number;

  constructor(
    readonly size: number,
    options: { timeoutMs?: number; startTimeoutMs?: number; niceness?: number } = {},
  ) {
    this.timeoutMs = options.timeoutMs ?? PICTURE_TIMEOUT_MS;
    this.startTimeoutMs = options.startTimeoutMs ?? PICTURE_TIMEOUT_MS;
    this.niceness = options.niceness ?? MEDIA_NICENESS;
  }

  /** Runs one task in a picture process (starting one if none is free and fewer than `size` run). */
  run(task: PictureTask): Promise<PictureTaskResult> {
    if (this.isClosed) return Promise.reject(new PictureProcessUnavailable("picture processes are closed"));
    return new Promise((resolve, reject) => {
      this.queue.push({ id: this.nextId++, task, resolve, reject });
      this.dispatch();
    });
  }

  /** Tasks being worked on now (for tests). */
  get running(): number {
    return this.slots.filter((slot) => slot.job !== null).length;
  }

  /** The ids of the processes running now (for tests). */
  get pids(): number[] {
    return this.slots.flatMap((slot) => (slot.child.pid === undefined ? [] : [slot.child.pid]));
  }

  /** Ends every process (what they hold fails) and waits for them to exit. A later run() is refused. */
  async close(): Promise<void> {
    this.isClosed = true;
    for (const job of this.queue.splice(0)) job.reject(new PictureProcessUnavailable("picture processes are closed"));
    const exits = this.slots.map((slot) => {
      slot.child.kill("SIGKILL");
      return slot.exited;
    });
    await Promise.all(exits);
  }

  private dispatch(): void {
    while (this.queue.length > 0) {
      const slot = this.slots.find((candidate) => candidate.isReady && candidate.job === null);
      if (!slot) {
        // Nothing free: start a process when there is room (it takes work once ready).
        if (this.slots.length < this.size && !this.slots.some((candidate) => !candidate.isReady)) this.spawn();
        return;
      }
      const job = this.queue.shift() as Job;
      this.assign(slot, job);
    }
  }

  private assign(slot: Slot, job: Job): void {
    slot.job = job;
    slot.child.channel?.ref();
    slot.timer = setTimeout(() => {
      slot.isTimedOut = true;
      slot.child.kill("SIGKILL");
    }, this.timeoutMs);
    slot.child.send({ id: job.id, task: job.task }, (error) => {
      // The process is gone already: its exit settles the job.
      if (error) slot.child.kill("SIGKILL");
    });
  }

  private spawn(): void {
    const script = childScript();
    const child = fork(script.path, [], {
      execArgv: script.execArgv,
      serialization: "advanced",
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    });
    let markExited: () => void = () => undefined;
    const slot: Slot = {
      child,
      isReady: false,
      job: null,
      timer: null,
      isTimedOut: false,
      exited: new Promise<void>((resolve) => {
        markExited = resolve;
      }),
    };
    this.slots.push(slot);
    runBelowRequests(child.pid, this.niceness);
    // An idle process never keeps the API (or a test run) alive; a busy one's channel is ref'd while it works.
    child.unref();
    child.channel?.unref();
    // Sharp loading may take a while, but not forever.
    const startTimer = setTimeout(() => child.kill("SIGKILL"), this.startTimeoutMs);
    child.on("message", (message: { ready?: true; id?: number; result?: PictureTaskResult; error?: string }) => {
      if (message.ready) {
        clearTimeout(startTimer);
        slot.isReady = true;
        this.dispatch();
        return;
      }
      const job = slot.job;
      if (!job || job.id !== message.id) return;
      this.release(slot);
      if (message.error !== undefined) job.reject(new Error(message.error));
      else job.resolve(message.result as PictureTaskResult);
      this.dispatch();
    });
    let isGone = false;
    const gone = (reason: string) => {
      if (isGone) return;
      isGone = true;
      clearTimeout(startTimer);
      const index = this.slots.indexOf(slot);
      if (index >= 0) this.slots.splice(index, 1);
      const job = slot.job;
      this.release(slot);
      if (job) {
        job.reject(
          this.isClosed
            ? new PictureProcessUnavailable("picture processes are closed")
            : slot.isTimedOut
              ? new PictureProcessTimedOut(`picture took longer than ${this.timeoutMs} ms`)
              : new PictureProcessCrashed(`picture process stopped (${reason})`),
        );
      } else if (!slot.isReady) {
        // It never started: what waits would only start another that fails the same way.
        for (const waiting of this.queue.splice(0)) {
          waiting.reject(new PictureProcessUnavailable(`picture process could not start (${reason})`));
        }
      }
      markExited();
      if (!this.isClosed) this.dispatch();
    };
    child.on("exit", (code, signal) => gone(signal ?? `exit code ${code}`));
    child.on("error", (error) => {
      gone(error.message);
      child.kill("SIGKILL");
    });
  }

  private release(slot: Slot): void {
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = null;
    slot.job = null;
    slot.child.channel?.unref();
  }
}
