import { defineConfig } from "vitest/config";

/**
 * Fault, multi-instance and log-hygiene tests against the production bundle (apps/api/dist/server.js) and real
 * processes: a throwaway PostgreSQL cluster, Redis and nginx of their own. One file at a time (2 cores).
 */
export default defineConfig({
  test: {
    include: ["reliability/**/*.test.ts"],
    globalSetup: ["reliability/global-setup.ts"],
    pool: "forks",
    fileParallelism: false,
    testTimeout: 240_000,
    hookTimeout: 180_000,
  },
});
