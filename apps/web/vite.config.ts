import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import { SIGNED_IN_HINT_META, SIGNED_IN_HTML_FILE } from "../../packages/contracts/src/constants";

/** The chunks `preloadSignedInScreen` (src/app/router.tsx) loads: the signed-in shell and the home page. */
const FIRST_SIGNED_IN_SCREEN = /^assets\/(signed-in|app-shell|home)-[\w-]+\.js$/;

/** The screens a visit starts on, each with the modules it is the first to need (see chunkFor). */
const FIRST_SCREENS: { name: string; roots: string[] }[] = [
  { name: "index", roots: ["src/main.tsx"] },
  // While the sign-in check is on its way "/" shows the landing, so every first visit to "/" needs it.
  { name: "landing", roots: ["src/app/routes/landing.tsx"] },
  { name: "sign-in", roots: ["src/app/routes/login.tsx"] },
  // What preloadSignedInScreen (src/app/router.tsx) loads: the shell and the home page (the feed's request is the
  // entry's: src/app/routes/home-data.ts).
  { name: "signed-in", roots: ["src/app/layout/app-shell.tsx", "src/app/routes/home.tsx"] },
];

type ModuleGraph = { getModuleInfo(id: string): { importedIds: readonly string[] } | null };

/** Every module `roots` import statically, directly or not (a dynamic import starts another chunk). */
function staticClosure(graph: ModuleGraph, roots: string[]): Set<string> {
  const seen = new Set<string>();
  const stack = roots.map((root) => join(WEB_ROOT, root));
  while (stack.length > 0) {
    const id = stack.pop() as string;
    if (seen.has(id)) continue;
    seen.add(id);
    for (const imported of graph.getModuleInfo(id)?.importedIds ?? []) stack.push(imported);
  }
  return seen;
}

/** The first screens' modules that import a module matching `isTarget`, directly or not (static imports only). */
function modulesReaching(graph: ModuleGraph, isTarget: (id: string) => boolean): Set<string> {
  const importers = new Map<string, string[]>();
  for (const id of staticClosure(
    graph,
    FIRST_SCREENS.flatMap((screen) => screen.roots),
  )) {
    for (const imported of graph.getModuleInfo(id)?.importedIds ?? []) {
      importers.set(imported, [...(importers.get(imported) ?? []), id]);
    }
  }
  const reaching = new Set<string>();
  const stack = [...importers.keys()].filter(isTarget);
  while (stack.length > 0) {
    const id = stack.pop() as string;
    if (reaching.has(id)) continue;
    reaching.add(id);
    stack.push(...(importers.get(id) ?? []));
  }
  return reaching;
}

/**
 * Chunks by the first screens that need a module: the entry, the landing, the sign-in page, the first signed-in
 * screen (FIRST_SCREENS). A module the entry reaches stays in the entry; any other goes to the chunk of exactly the
 * screens whose static imports reach it: `signed-in` holds what only the signed-in home needs, `sign-in_signed-in`
 * what the sign-in page and the home share, and so on. A screen then loads only its own code and what it shares:
 * when a shared module went to the first screen that needed it, the signed-in home imported the landing's and the
 * sign-in page's whole chunks (60 KB with the sign-in forms) for a card and the tabs, and downloaded and ran them
 * before its shell could hydrate (the home's transfer: 305 to 287 KB; bench/results/history.md, session 20). Plus one chunk of
 * icons and one of zod. Other modules (pages opened later: settings, admin, maps, charts) keep the bundler's own
 * chunks. Left to itself the bundler gave every distinct set of importing routes its own chunk: the signed-in home
 * fetched ~90 files of 1-3 KB, which a phone on a slow network gets six at a time, a round trip each (LCP 5.4 s,
 * 91 % of it "render delay"). A module's imports are reached by every screen that reaches it, so a chunk imports only
 * chunks of the same or more screens (or the entry's): no cycles. `includeDependenciesRecursively: false` keeps a
 * group from pulling another group's modules into its own.
 */
function chunkFor(): (id: string, context: ModuleGraph) => string | null {
  let owner: Map<string, string> | undefined;
  let needsZod: Set<string> | undefined;
  return (id, context) => {
    if (!owner) {
      owner = new Map();
      needsZod = modulesReaching(context, (module) => /[\\/]node_modules[\\/]zod[\\/]/.test(module));
      // The screens that reach each module, in FIRST_SCREENS' order ("index" first when the entry reaches it).
      const screensOf = new Map<string, string[]>();
      for (const screen of FIRST_SCREENS) {
        for (const module of staticClosure(context, screen.roots)) {
          screensOf.set(module, [...(screensOf.get(module) ?? []), screen.name]);
        }
      }
      for (const [module, screens] of screensOf) {
        owner.set(module, screens[0] === "index" ? "index" : screens.join("_"));
      }
    }
    if (/[\\/]node_modules[\\/]lucide-react[\\/]/.test(id)) return "icons";
    // zod alone: the sign-in forms and every lazy dialog share it without loading one another.
    if (/[\\/]node_modules[\\/]zod[\\/]/.test(id)) return "zod";
    const screen = owner.get(id);
    // A form's schemas (zod) go to a chunk of their own: a later screen that shares the sign-in page's modules
    // then does not evaluate zod with them (Plaza issue 34; e2e/first-screen-bundle.e2e.ts).
    if (screen && screen !== "index" && needsZod?.has(id)) return `${screen}-forms`;
    // The entry's own modules stay in the entry chunk, as the bundler places them.
    return screen && screen !== "index" ? screen : null;
  };
}

