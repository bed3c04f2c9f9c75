import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const WORKER_BUNDLE = fileURLToPath(new URL("../../apps/api/dist/worker.js", import.meta.url));
const REPO_ROOT = fileURLToPath(new URL("../..", import.meta.url));

export interface RunningWorker {
  /** Everything it printed so far. */
  output(): string;
  /** Ends it at once (SIGKILL), as a crash would, and waits for the exit. */
  kill(): Promise<void>;
  /** Kills it if it still runs and removes its data folder. */
  stop(): Promise<void>;
}

/** `npm run worker`'s process (the production bundle) with `env`, resolved once it runs jobs. */
export async function startWorker(env: Record<string, string>, label = "worker"): Promise<RunningWorker> {
  const dataDir = mkdtempSync(join(tmpdir(), `plaza-${label}-`));
  const child = spawn(process.execPath, [WORKER_BUNDLE], {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: dataDir, LOG_LEVEL: "info", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${label} did not start: ${output}`)), 60_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes("Plaza worker running jobs")) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on("data", read);
    child.stderr?.on("data", read);
    child.once("exit", (code) => reject(new Error(`${label} exited (${code}) before it ran: ${output}`)));
  });
  const kill = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    await exited;
  };
  return {
    output: () => output,
    kill,
    stop: async () => {
      await kill();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
