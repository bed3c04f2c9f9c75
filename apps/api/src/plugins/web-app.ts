import { existsSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { brotliCompress, gzip, constants as zlibConstants } from "node:zlib";
import fastifyStatic from "@fastify/static";
import { LOCATION_FILTER_COOKIE, SIGNED_IN_HTML_FILE } from "@plaza/contracts/constants";
import { ERROR_MESSAGES } from "@plaza/contracts/errors";
import { directionOf, type Locale } from "@plaza/contracts/i18n.texts";
import { isKnownWebPath } from "@plaza/contracts/web-routes";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { textIn } from "../lib/texts";

/** The web app's server entry (apps/web/src/entry-server.tsx), built beside the web bundle's directory. */
export const SERVER_ENTRY = "../dist-server/entry-server.js";
/** How long a rendered signed-out page is reused for the same URL. */
export const RENDERED_PAGE_TTL_MS = 10_000;
/** The most pages kept rendered at once (the oldest goes first): ~100 KB each with their data. */
const RENDERED_PAGE_LIMIT = 100;
/**
 * The most renders under way at once in this process; past it a visitor gets the plain shell (the page still
 * works, rendered by the browser), so a burst of distinct URLs cannot queue up render work.
 */
export const MAX_CONCURRENT_RENDERS = 4;
/** A render that takes longer is given up, and the visitor gets the plain shell. */
const RENDER_TIMEOUT_MS = 3_000;

/** Who a page is rendered for (apps/web/src/entry-server.tsx). */
type Viewer = "signed-out" | "signed-in";

/** What apps/web/src/entry-server.tsx exports. */
interface ServerRenderer {
  isServerRenderedPath(path: string, viewer: Viewer): boolean;
  /** Null when a signed-in page finds the session ended. */
  renderPage(input: {
    url: string;
    template: string;
    apiGet: (url: string) => Promise<Response>;
    viewer: Viewer;
    /** The language the page is rendered in (its template already says so in `<html lang dir>`). */
    locale: Locale;
    signal?: AbortSignal;
  }): Promise<RenderedPage | null>;
}

/** A rendered page and its status: 404 or 403 when the page rendered its not-found or not-available view. */
interface RenderedPage {
  html: string;
  status: number;
}

async function loadServerRenderer(app: FastifyInstance, entry: string): Promise<ServerRenderer | undefined> {
  try {
    return (await import(pathToFileURL(entry).href)) as ServerRenderer;
  } catch (error) {
    app.log.error({ err: error }, "the web app's server entry did not load: pages are sent unrendered");
    return undefined;
  }
}

/**
 * The API as the page's visitor sees it, in-process: a GET with the visitor's cookies (signed out, they sent no
 * session), counted against the visitor's address like their own calls. Only API paths.
 */
function visitorApiGet(app: FastifyInstance, request: FastifyRequest) {
  const cookies = request.headers.cookie ? { cookie: request.headers.cookie } : {};
  return async (url: string): Promise<Response> => {
    if (!url.startsWith("/api/")) throw new Error(`a server render asked for a non-API path: ${url}`);
    const answer = await app.inject({ method: "GET", url, headers: cookies, remoteAddress: request.ip });
    const headers = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) {
      if (typeof value === "string") headers.set(name, value);
    }
    const hasBody = answer.statusCode !== 204 && answer.statusCode !== 304;
    return new Response(hasBody ? answer.rawPayload : null, { status: answer.statusCode, headers });
  };
}

/**
 * The page template in the visitor's language (`<html lang dir>`; index.html says `lang="en"`) and, when given,
 * with the instance's name as its title (index.html says "Plaza").
 */
function localized(template: string, locale: Locale, title?: string): string {
  const page = template.replace(/<html[^>]*>/, `<html lang="${locale}" dir="${directionOf(locale)}">`);
  if (title === undefined) return page;
  const escaped = title.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");
  return page.replace(/<title>[^<]*<\/title>/, () => `<title>${escaped}</title>`);
}

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);
/** Brotli's quality for a rendered page: a few milliseconds for ~130 KB, within a few percent of the best. */
const PAGE_BROTLI_QUALITY = 5;

/** The encodings the request accepts (`br`, `gzip`), the ones given `q=0` left out. */
function acceptedEncodings(request: FastifyRequest): Set<string> {
  const accepted = new Set<string>();
  for (const part of (request.headers["accept-encoding"] ?? "").split(",")) {
    const [name = "", ...parameters] = part.trim().toLowerCase().split(";");
    const quality = parameters.find((parameter) => parameter.trim().startsWith("q="));
    if (name && (!quality || Number(quality.trim().slice(2)) > 0)) accepted.add(name);
  }
  return accepted;
}

