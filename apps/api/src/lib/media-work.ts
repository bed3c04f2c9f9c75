import { availableParallelism, getPriority, setPriority } from "node:os";

/**
 * Image and video work (decoding, resizing, re-encoding) in one process: at most `capacity` pieces at once, and
 * one at a time per user, first come first served among the users who have nothing running. An account uploading
 * many pictures waits its turn instead of taking every slot, and no amount of uploads takes all the cores or all
 * of libuv's threads (password hashing has threads of its own: lib/password-hashing.ts).
 */
export class MediaWorkLimiter {
  private running = 0;
  private readonly busyOwners = new Set<string>();
  private readonly waiting: { ownerId: string; start: () => void }[] = [];

  constructor(readonly capacity: number) {}

  async run<T>(ownerId: string, work: () => Promise<T>): Promise<T> {
    await new Promise<void>((start) => {
      this.waiting.push({ ownerId, start });
      this.dispatch();
    });
    try {
      return await work();
    } finally {
      this.running -= 1;
      this.busyOwners.delete(ownerId);
      this.dispatch();
    }
  }

  /** Pieces of work running and waiting now (for tests and the bench). */
  get load(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }

  private dispatch(): void {
    for (let index = 0; index < this.waiting.length && this.running < this.capacity; ) {
      const next = this.waiting[index];
      if (!next || this.busyOwners.has(next.ownerId)) {
        index += 1;
        continue;
      }
      this.waiting.splice(index, 1);
      this.running += 1;
      this.busyOwners.add(next.ownerId);
      next.start();
    }
  }
}

/** Half the cores (at least one) for media work: the other half stays free for answering requests. */
export const MEDIA_WORK_CONCURRENCY = Math.max(1, Math.floor(availableParallelism() / 2));

/** The process's one limiter for image and video work. */
export const mediaWork = new MediaWorkLimiter(MEDIA_WORK_CONCURRENCY);

/**
 * How much nicer than the API media programs and picture processes run (0 normal, 19 lowest): below the event loop
 * (0) and the password threads (lib/password-hashing.ts, 5), so on a busy core requests go first, then sign-ins,
 * and pictures and videos get what is left (all of it when nothing else runs).
 */
export const MEDIA_NICENESS = 10;

/**
 * Lowers a child process's priority by `niceness`, relative to the API's own; where that is not allowed (some
 * containers) it runs at the API's.
 */
export function runBelowRequests(pid: number | undefined, niceness = MEDIA_NICENESS): void {
  if (pid === undefined || niceness <= 0) return;
  try {
    setPriority(pid, Math.min(19, getPriority() + niceness));
  } catch {
    // Not allowed here: it runs at the API's priority.
  }
}
