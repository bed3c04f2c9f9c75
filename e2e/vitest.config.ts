import { tmpdir } from "node:os";
import { join } from "node:path";
import { defineConfig } from "vitest/config";

// Every server of the run logs into this folder; the global teardown checks it for secrets (issue 9).
process.env.SERVER_LOG_DIR ??= join(tmpdir(), `plaza-e2e-logs-${process.pid}`);

/**
 * Browser tests against the production bundle. One file at a time: each file starts its own server and a
 * Chromium, and the machine has 2 cores, so running files side by side only makes them flaky.
 */
export default defineConfig({
  test: {
    include: ["e2e/**/*.e2e.ts"],
    globalSetup: ["e2e/support/global-setup.ts"],
    pool: "forks",
    fileParallelism: false,
    // A cold server start (migrations) plus a browser launch can take tens of seconds on a busy machine.
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // expect.poll waits for a state (a toast, a saved value); vitest's default of 1 s is one slow request on a busy
    // CI machine (a payments test failed so). It returns as soon as the state holds, so passing tests take no longer.
    expect: { poll: { timeout: 15_000 } },
  },
});
