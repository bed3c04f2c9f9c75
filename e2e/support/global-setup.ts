import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

/** Browser tests run the built app, never sources: stop early with a clear hint when the build is missing. */
export default function setup(): void {
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
}
