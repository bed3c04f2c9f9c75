import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

/** The chunks `preloadSignedInScreen` (src/app/router.tsx) loads: the signed-in shell, the home page, its data. */
const FIRST_SIGNED_IN_SCREEN = /^assets\/(app-shell|home|home-data)-[\w-]+\.js$/;

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? "5001"}`;

export default defineConfig({
  plugins: [react(), tailwindcss()],
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