/**
 * Sends a rendered page compressed when the browser takes it (brotli, else gzip): the not-found handler that sends
 * pages is no route, so @fastify/compress (which hooks each route) does not see it, and a signed-in home is ~130 KB
 * of HTML and data (~20 KB in brotli) on a phone's network.
 */
async function sendPage(request: FastifyRequest, reply: FastifyReply, page: RenderedPage) {
  reply.status(page.status).type("text/html; charset=utf-8");
  reply.header("vary", "Cookie, Accept-Language, Accept-Encoding");
  const accepted = acceptedEncodings(request);
  if (accepted.has("br")) {
    reply.header("content-encoding", "br");
    return reply.send(
      await brotli(page.html, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: PAGE_BROTLI_QUALITY } }),
    );
  }
  if (accepted.has("gzip")) {
    reply.header("content-encoding", "gzip");
    return reply.send(await gzipped(page.html));
  }
  return reply.send(page.html);
}

/**
 * Serves the built web app: hashed assets cached for a year, index.html never cached, and the SPA fallback
 * for every non-API path. Unknown /api paths get 404 JSON. A page request that carries the session cookie gets
 * the build's signed-in variant of index.html (SIGNED_IN_HTML_FILE), which starts loading the first signed-in
 * screen with the entry script; whether the session is still valid is the sign-in check's business.
 *
 * A request without the session cookie for a first screen the web app renders on the server (landing, sign-in, a
 * profile, a business, a post) gets that page rendered to HTML with its data, as any signed-out visitor sees it
 * (the API's own routes, called in-process without a session), which the browser then hydrates. The same URL's
 * page is reused for RENDERED_PAGE_TTL_MS in this process; it is never marked cacheable for the browser or a
 * proxy (it varies on the cookie, and a signed-in visitor's view differs). A render that fails or takes too long
 * is logged and the visitor gets the plain shell, as is a request while MAX_CONCURRENT_RENDERS renders are under way.
 * A rendered page whose subject does not exist (a missing profile, business or post) is its not-found view, sent
 * with status 404; one a signed-out visitor may not see (a private account's post) its not-available view, 403.
 * A path the web app has no page at (its route table, packages/contracts/src/web-routes.ts, for a visitor with or
 * without the session cookie) gets the page with status 404: the app shows its not-found screen there.
 *
 * A request with the session cookie for a signed-in first screen the web app renders (the home, a profile, a
 * business, a post) gets it rendered with the visitor's session (the API called in-process with their cookies),
 * on the signed-in variant, marked private and never reused; when the session has ended, or the render fails or
 * waits, the visitor gets the signed-in variant unrendered, as before. The home of a reader with a location
 * filter (LOCATION_FILTER_COOKIE) is left to the browser, which keeps the filter.
 */
