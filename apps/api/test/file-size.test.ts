import { readdirSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { expectShape } from "./source-shape";

/**
 * No source file is longer than MAX_LINES: a file does one job, and a service that grows past this is doing several;
 * it is split by what it does, as processor-payments, coupons and admin were. Tests are not
 * counted (a scenario may take room), nor generated files. Exceptions are listed with their reason, and each must
 * still be over the limit, so the list cannot outlive the reason.
 */
const MAX_LINES = 400;

const root = join(import.meta.dirname, "..", "..", "..");
const SOURCE_DIRECTORIES = ["apps", "packages", "e2e", "reliability", "scripts", "bench"];
const SKIPPED_DIRECTORIES = new Set(["node_modules", "dist", "results"]);
const TESTS = /\.(test|int\.test|e2e)\.tsx?$/;
const GENERATED = /\.gen\.[a-z]+$/;

const LONGER_FILES: Record<string, string> = {
  "apps/api/src/modules/demo/demo-town.ts":
    "the demo town's data (its people, businesses and posts, written out as literals), not code: split by kind of " +
    "record it would only scatter one town over several files",
};

/** Every non-test, non-generated .ts/.tsx/.mjs file of the repository, relative to it. */
function sourceFiles(): string[] {
  const files: string[] = [];
  const walk = (directory: string) => {
    for (const entry of readdirSync(directory, { withFileTypes: true })) {
      const path = join(directory, entry.name);
      if (entry.isDirectory()) {
        if (!SKIPPED_DIRECTORIES.has(entry.name) && !entry.name.startsWith(".")) walk(path);
      } else if (/\.(ts|tsx|mjs)$/.test(entry.name) && !TESTS.test(entry.name) && !GENERATED.test(entry.name)) {
        files.push(relative(root, path));
      }
    }
  };
  for (const directory of SOURCE_DIRECTORIES) walk(join(root, directory));
  return files.sort();
}

function lengthProblems(file: string, source: string): string[] {
  const lines = source.split("\n").length - (source.endsWith("\n") ? 1 : 0);
  return lines > MAX_LINES ? [`${file} has ${lines} lines (at most ${MAX_LINES})`] : [];
}

describe("source files", () => {
  it(`are at most ${MAX_LINES} lines long, but those listed with their reason`, () => {
    const files = sourceFiles();
    expect(files.length).toBeGreaterThan(400);
    expect(files).toContain("apps/api/src/modules/payments/processor-payments.service.ts");
    expect(files).not.toContain("packages/contracts/src/api-types.gen.ts");
    expectShape(files, LONGER_FILES, "LONGER_FILES", lengthProblems);
  });

  it("counts lines as an editor does", () => {
    expect(lengthProblems("a.ts", `${"x\n".repeat(MAX_LINES)}`)).toEqual([]);
    expect(lengthProblems("a.ts", `${"x\n".repeat(MAX_LINES)}x`)).toEqual([
      `a.ts has ${MAX_LINES + 1} lines (at most 400)`,
    ]);
  });
});
