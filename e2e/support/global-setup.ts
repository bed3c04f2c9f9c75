import { existsSync, rmSync } from "node:fs";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { DEFAULT_PASSWORD } from "./accounts";
import { readLogs, recordedSecrets } from "./log-hygiene";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

/**
 * Browser tests run the built app, never sources: stop early with a clear hint when the build is missing.
 * The teardown checks the servers' logs of the whole run (SERVER_LOG_DIR, see vitest.config.ts) for secrets.
 */
export default function setup(): () => void {
  const required = [resolve(ROOT, "apps/api/dist/server.js")];
  // E2E_SKIP_WEB_CHECK=1 lets the API-only smoke test run while the web app cannot build yet.
  if (process.env.E2E_SKIP_WEB_CHECK !== "1") required.push(resolve(ROOT, "apps/web/dist/index.html"));
  const missing = required.filter((path) => !existsSync(path));
  if (missing.length > 0) {
    throw new Error(
      `Browser tests need the production build, but these files are missing:\n${missing.map((path) => `  ${path}`).join("\n")}\n` +
        "Run `npm run build` first (or `npm run test:e2e`, which builds).",
    );
  }
  return checkServerLogs;
}

function checkServerLogs(): void {
  const dir = process.env.SERVER_LOG_DIR;
  if (!dir || !existsSync(dir)) return;
  const secrets = recordedSecrets(dir);
  secrets.add("password", DEFAULT_PASSWORD);
  const logs = readLogs(dir);
  const found = secrets.findIn(logs);
  if (found.length > 0) {
    // Vitest only reports an error thrown while closing; the exit code makes the run fail.
    process.exitCode = 1;
    throw new Error(`Secrets in the browser tests' server logs (kept in ${dir}):\n${[...new Set(found)].join("\n")}`);
  }
  console.log(`server logs: ${logs.length} files checked, no password, session token or email`);
  rmSync(dir, { recursive: true, force: true });
}
