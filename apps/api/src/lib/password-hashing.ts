import { createRequire } from "node:module";
import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";

/**
 * Password hashing (argon2id) on threads of its own. `@node-rs/argon2`'s async calls, sharp (libvips), zlib and
 * file access all queue on libuv's one shared thread pool (4 threads), so a few large pictures being decoded made a
 * sign-in wait behind them (8 uploads: p99 ×64). Here every hash and check runs synchronously on one of a few
 * dedicated worker threads, which nothing else uses: image and video work can no longer hold up a sign-in.
 */

/** Threads that do nothing but argon2 (each hash holds ~19 MB while it runs). */
const HASH_THREADS = Math.max(2, Math.min(4, availableParallelism()));

// The worker is a small script given as text (nothing to bundle beside dist/server.js); it loads the same
// @node-rs/argon2 the API depends on, resolved from here.
const WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const argon2 = require(workerData.argon2Path);
parentPort.on("message", (task) => {
  try {
    const value = task.op === "hash" ? argon2.hashSync(task.password) : argon2.verifySync(task.hashed, task.password);
    parentPort.postMessage({ id: task.id, value });
  } catch (error) {
    parentPort.postMessage({ id: task.id, error: String((error && error.message) || error) });
  }
});
`;

type TaskInput = { op: "hash"; password: string } | { op: "verify"; hashed: string; password: string };
type Task = TaskInput & { id: number };
interface Pending {
  task: Task;
  resolve: (value: string | boolean) => void;
  reject: (error: Error) => void;
}

class HashPool {
  private readonly idle: Worker[] = [];
  private readonly busy = new Map<Worker, Pending>();
  private readonly queue: Pending[] = [];
  private started = 0;
  private nextId = 1;
  private readonly argon2Path = createRequire(import.meta.url).resolve("@node-rs/argon2");

  run(task: TaskInput): Promise<string | boolean> {
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
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { argon2Path: this.argon2Path } });
    // Idle hash threads never keep a process (a test run, a command) alive.
    worker.unref();
    worker.on("message", (message: { id: number; value?: string | boolean; error?: string }) => {
      const pending = this.busy.get(worker);
      this.busy.delete(worker);
      this.idle.push(worker);
      if (pending) {
        if (message.error !== undefined) pending.reject(new Error(message.error));
        else pending.resolve(message.value as string | boolean);
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