export async function registerWebApp(
  app: FastifyInstance,
  distDir: string | undefined,
  sessionCookie: string,
  pages: {
    /** The instance's name: a rendered page's <title> (the browser keeps it so, lib/instance.ts). */
    title: () => Promise<string>;
    /** The language a page request is answered in (plugins/locale.ts). */
    locale: (request: FastifyRequest) => Promise<Locale>;
  },
): Promise<void> {
  const root = distDir ? resolve(distDir) : undefined;
  const hasWebApp = root !== undefined && existsSync(resolve(root, "index.html"));
  const hasSignedInPage = root !== undefined && existsSync(resolve(root, SIGNED_IN_HTML_FILE));
  const entry = root === undefined ? undefined : resolve(root, SERVER_ENTRY);
  const canRender = hasWebApp && entry !== undefined && existsSync(entry);
  if (hasWebApp && !canRender) {
    // A web build copied without its server half (dist-server/ beside dist/) still works, rendered by the browser
    // alone: said once, or nothing would tell that every first screen lost its server-rendered paint.
    app.log.warn({ entry }, "the web app's server entry is missing: pages are sent unrendered");
  }
  const template = hasWebApp ? readFileSync(resolve(root, "index.html"), "utf8") : "";
  const signedInTemplate = hasSignedInPage ? readFileSync(resolve(root, SIGNED_IN_HTML_FILE), "utf8") : "";
  // The renderer (React's server renderer and the web app, ~4 MB of the process's memory) loads when the first
  // page is asked for, not at start: a server that only answers the API and the worker never hold it (idle RSS,
  // Plaza issue 34). Concurrent first requests share the one load.
  let rendererLoad: Promise<ServerRenderer | undefined> | undefined;
  const serverRenderer = () => {
    if (!canRender) return Promise.resolve(undefined);
    rendererLoad ??= loadServerRenderer(app, entry);
    return rendererLoad;
  };
  const rendered = new Map<string, { html: Promise<RenderedPage | null>; expiresAt: number }>();
  let rendering = 0;
  if (hasWebApp) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      preCompressed: false,
      setHeaders: (response, path) => {
        response.header(
          "cache-control",
          path.includes("/assets/") ? "public, max-age=31536000, immutable" : "no-cache",
        );
      },
    });
  }

  /** The request's page rendered for its visitor; null when the render failed, was too busy or found no session. */
  function renderNow(
    request: FastifyRequest,
    renderer: ServerRenderer,
    viewer: Viewer,
    locale: Locale,
  ): Promise<RenderedPage | null> {
    if (rendering >= MAX_CONCURRENT_RENDERS) return Promise.resolve(null);
    rendering += 1;
    return pages
      .title()
      .then((title) =>
        renderer.renderPage({
          url: request.url,
          template: localized(viewer === "signed-in" ? signedInTemplate : template, locale, title),
          apiGet: visitorApiGet(app, request),
          viewer,
          locale,
          signal: AbortSignal.timeout(RENDER_TIMEOUT_MS),
        }),
      )
      .catch((error: unknown) => {
        request.log.error({ err: error, url: request.url }, "server rendering failed: sending the plain page");
        return null;
      })
      .finally(() => {
        rendering -= 1;
      });
  }

  /**
   * The signed-out page at the request's URL in `locale`, rendered or reused; null when rendering failed or was too
   * busy.
   */
  function signedOutPage(
    request: FastifyRequest,
    renderer: ServerRenderer,
    locale: Locale,
  ): Promise<RenderedPage | null> {
    const now = Date.now();
    const key = `${locale} ${request.url}`;
    const kept = rendered.get(key);
    if (kept && kept.expiresAt > now) return kept.html;
    if (rendering >= MAX_CONCURRENT_RENDERS) return Promise.resolve(null);
    const html = renderNow(request, renderer, "signed-out", locale).then((page) => {
      if (page === null) rendered.delete(key);
      return page;
    });
    rendered.delete(key);
    if (rendered.size >= RENDERED_PAGE_LIMIT) {
      const oldest = rendered.keys().next().value;
      if (oldest !== undefined) rendered.delete(oldest);
    }
    rendered.set(key, { html, expiresAt: now + RENDERED_PAGE_TTL_MS });
    return html;
  }

  /**
   * Whether the signed-in page at `path` is rendered here: not the home of a reader whose feed has a location
   * filter (the browser keeps it; LOCATION_FILTER_COOKIE says there is one), which the browser renders filtered.
   */
  function rendersSignedIn(request: FastifyRequest, renderer: ServerRenderer, path: string): boolean {
    if (!hasSignedInPage || !renderer.isServerRenderedPath(path, "signed-in")) return false;
    return !(path === "/" && request.cookies[LOCATION_FILTER_COOKIE]);
  }

  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split("?")[0] ?? "";
    const wantsPage = request.method === "GET" || request.method === "HEAD";
    if (path.startsWith("/api/") || path === "/api" || !wantsPage || !hasWebApp) {
      return reply.status(404).send({ message: textIn(request.locale, ERROR_MESSAGES.notFound), code: "NOT_FOUND" });
    }
    if (/\.[a-z0-9]{1,8}$/i.test(path) && !path.endsWith(".html")) {
      // A missing file (robots.txt, an old asset) is a real 404, not the app shell.
      return reply.status(404).type("text/plain").send("Not found");
    }
    reply.header("cache-control", "no-cache");
    reply.header("vary", "Cookie, Accept-Language");
    const hasSessionCookie = Boolean(request.cookies[sessionCookie]);
    const locale = await pages.locale(request);
    /** The page unrendered (the browser renders it) in the visitor's language. */
    const shell = () =>
      reply
        .type("text/html; charset=utf-8")
        .send(localized(hasSignedInPage && hasSessionCookie ? signedInTemplate : template, locale));
    if (!isKnownWebPath(path, hasSessionCookie ? "signed-in" : "signed-out")) {
      // A path the web app's route table does not have: the app shows its not-found screen, with the status that
      // says so (a link checker, a search engine). Whether the session is still valid is the browser's check.
      reply.status(404);
      return shell();
    }
    const renderer = request.method === "GET" ? await serverRenderer() : undefined;
    if (renderer && hasSessionCookie && rendersSignedIn(request, renderer, path)) {
      const page = await renderNow(request, renderer, "signed-in", locale);
      if (page !== null) {
        // The visitor's own view, with their data: kept by no cache, as the API's answers (ASVS 14.3.2).
        reply.header("cache-control", "private, no-store");
        return sendPage(request, reply, page);
      }
    } else if (renderer && !hasSessionCookie && renderer.isServerRenderedPath(path, "signed-out")) {
      const page = await signedOutPage(request, renderer, locale);
      if (page !== null) return sendPage(request, reply, page);
    }
    return shell();
  });
}
