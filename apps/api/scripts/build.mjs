// Bundles the API for production: our workspace packages are bundled (they ship TypeScript source), and so is
// drizzle-orm (plain ES modules: its package index loads hundreds of files, dialects Plaza never uses included, and
// bundled only what is used stays: loading the server took 3.2 s instead of 1.5 s, measured on a busy 2-core
// machine). Every other npm dependency stays external (some read files beside themselves at run time, and
// CommonJS ones would need `require` inside an ES module).
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

await Promise.all([
  build({ ...options, entryPoints: ["src/server.ts"], outfile: "dist/server.js" }),
  // `npm run worker`
  build({ ...options, entryPoints: ["src/worker.ts"], outfile: "dist/worker.js" }),
  // The picture processes the API and the worker start (modules/uploads/picture-processes.ts finds it beside them)
  build({ ...options, entryPoints: ["src/modules/uploads/picture-process.ts"], outfile: "dist/picture-process.js" }),
  // `npm run demo:reset`
  build({ ...options, entryPoints: ["src/modules/demo/reset.ts"], outfile: "dist/demo-reset.js" }),
]);
