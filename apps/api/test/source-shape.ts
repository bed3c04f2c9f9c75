import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { expect } from "vitest";

/**
 * What the static shape tests share (route-shape.test.ts, service-shape.test.ts): the module files they read, and
 * the rule that a file may be listed outside a shape only with its reason, and only while it is still outside it.
 */
const root = join(import.meta.dirname, "..", "..", "..");
const modules = join(root, "apps", "api", "src", "modules");

/** Every module file whose name ends with `suffix` (`.routes.ts`), relative to the repository, sorted. */
export function moduleFiles(suffix: string): string[] {
  return readdirSync(modules, { recursive: true, encoding: "utf8" })
    .filter((path) => path.endsWith(suffix))
    .map((path) => relative(root, join(modules, path)))
    .sort();
}

/**
 * Checks `files` with `problemsOf`: none but the `exceptions` may have a problem; each exception names a file that
 * exists, gives a reason, and still has a problem (`listName` says which list to take it off).
 */
export function expectShape(
  files: string[],
  exceptions: Record<string, string>,
  listName: string,
  problemsOf: (file: string, source: string) => string[],
): void {
  const read = (file: string) => problemsOf(file, readFileSync(join(root, file), "utf8"));
  expect(files.filter((file) => !(file in exceptions)).flatMap(read)).toEqual([]);
  for (const [file, reason] of Object.entries(exceptions)) {
    expect(reason.trim(), `${file} needs a reason`).not.toBe("");
    expect(files, file).toContain(file);
    expect(read(file), `${file} has the shape now: take it off ${listName}`).not.toEqual([]);
  }
}
