import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["packages/*/src/**/*.test.ts", "apps/api/src/**/*.test.ts", "apps/web/src/**/*.test.ts"],
    alias: { "@/": new URL("./apps/web/src/", import.meta.url).pathname },
    globalSetup: ["apps/api/test/global-setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
  },
});
