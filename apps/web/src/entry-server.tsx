// The server side of the first screen (docs/decisions/0005-web-rendering.md "Server rendering"): built by `vite build --ssr` into
// dist-server/, imported by the API (apps/api/src/plugins/web-app.ts), which renders a visitor's first screen of the
// pages below to HTML, signed out or with their session. The browser then hydrates it (main.tsx) with the same data.
import { AsyncLocalStorage } from "node:async_hooks";
import type { Locale } from "@plaza/contracts/i18n.texts";
import { defaultShouldDehydrateQuery, dehydrate, type Query, type QueryClient, skipToken } from "@tanstack/react-query";
import { StrictMode } from "react";
import { prerender } from "react-dom/static";
import { Router } from "wouter";
import { AppProvider } from "./app/provider";
import { AppRouter } from "./app/router";
import { currentUserQuery } from "./features/auth/api/get-current-user";
import { type LocaleCatalogs, loadCatalog } from "./i18n/catalogs";
import { I18nProvider } from "./i18n/i18n-provider";
import { currentUserQueryKey } from "./lib/current-user";
import { RenderedLazyContext } from "./lib/lazy-component";
import { type PageStatus, PageStatusContext, pageFailureStatus } from "./lib/page-status";
import { createQueryClient } from "./lib/query-client";
import { SERVER_STATE_ELEMENT_ID } from "./lib/server-state";

/** Who a page is rendered for: a visitor without a session, or the holder of the request's session. */
export type Viewer = "signed-out" | "signed-in";

/** The pages a visitor's first screen is rendered on the server for. */
const SERVER_RENDERED_PATHS: Record<Viewer, RegExp[]> = {
  // Landing, sign-in, a profile, a business, a post, an event.
  "signed-out": [
    /^\/$/,
    /^\/login$/,
    /^\/profile\/[^/]+$/,
    /^\/business\/[^/]+$/,
    /^\/posts\/[^/]+$/,
    /^\/events\/[^/]+$/,
  ],
  // The home (its feed), the home on its Discover tab, a profile, a business, a post.
  "signed-in": [/^\/$/, /^\/discover$/, /^\/profile\/[^/]+$/, /^\/business\/[^/]+$/, /^\/posts\/[^/]+$/],
};

/** How many times a page is rendered to find the data it asks for (each round's data can ask for more). */
const DATA_ROUNDS = 4;

/** A GET of the API for the page being rendered, as its visitor (the server's own in-process call). */
export type ApiGet = (url: string) => Promise<Response>;

export interface RenderInput {
  /** The path and query of the page. */
  url: string;
  /** The built index.html, with `<div id="root"></div>` to fill. */
  template: string;
  /** Answers the page's API calls (the same routes, policies and presenters as any visitor's). */
  apiGet: ApiGet;
  /** Signed out: the page is rendered without asking who is signed in; signed in: as `apiGet`'s session sees it. */
  viewer?: Viewer;
  /** The page's language (the template's `<html lang dir>` already says it). */
  locale?: Locale;
  /** Gives up on the render (the caller then sends the plain shell). */
  signal?: AbortSignal;
}

/**
 * A rendered page and its HTTP status: 404 or 403 when the page showed its not-found or not-available view
 * (src/lib/page-status.ts).
 */
export interface RenderedPage {
  html: string;
  status: number;
}

export function isServerRenderedPath(path: string, viewer: Viewer = "signed-out"): boolean {
  return SERVER_RENDERED_PATHS[viewer].some((pattern) => pattern.test(path));
}

const currentRender = new AsyncLocalStorage<ApiGet>();
let isFetchRouted = false;

/**
 * The web app's API calls use `fetch` with same-site paths (lib/api-client.ts). While a page renders here, such a
 * call goes to the render's own `apiGet`, found through the async context, so concurrent renders never mix; any
 * other call is the platform's fetch.
 */
function routeApiCalls(): void {
  if (isFetchRouted) return;
  isFetchRouted = true;
  const platformFetch = globalThis.fetch;
  globalThis.fetch = (input, init) => {
    const apiGet = currentRender.getStore();
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    if (!apiGet || !url.startsWith("/")) return platformFetch(input, init);
    const method = (init?.method ?? "GET").toUpperCase();
    if (method !== "GET") return Promise.reject(new Error(`A server render only reads: ${method} ${url}`));
    return apiGet(url);
  };
}

function isEnabled(query: Query): boolean {
  if (query.options.queryFn === skipToken) return false;
  // The options a hook built the query with (its observer's), `enabled` among them.
  const { enabled } = query.options as { enabled?: boolean | ((query: Query) => boolean) };
  return (typeof enabled === "function" ? enabled(query) : enabled) !== false;
}

/** The queries the last render asked for and that were not fetched yet (`asked`: the ones already fetched). */
function wantedQueries(queryClient: QueryClient, asked: Set<string>): Query[] {
  const wanted = queryClient
    .getQueryCache()
    .getAll()
    .filter((query) => query.state.status === "pending" && !asked.has(query.queryHash) && isEnabled(query));
  for (const query of wanted) asked.add(query.queryHash);
  return wanted;
}

interface Render {
  queryClient: QueryClient;
  locale: Locale;
  catalogs: LocaleCatalogs | undefined;
  /** The lazy components the last render showed (lib/lazy-component.tsx). */
  lazy: Set<string>;
  url: URL;
  renderedAt: number;
  signal?: AbortSignal;
}

/**
 * The page's HTML as the query client's data shows it. Any error in the render (which React would answer with a
 * Suspense fallback, left for the browser to render) fails it: the visitor then gets the plain shell.
 */
