// Bundles the API for production: our workspace packages are bundled (they ship TypeScript source),
// every npm dependency stays external (some read files beside themselves at run time).
import { build } from "esbuild";

const options = {
  bundle: true,
  platform: "node",
  target: "node20",
  format: "esm",
  sourcemap: true,
  logLevel: "warning",
  plugins: [
    {
      name: "external-dependencies",
      setup(pluginBuild) {
        pluginBuild.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith("@plaza/") ? undefined : { path: args.path, external: true },
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
