import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

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
    // index.html preloads what the entry imports. A lazy chunk's imports are left to the browser's own module
    // loader: Vite's runtime helper would add a <link rel="modulepreload"> per import from script, and on the
    // signed-in home those ~60 insertions took half of a 100 ms main-thread task (bench/README.md, Lighthouse).
    modulePreload: {
      resolveDependencies: (_file, deps, { hostType }) => (hostType === "html" ? deps : []),
    },
  },
});
