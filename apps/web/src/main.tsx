import { StrictMode, startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { Router } from "wouter";
import { AppProvider } from "./app/provider";
import { AppRouter } from "./app/router";
import { readLocationFilter, syncLocationFilterCookie } from "./features/posts/hooks/use-location-filter";
import { type LocaleCatalogs, loadCatalog } from "./i18n/catalogs";
import { I18nProvider } from "./i18n/i18n-provider";
import { pageLocale } from "./i18n/locale";
import "./index.css";
import { holdEarlyTaps } from "./lib/early-taps";
import { preloadLazyComponents } from "./lib/lazy-component";
import { isOfflineStart } from "./lib/offline-cache";
import { readServerState } from "./lib/server-state";
import { registerServiceWorker } from "./lib/service-worker";
import { looksSignedIn } from "./lib/session-hint";
import { startTheme } from "./lib/theme";

// Before the first render, so the first paint already has the chosen theme.
startTheme();
registerServiceWorker();

const root = document.getElementById("root");
if (!root) throw new Error("#root is missing from index.html");

// A page the server rendered (src/entry-server.tsx) carries its data; offline, the app shell never does. A signed-in
// home rendered before this browser's location filter had its cookie shows an unfiltered feed: the browser renders
// the home again, filtered (and the cookie tells the server from now on).
const hasUnfilteredHome = looksSignedIn() && window.location.pathname === "/" && readLocationFilter() !== null;
syncLocationFilterCookie();
const serverState = isOfflineStart() || hasUnfilteredHome ? null : readServerState();
const locale = pageLocale();
// The code of every part of the page the server showed, loading alongside the language's catalog.
const lazyLoaded = serverState ? preloadLazyComponents(serverState.lazy) : Promise.resolve();

/** Renders or hydrates the app in the page's language, once its catalog is here. */
function start(catalogs: LocaleCatalogs | undefined): void {
  if (!root) return;
  // The same tree as the server's (the Router there is given the path), so hydration matches it.
  const app = (
    <StrictMode>
      <I18nProvider locale={locale} catalog={catalogs?.messages} texts={catalogs?.texts}>
        <Router>
          <AppProvider serverState={serverState}>
            <AppRouter />
          </AppProvider>
        </Router>
      </I18nProvider>
    </StrictMode>
  );

  // Taps held since the page's first script ran (src/early-taps-boot.ts).
  const taps = holdEarlyTaps();
  if (serverState) {
    // The server's HTML is already on screen, its buttons with it: a tap on one is held (lib/early-taps.ts) until
    // React is attached and the code of every part of the page it showed has loaded, then tapped again, so React
    // hydrates that part on the spot and answers it. As a transition, hydration is time-sliced too (below): a phone's
    // main thread is never held for the whole page.
    const hydrate = () => {
      startTransition(() => {
        hydrateRoot(root, app);
      });
      taps.release();
    };
    // A chunk that fails to load leaves its part to React, which shows that part's failure as it would anyway.
    lazyLoaded.then(hydrate, hydrate);
  } else {
    // The browser renders the page: no server HTML to hold taps for.
    taps.release();
    // As a transition, the first render is time-sliced: React yields to the browser every few milliseconds instead of
    // building the whole page in one long task, so a tap during start-up is answered and a slow phone's main thread
    // is never blocked for long (Lighthouse mobile, total blocking time; bench/results/history.md).
    const reactRoot = createRoot(root);
    startTransition(() => {
      reactRoot.render(app);
    });
  }
}

// English needs no catalog (the texts are in the code); another language's is one small chunk. Should it fail to load,
// the page is shown in English rather than not at all.
void loadCatalog(locale).then(start, () => start(undefined));