async function renderToHtml({
  queryClient,
  locale,
  catalogs,
  lazy,
  url,
  renderedAt,
  signal,
}: Render): Promise<RenderedPage> {
  const errors: unknown[] = [];
  const serverState = { renderedAt, queries: { queries: [], mutations: [] }, lazy: [] };
  const page: PageStatus = { status: 200 };
  lazy.clear();
  const { prelude } = await prerender(
    <StrictMode>
      <I18nProvider locale={locale} catalog={catalogs?.messages} texts={catalogs?.texts}>
        <RenderedLazyContext value={lazy}>
          <PageStatusContext value={page}>
            <Router ssrPath={url.pathname} ssrSearch={url.search.replace(/^\?/, "")}>
              <AppProvider queryClient={queryClient} serverState={serverState}>
                <AppRouter />
              </AppProvider>
            </Router>
          </PageStatusContext>
        </RenderedLazyContext>
      </I18nProvider>
    </StrictMode>,
    {
      signal,
      onError: (error) => void errors.push(error),
      // One document, never streamed: React would otherwise move the content of a Suspense boundary past this many
      // bytes of the page to the end, with an inline script that the Content-Security-Policy refuses.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
    },
  );
  if (errors.length > 0) throw errors[0];
  return { html: await new Response(prelude).text(), status: page.status };
}

/**
 * A query kept with its failure: the API said what the page shows does not exist or may not be seen by a
 * signed-out visitor, which the browser would be told again, so the page says so too.
 */
function isKeptFailure(query: Query): boolean {
  return query.state.status === "error" && pageFailureStatus(query.state.error) !== null;
}

/**
 * Whether React wrote a Suspense boundary's content apart from its place, with an inline script that moves it in
 * (as it does when streaming): the Content-Security-Policy would refuse that script. `progressiveChunkSize` keeps
 * finished boundaries in place; this checks it stays so.
 */
function hasOutlinedBoundary(html: string): boolean {
  return html.includes("<!--$?-->");
}

/** `<` escaped, so the data can never end its <script> element early. */
function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c");
}

/**
 * The page at `url` as HTML, with the data it showed: renders, fetches what the render asked for (as the visitor,
 * through `apiGet`), and renders again, until it asks for nothing new. Signed in, null when the session has ended
 * (the sign-in check is not answered with a user): the page is then the browser's to render. A query that failed
 * is left out and rendered as still loading, as the browser's first render shows it (the browser then asks again
 * and shows the failure), so the two renders match; except a query the API answered "not found" (404, or 400 for an
 * id that names nothing) or "forbidden" (403): it is kept with its error and sent with the data, so the page
 * renders its not-found or not-available view on both sides, and the page's status is that failure's when the view
 * says so (`usePageFailureStatus`).
 */
export async function renderPage({
  url,
  template,
  apiGet,
  viewer = "signed-out",
  locale = "en",
  signal,
}: RenderInput): Promise<RenderedPage | null> {
  routeApiCalls();
  const queryClient = createQueryClient();
  if (viewer === "signed-out") {
    // The visitor sent no session cookie (apps/api/src/plugins/web-app.ts): signed out, without asking.
    queryClient.setQueryData(currentUserQueryKey, null);
  } else {
    // Known before the first render, as the browser's first render of this page will know it (its data).
    const user = await currentRender.run(apiGet, () => queryClient.fetchQuery(currentUserQuery()).catch(() => null));
    if (!user) return null;
  }
  // A failure kept in the data (isKeptFailure) renders as that failure, not as a new attempt under way.
  const defaults = queryClient.getDefaultOptions();
  queryClient.setDefaultOptions({ ...defaults, queries: { ...defaults.queries, retryOnMount: false } });
  const asked = new Set<string>();
  const render: Render = {
    queryClient,
    locale,
    catalogs: await loadCatalog(locale),
    lazy: new Set(),
    url: new URL(url, "http://plaza.invalid"),
    renderedAt: Date.now(),
    signal,
  };
  let page = await renderToHtml(render);
  for (let round = 1; round < DATA_ROUNDS; round += 1) {
    const wanted = wantedQueries(queryClient, asked);
    if (wanted.length === 0) break;
    await currentRender.run(apiGet, () => Promise.all(wanted.map((query) => query.fetch().catch(() => undefined))));
    for (const query of wanted) {
      if (query.state.status === "error" && !isKeptFailure(query)) queryClient.getQueryCache().remove(query);
    }
    signal?.throwIfAborted();
    page = await renderToHtml(render);
  }
  // Its inline script would be refused by the Content-Security-Policy (script-src 'self'): the page would keep
  // its fallback, so the visitor gets the plain shell instead.
  if (hasOutlinedBoundary(page.html)) throw new Error(`${url} has a Suspense boundary written out of place`);
  const queries = dehydrate(queryClient, {
    shouldDehydrateQuery: (query) => defaultShouldDehydrateQuery(query) || isKeptFailure(query),
  });
  const state = scriptSafeJson({ renderedAt: render.renderedAt, queries, lazy: [...render.lazy] });
  const root = '<div id="root"></div>';
  if (!template.includes(root)) throw new Error(`the page template has no ${root}`);
  // Replaced by functions: a replacement string would read "$&" or "$'" in a post's text as a pattern.
  const html = template
    .replace(root, () => `<div id="root">${page.html}</div>`)
    // The sign-in check's answer is in the page: preloading it would be a wasted request.
    .replace(/\s*<link rel="preload" href="\/api\/auth\/user"[^>]*>/, "")
    .replace(
      "</body>",
      () => `<script type="application/json" id="${SERVER_STATE_ELEMENT_ID}">${state}</script>\n</body>`,
    );
  return { html, status: page.status };
}
