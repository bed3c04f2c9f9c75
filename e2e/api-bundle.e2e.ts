import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * Plaza issue 34 (idle memory): a server loads only what its configuration uses. The packages below serve one
 * configuration each (the embedded database, Stripe, the pg-boss queue, Redis, SMTP, Web Push, S3) and are loaded
 * with `import()` when configured; a static import anywhere in what `server.js` loads at start would put them in
 * every server's heap. This reads the production build (`npm run build`), where esbuild puts the code only an
 * `import()` reaches in chunks of its own (apps/api/scripts/build.mjs): bundling drizzle-orm without that once
 * made its PGlite driver, and so the embedded database, a static import of every server on PostgreSQL.
 */
const DIST = fileURLToPath(new URL("../apps/api/dist", import.meta.url));
const CONFIGURED_ONLY = [
  "@electric-sql/pglite",
  "stripe",
  "pg-boss",
  "ioredis",
  "nodemailer",
  "web-push",
  "@aws-sdk/client-s3",
];

const source = (file: string) => readFileSync(join(DIST, file), "utf8");

/** What `file` imports statically at its top level (`import … from "x"`, `import "x"`, `export … from "x"`). */
function staticSpecifiers(file: string): string[] {
  return [...source(file).matchAll(/^(?:import|export)\s(?:[^;"']*?\sfrom\s*)?"([^"]+)";/gm)].map(
    (match) => match[1] as string,
  );
}

/** The packages `entry` and the chunks it imports statically (directly or not) import. */
function packagesLoadedAtStart(entry: string): Set<string> {
  const packages = new Set<string>();
  const seen = new Set<string>();
  const stack = [entry];
  while (stack.length > 0) {
    const file = stack.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const specifier of staticSpecifiers(file)) {
      if (specifier.startsWith("./")) stack.push(specifier.slice(2));
      else packages.add(specifier);
    }
  }
  return packages;
}

const ENTRIES = ["server.js", "worker.js", "picture-process.js", "demo-reset.js", "backup.js", "restore.js"];
/** The files esbuild split off (shared code, and code only an `import()` reaches). */
const chunks = () => readdirSync(DIST).filter((file) => file.endsWith(".js") && !ENTRIES.includes(file));

describe("the API bundle loads a configuration's packages only when configured (Plaza issue 34)", () => {
  it("the check sees a static import where there is one: the chunks loaded on demand import them", () => {
    expect(existsSync(join(DIST, "server.js")), "run npm run build first").toBe(true);
    const importedByChunks = new Set(chunks().flatMap(staticSpecifiers));
    // drizzle-orm's PGlite driver is bundled, in a chunk of its own that imports the embedded database.
    expect(importedByChunks).toContain("@electric-sql/pglite");
    expect(packagesLoadedAtStart("server.js")).toContain("fastify");
  });

  it.each(["server.js", "worker.js"])("%s imports none of them at start", (entry) => {
    const loaded = packagesLoadedAtStart(entry);
    expect(CONFIGURED_ONLY.filter((name) => loaded.has(name))).toEqual([]);
  });
});

describe("the API bundle is ASCII (Plaza issue 34, idle memory)", () => {
  // V8 keeps a script's source as two bytes a character when it holds a single non-ASCII one: a comment's "…" once
  // doubled the largest chunk's 0.9 MB in every process. apps/api/scripts/build.mjs escapes what esbuild leaves.
  it.each(readdirSync(DIST).filter((file) => file.endsWith(".js")))("%s has no non-ASCII character", (file) => {
    const found = /[^\p{ASCII}]/u.exec(source(file));
    expect(found && source(file).slice(Math.max(0, found.index - 60), found.index + 20)).toBeNull();
  });
});
