import { createRequire } from "node:module";
import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";

/**
 * Password hashing (argon2id) on threads of its own. `@node-rs/argon2`'s async calls, sharp (libvips), zlib and
 * file access all queue on libuv's one shared thread pool (4 threads), so a few large pictures being decoded made a
 * sign-in wait behind them (8 uploads: p99 ×64). Here every hash and check runs synchronously on one of a few
 * dedicated worker threads, which nothing else uses: image and video work can no longer hold up a sign-in.
 *
 * On Linux those threads also run at a lower CPU priority (HASH_THREAD_NICENESS) than the event loop. A crowd
 * signing up at once is a second of argon2 for every second on a core, and at equal priority each request's few
 * milliseconds of work got one slice in five beside four busy hash threads (the launch bench's feed p99 during
 * 500 sign-ups in 20 s: 108 ms). Lower, a request runs first and a hash waits those milliseconds instead; picture
 * and video work runs lower still (MEDIA_NICENESS in media-work.ts), so a sign-in still goes before a picture.
 */

/** Threads that do nothing but argon2 (each hash holds ~19 MB while it runs). */
const HASH_THREADS = Math.max(2, Math.min(4, availableParallelism()));

/**
 * How much nicer the hash threads are than the process (0 is the event loop's, 19 the lowest). Only on Linux, where
 * setpriority on the calling thread changes that thread alone; elsewhere it would lower the whole API process.
 */
export const HASH_THREAD_NICENESS = process.platform === "linux" ? 5 : 0;

// The worker is a small script given as text (nothing to bundle beside dist/server.js); it loads the same
// @node-rs/argon2 the API depends on, resolved from here.
const WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const { getPriority, setPriority } = require("node:os");
const argon2 = require(workerData.argon2Path);
// This thread only (Linux: pid 0 is the calling thread there), relative to the process's own niceness; a thread
// that cannot be lowered still hashes.
if (workerData.niceness > 0) {
  try {
    setPriority(0, Math.min(19, getPriority(0) + workerData.niceness));
  } catch {}
}
parentPort.on("message", (task) => {
  try {
    const value =
      task.op === "hash" ? argon2.hashSync(task.password)
      : task.op === "verify" ? argon2.verifySync(task.hashed, task.password)
      : getPriority(0);
    parentPort.postMessage({ id: task.id, value });
  } catch (error) {
    parentPort.postMessage({ id: task.id, error: String((error && error.message) || error) });
  }
});
`;

type TaskInput =
  | { op: "hash"; password: string }
  | { op: "verify"; hashed: string; password: string }
  | { op: "niceness" };
type Task = TaskInput & { id: number };
interface Pending {
  task: Task;
  resolve: (value: string | boolean | number) => void;
  reject: (error: Error) => void;
}

class HashPool {
  private readonly idle: Worker[] = [];
  private readonly busy = new Map<Worker, Pending>();
  private readonly queue: Pending[] = [];
  private started = 0;
  private nextId = 1;
  private readonly argon2Path = createRequire(import.meta.url).resolve("@node-rs/argon2");

  run(task: TaskInput): Promise<string | boolean | number> {
    return new Promise((resolve, reject) => {
      this.queue.push({ task: { ...task, id: this.nextId++ }, resolve, reject });
      this.dispatch();
    });
  }

  private dispatch(): void {
    while (this.queue.length > 0) {
      const worker = this.idle.pop() ?? (this.started < HASH_THREADS ? this.spawn() : undefined);
      if (!worker) return;
      const pending = this.queue.shift() as Pending;
      this.busy.set(worker, pending);
      worker.postMessage(pending.task);
    }
  }

  private spawn(): Worker {
    this.started += 1;
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { argon2Path: this.argon2Path, niceness: HASH_THREAD_NICENESS },
    });
    // Idle hash threads never keep a process (a test run, a command) alive.
    worker.unref();
    worker.on("message", (message: { id: number; value?: string | boolean | number; error?: string }) => {
      const pending = this.busy.get(worker);
      this.busy.delete(worker);
      this.idle.push(worker);
      if (pending) {
        if (message.error !== undefined) pending.reject(new Error(message.error));
        else pending.resolve(message.value as string | boolean | number);
      }
      this.dispatch();
    });
    worker.on("error", (error) => this.retire(worker, error));
    worker.on("exit", (code) => this.retire(worker, new Error(`password hashing thread stopped (${code})`)));
    return worker;
  }

  /** A thread that died fails only the task it held; the next task starts a fresh one. */
  private retire(worker: Worker, error: Error): void {
    const index = this.idle.indexOf(worker);
    if (index >= 0) this.idle.splice(index, 1);
    const pending = this.busy.get(worker);
    if (!this.busy.delete(worker) && index < 0) return;
    this.started -= 1;
    pending?.reject(error);
    this.dispatch();
  }
}

let pool: HashPool | null = null;
const hashPool = () => {
  pool ??= new HashPool();
  return pool;
};

/** An argon2id hash of a password (PHC string), computed on the password threads. */
export async function hash(password: string): Promise<string> {
  return (await hashPool().run({ op: "hash", password })) as string;
}

/** Whether a password matches an argon2 hash, checked on the password threads. */
export async function verify(hashed: string, password: string): Promise<boolean> {
  return (await hashPool().run({ op: "verify", hashed, password })) as boolean;
}

/** The niceness a password thread runs at, as that thread reads it (for tests). */
export async function passwordThreadNiceness(): Promise<number> {
  return (await hashPool().run({ op: "niceness" })) as number;
}