const WEB_ROOT = new URL(".", import.meta.url).pathname;
/** Files of public/ the service worker precaches (the offline page and what it and the manifest, served by the API, show). */
const PRECACHED_PUBLIC = ["offline.html", "offline.js", "favicon.svg", "icons/"];

function filesUnder(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(directory, entry.name)) : [join(directory, entry.name)],
  );
}

/**
 * Builds dist/sw.js from sw/service-worker.js, with the precache list (the shell "/index.html", never server-rendered, every built asset and the
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
      // The web manifest is the API's (named after the instance), kept too: an installed app opened offline asks for it.
      const precache = [
        "/index.html",
        "/manifest.webmanifest",
        ...[...publicFiles, ...built].sort().map((file) => `/${file}`),
      ];
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

/**
 * Builds dist/index.signed-in.html (SIGNED_IN_HTML_FILE): index.html with a <meta name="plaza-signed-in"> hint, which
 * the server sends to a browser that holds a session cookie. With it, "/" shows a skeleton rather than the landing
 * page while the sign-in check is on its way, and the first signed-in screen starts loading alongside the check
 * (src/app/router.tsx). The hint only says a cookie was sent: the sign-in check still decides. Preloading the
 * signed-in chunks from this page as well was measured and dropped: they took bandwidth from the entry and the
 * styles, and Lighthouse mobile went from 71 to 54 on the home (bench/results/history.md).
 */
function signedInHtml(): Plugin {
  return {
    name: "plaza-signed-in-html",
    apply: "build",
    enforce: "post",
    generateBundle: {
      order: "post",
      handler(_options, bundle) {
        const html = bundle["index.html"];
        if (html?.type !== "asset") throw new Error("index.html is missing from the bundle");
        const page = String(html.source);
        if (!page.includes("  </head>")) throw new Error("index.html has no '  </head>' line to put the hint before");
        const hint = `    <meta name="${SIGNED_IN_HINT_META}" content="likely" />\n  </head>`;
        const source = page.replace("  </head>", hint);
        this.emitFile({ type: "asset", fileName: SIGNED_IN_HTML_FILE, source });
      },
    },
  };
}

/** The module that holds taps from a page's first moments (src/early-taps-boot.ts), an entry of its own. */
const EARLY_TAPS_ENTRY = "early-taps";

/**
 * Puts the early-taps module in every page's <head> as an async module script: it runs as soon as it
 * has arrived, while the page is still being parsed, where the entry (a deferred module) runs only after the whole
 * page. A server-rendered page's buttons then hold a tap from nearly their first paint (lib/early-taps.ts). It has
 * no imports of its own but the few lines it shares with the entry.
 */
function earlyTapsScript(): Plugin {
  return {
    name: "plaza-early-taps-script",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler(_html, context) {
        const chunk = Object.values(context.bundle ?? {}).find(
          (output) => output.type === "chunk" && output.isEntry && output.name === EARLY_TAPS_ENTRY,
        );
        if (!chunk) throw new Error(`the ${EARLY_TAPS_ENTRY} entry is missing from the bundle`);
        return [
          {
            tag: "script",
            attrs: { type: "module", async: true, crossorigin: true, src: `/${chunk.fileName}` },
            injectTo: "head",
          },
        ];
      },
    },
  };
}

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? "5001"}`;

/**
 * The server entry (src/entry-server.tsx), built by `vite build --ssr` into dist-server/, which the API imports
 * to render first screens (apps/api/src/plugins/web-app.ts). Its dependencies are bundled in, built for
 * production (React's development build would be slower and would write error stacks into the page).
 */
const serverBuild = {
  plugins: [react()],
  publicDir: false as const,
  ssr: { noExternal: true as const },
  define: { "process.env.NODE_ENV": JSON.stringify("production") },
  resolve: { alias: { "@": new URL("./src", import.meta.url).pathname } },
  build: { outDir: "dist-server", emptyOutDir: true, sourcemap: false },
};

export default defineConfig(({ isSsrBuild }) =>
  isSsrBuild
    ? serverBuild
    : {
        plugins: [react(), tailwindcss(), serviceWorker(), earlyTapsScript(), signedInHtml()],
        resolve: { alias: { "@": new URL("./src", import.meta.url).pathname } },
        server: {
          port: Number(process.env.PORT ?? 5000),
          proxy: {
            "/api": { target: apiTarget, ws: true },
            "/healthz": apiTarget,
            "/readyz": apiTarget,
            "/uploads": apiTarget,
            "/manifest.webmanifest": apiTarget,
          },
        },
        build: {
          rolldownOptions: {
            input: {
              index: new URL("./index.html", import.meta.url).pathname,
              [EARLY_TAPS_ENTRY]: new URL("./src/early-taps-boot.ts", import.meta.url).pathname,
            },
            output: {
              codeSplitting: {
                groups: [{ name: chunkFor(), debugName: "first screens", includeDependenciesRecursively: false }],
              },
            },
          },
          outDir: "dist",
          emptyOutDir: true,
          sourcemap: false,
          // The first signed-in screen's chunks leave their imports to the browser's own module loader: Vite's runtime
          // helper adds a <link rel="modulepreload"> from script for every import of a lazy chunk, and on the signed-in
          // home those ~60 insertions took half of a 100 ms main-thread task (bench/results/history.md, Lighthouse). Other lazy
          // pages keep the helper: it fetches their imports side by side on a later navigation or a shared link.
          modulePreload: {
            resolveDependencies: (file, deps, { hostType }) =>
              hostType === "js" && FIRST_SIGNED_IN_SCREEN.test(file) ? [] : deps,
          },
        },
      },
);
