import { accessSync, constants } from "node:fs";
import { delimiter, isAbsolute, join } from "node:path";

/**
 * Tests that need a program of the machine (ffmpeg, nginx, PostgreSQL's binaries…) use this, in the API's
 * integration tests, the browser tests and the reliability suite alike:
 *
 *   const missing = missingTools("video uploads", ["ffmpeg", "ffprobe"]);
 *   describe.skipIf(missing)("video uploads", () => { … });
 *
 * Where a tool is missing, the tests are reported as skipped and the run's output names the tool, so nothing passes
 * silently and nothing fails for want of a program. In CI (`CI=true`) a tool that `.ci/run` installs is never
 * missing: its absence throws, failing the file loudly instead of skipping it.
 */

/**
 * Programs `.ci/run` installs (ensure_chromium, ensure_postgres, ensure_redis, ensure_nginx, ensure_ffmpeg,
 * ensure_pgbouncer).
 */
const INSTALLED_BY_CI = new Set([
  "chromium",
  "ffmpeg",
  "ffprobe",
  "nginx",
  "pgbouncer",
  "redis-server",
  "initdb",
  "pg_ctl",
  "postgres",
]);

/** A program by name (looked up on PATH) or by absolute path, with the name to show in messages. */
export type Tool = string | { name: string; path: string };

function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** Whether the program can be run: an absolute path that is executable, or a name found on PATH. */
export function hasTool(command: string): boolean {
  if (isAbsolute(command)) return isExecutable(command);
  return (process.env.PATH ?? "")
    .split(delimiter)
    .some((folder) => folder !== "" && isExecutable(join(folder, command)));
}

/**
 * The reason to skip `suite` (a message naming the missing tools), or `false` when every tool is there. Prints the
 * reason, once per call, so the run's output says why the tests were skipped. Throws in CI when a missing tool is
 * one `.ci/run` installs.
 */
export function missingTools(suite: string, tools: Tool[]): string | false {
  const missing = tools
    .map((tool) => (typeof tool === "string" ? { name: tool, path: tool } : tool))
    .filter((tool) => !hasTool(tool.path));
  if (missing.length === 0) return false;
  const names = missing.map((tool) => (tool.name === tool.path ? tool.name : `${tool.name} (${tool.path})`));
  if (process.env.CI === "true" && missing.some((tool) => INSTALLED_BY_CI.has(tool.name))) {
    throw new Error(`${suite}: ${names.join(", ")} not found; .ci/run installs it, so CI must not skip these tests`);
  }
  const reason = `skipped: ${suite} needs ${names.join(", ")}, which this machine lacks`;
  console.warn(reason);
  return reason;
}
