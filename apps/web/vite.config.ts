import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";

/** The chunks `preloadSignedInScreen` (src/app/router.tsx) loads: the signed-in shell, the home page, its data. */
const FIRST_SIGNED_IN_SCREEN = /^assets\/(app-shell|home|home-data)-[\w-]+\.js$/;

const WEB_ROOT = new URL(".", import.meta.url).pathname;
/** Files of public/ the service worker precaches (the offline page and what it and the manifest show). */
const PRECACHED_PUBLIC = ["offline.html", "offline.js", "manifest.webmanifest", "favicon.svg", "icons/"];

function filesUnder(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(directory, entry.name)) : [join(directory, entry.name)],
  );
}

/**
 * Builds dist/sw.js from sw/service-worker.js, with the precache list (the shell "/", every built asset and the
 * PRECACHED_PUBLIC files) and a version that changes whenever any of them or the worker does, so a new build
 * installs a new worker and cache. Build only: in development no service worker is registered.
 */
function serviceWorker(): Plugin {
  return {
    name: "plaza-service-worker",
    apply: "build",
    generateBundle(_options, bundle) {
      const publicDir = join(WEB_ROOT, "public");
      const publicFiles = filesUnder(publicDir)
        .map((file) => relative(publicDir, file))
        .filter((file) =>
          PRECACHED_PUBLIC.some((entry) => (entry.endsWith("/") ? file.startsWith(entry) : file === entry)),
        );
      const built = Object.keys(bundle).filter((file) => file.startsWith("assets/") && !file.endsWith(".map"));
      const precache = ["/", ...[...publicFiles, ...built].sort().map((file) => `/${file}`)];
      const template = readFileSync(join(WEB_ROOT, "sw", "service-worker.js"), "utf8");
      const hash = createHash("sha256").update(template);
      for (const file of publicFiles) hash.update(file).update(readFileSync(join(publicDir, file)));
      for (const file of built) hash.update(file);
      const source = template
        .replace("self.__PLAZA_PRECACHE__", JSON.stringify(precache))
        .replace("self.__PLAZA_VERSION__", JSON.stringify(hash.digest("hex").slice(0, 16)));
      this.emitFile({ type: "asset", fileName: "sw.js", source });
    },
  };
}

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? "5001"}`;

export default defineConfig({
  plugins: [react(), tailwindcss(), serviceWorker()],
  resolve: { alias: { "@": new URL("./src", import.meta.url).pathname } },
  server: {
    port: Number(process.env.PORT ?? 5000),
    proxy: {
      "/api": { target: apiTarget, ws: true },
      "/healthz": apiTarget,
      "/readyz": apiTarget,
      "/uploads": apiTarget,
    },
  },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    sourcemap: false,
    // The first signed-in screen's chunks leave their imports to the browser's own module loader: Vite's runtime
    // helper adds a <link rel="modulepreload"> from script for every import of a lazy chunk, and on the signed-in
    // home those ~60 insertions took half of a 100 ms main-thread task (bench/README.md, Lighthouse). Other lazy
    // pages keep the helper: it fetches their imports side by side on a later navigation or a shared link.
    modulePreload: {
      resolveDependencies: (file, deps, { hostType }) =>
        hostType === "js" && FIRST_SIGNED_IN_SCREEN.test(file) ? [] : deps,
    },
  },
});
