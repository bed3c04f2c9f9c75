import { defineConfig } from "vitest/config";

const webAlias = { "@/": new URL("./apps/web/src/", import.meta.url).pathname };

/**
 * `npx vitest run` runs three projects; `--project <name>` picks one:
 * - unit: pure functions of the contracts and the API (no database, no server);
 * - integration: the API through HTTP on a real database (PGlite, or PostgreSQL with TEST_DATABASE_URL), each file
 *   on a fresh copy of one migrated template (apps/api/test/global-setup.ts);
 * - web: the web app's hooks, helpers and components (`.ts` and `.tsx`), with the `@/` alias the app uses.
 * Browser tests (e2e/) and fault tests (reliability/) have configs of their own.
 */
export default defineConfig({
  test: {
    pool: "forks",
    projects: [
      {
        test: {
          name: "unit",
          include: ["packages/*/src/**/*.test.ts", "apps/api/src/**/*.test.ts", "apps/api/test/**/*.test.ts"],
          exclude: ["**/*.int.test.ts", "**/node_modules/**"],
        },
      },
      {
        test: {
          name: "integration",
          include: ["apps/api/src/**/*.int.test.ts", "apps/api/test/**/*.int.test.ts"],
          globalSetup: ["apps/api/test/global-setup.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: { alias: webAlias },
        test: {
          name: "web",
          include: ["apps/web/src/**/*.test.{ts,tsx}"],
        },
      },
    ],
  },
});
