// Bundles the API for production: our workspace packages are bundled (they ship TypeScript source),
// every npm dependency stays external (some read files beside themselves at run time).
import { build } from "esbuild";

await build({
  entryPoints: ["src/server.ts"],
  bundle: true,
  platform: "node",
  target: "node20",
  format: "esm",
  sourcemap: true,
  outfile: "dist/server.js",
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
});
