// Bundles the API for production: our workspace packages are bundled (they ship TypeScript source), and so is
// drizzle-orm (plain ES modules: its package index loads hundreds of files, dialects Plaza never uses included, and
// bundled only what is used stays: loading the server took 3.2 s instead of 1.5 s, measured on a busy 2-core
// machine). Every other npm dependency stays external (some read files beside themselves at run time, and
// CommonJS ones would need `require` inside an ES module).
import { readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { build } from "esbuild";

/** npm packages bundled into dist/*.js rather than imported from node_modules at run time (see above). */
const BUNDLED_PACKAGES = ["drizzle-orm"];
const isBundled = (path) =>
  path.startsWith("@plaza/") || BUNDLED_PACKAGES.some((name) => path === name || path.startsWith(`${name}/`));

const options = {
  bundle: true,
  platform: "node",
  target: "node20",
  format: "esm",
  sourcemap: true,
  // Classes and functions keep their own names where bundling renames them to avoid a clash (drizzle-orm's
  // DrizzleQueryError would log as `_DrizzleQueryError`).
  keepNames: true,
  logLevel: "warning",
  plugins: [
    {
      name: "external-dependencies",
      setup(pluginBuild) {
        pluginBuild.onResolve({ filter: /^[^./]/ }, (args) =>
          isBundled(args.path) ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
};

// One build for every entry point, split: code two entries share, and code only a dynamic import reaches, go to
// chunk files beside them (dist/chunk-*.js, dist/pglite-*.js…). Without splitting a dynamic import of a bundled
// module is inlined and its own static imports become the entry's: drizzle-orm/pglite's import of
// @electric-sql/pglite loaded the embedded database into every server on PostgreSQL (e2e/api-bundle.e2e.ts).
rmSync("dist", { recursive: true, force: true });
await build({
  ...options,
  entryPoints: {
    server: "src/server.ts",
    // `npm run worker`
    worker: "src/worker.ts",
    // The picture processes the API and the worker start (modules/uploads/picture-processes.ts finds it beside them)
    "picture-process": "src/modules/uploads/picture-process.ts",
    // `npm run demo:reset`
    "demo-reset": "src/modules/demo/reset.ts",
    // `npm run backup`, `npm run restore`
    backup: "src/modules/backups/backup.ts",
    restore: "src/modules/backups/restore.ts",
  },
  outdir: "dist",
  splitting: true,
});

// esbuild writes strings as ASCII (its default charset) but keeps comments as written, and a few of ours hold
// "…", "—" or "“”". One such character makes V8 keep the whole file's source as two bytes a character: 0.9 MB more
// of every process's heap for the largest chunk (idle RSS, Plaza issue 34). In comments, an escape reads as well.
for (const file of readdirSync("dist")) {
  if (!file.endsWith(".js")) continue;
  const path = join("dist", file);
  const source = readFileSync(path, "utf8");
  const ascii = source.replace(/[^\p{ASCII}]/gu, (character) => {
    const code = character.codePointAt(0) ?? 0;
    return code > 0xffff ? `\\u{${code.toString(16)}}` : `\\u${code.toString(16).padStart(4, "0")}`;
  });
  if (ascii !== source) writeFileSync(path, ascii);
}
