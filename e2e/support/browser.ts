import { existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { type BrowserContext, chromium, type Page } from "playwright-core";

const ARTIFACTS_DIR = fileURLToPath(new URL("../artifacts", import.meta.url));

export interface Viewport {
  width: number;
  height: number;
}

export const DESKTOP_VIEWPORT: Viewport = { width: 1280, height: 800 };
export const PHONE_VIEWPORT: Viewport = { width: 375, height: 740 };

/**
 * Flags that keep Debian's Chromium quiet and self-contained in CI: no sandbox (runs as root), no GPU, and no
 * background traffic to Google services that would slow the launch or add noise to the network log.
 */
const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export interface LaunchOptions {
  /** "phone": a 375×740 touch screen that honours the meta viewport; the default is a desktop window. */
  device?: "desktop" | "phone";
  /**
   * Ignore the page's Content-Security-Policy: the stored-XSS test uses it so that the app's own rendering is what
   * is tested (the CSP stays a second line of defence that could otherwise hide an injection).
   */
  bypassCSP?: boolean;
  /** The browser's time zone (e.g. "Pacific/Auckland"); the machine's by default. */
  timezoneId?: string;
  /** The browser's language (e.g. "de-DE"); Chromium's default by default. */
  locale?: string;
}

const DEBIAN_CHROMIUM = "/usr/bin/chromium";
let chosenChromium: Promise<string> | undefined;

/**
 * The Chromium the tests drive, chosen once per process and printed: `CHROMIUM_PATH` when set (`bundled` forces
 * the npm package's), else Debian's (`apt-get install chromium`), else the binary that ships inside the
 * `@sparticuz/chromium` npm package (unpacked to the temp folder on first use), so `npm install && npm test`
 * needs nothing but Node. Never a download at run time.
 */
export function chromiumExecutable(): Promise<string> {
  chosenChromium ??= (async () => {
    const configured = process.env.CHROMIUM_PATH;
    if (configured && configured !== "bundled") return report(configured, "CHROMIUM_PATH");
    if (configured !== "bundled" && existsSync(DEBIAN_CHROMIUM)) return report(DEBIAN_CHROMIUM, "Debian's package");
    const { default: bundled } = await import("@sparticuz/chromium");
    return report(await bundled.executablePath(), "the @sparticuz/chromium npm package");
  })();
  return chosenChromium;
}

function report(path: string, source: string): string {
  console.info(`e2e: Chromium from ${source}: ${path}`);
  return path;
}

/**
 * Launches Chromium (no Playwright browser download; see chromiumExecutable) with a fresh, throwaway profile.
 * Close it with `context.close()`.
 */
/**
 * Installed in every page: React's developer-tools hook (which React calls in production builds too), telling after
 * each commit whether the page is hydrated: its root and every Suspense boundary React attached to server HTML
 * (`window.plazaHydrated`, true from then on). A page the browser renders alone is hydrated at its first commit.
 */
function installHydrationProbe(): void {
  type Fiber = { child: Fiber | null; sibling: Fiber | null; memoizedState: unknown };
  const state = window as unknown as { plazaHydrated?: boolean; __REACT_DEVTOOLS_GLOBAL_HOOK__?: unknown };
  const isDehydrated = (fiber: Fiber): boolean => {
    const held = fiber.memoizedState as { dehydrated?: unknown; isDehydrated?: unknown } | null;
    return typeof held === "object" && held !== null && (Boolean(held.dehydrated) || held.isDehydrated === true);
  };
  const hasDehydrated = (root: Fiber): boolean => {
    const stack: Fiber[] = [root];
    while (stack.length > 0) {
      const fiber = stack.pop() as Fiber;
      if (isDehydrated(fiber)) return true;
      if (fiber.sibling && fiber !== root) stack.push(fiber.sibling);
      if (fiber.child) stack.push(fiber.child);
    }
    return false;
  };
  state.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    isDisabled: false,
    renderers: new Map(),
    inject: () => 1,
    checkDCE: () => undefined,
    onCommitFiberUnmount: () => undefined,
    onPostCommitFiberRoot: () => undefined,
    onCommitFiberRoot: (_renderer: number, root: { current: Fiber }) => {
      if (!state.plazaHydrated) state.plazaHydrated = !hasDehydrated(root.current);
    },
  };
}

/**
 * Waits until a page the server rendered (it carries its data element) is hydrated: before that its buttons are
 * HTML that answers no click. A page the browser renders passes at once.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      document.getElementById("plaza-server-state") === null ||
      (window as unknown as { plazaHydrated?: boolean }).plazaHydrated === true,
  );
}

export async function launchBrowser(options: LaunchOptions = {}): Promise<BrowserContext> {
  const context = await launchContext(options);
  await context.addInitScript(installHydrationProbe);
  return context;
}

async function launchContext(options: LaunchOptions): Promise<BrowserContext> {
  const isPhone = options.device === "phone";
  // "" asks Playwright for a fresh temp profile that it deletes once Chromium has really exited. Our own
  // mkdtemp folder could not be cleaned reliably: close() resolves while Chromium still writes its profile.
  return chromium.launchPersistentContext("", {
    executablePath: await chromiumExecutable(),
    headless: true,
    args: CHROMIUM_ARGS,
    viewport: isPhone ? PHONE_VIEWPORT : DESKTOP_VIEWPORT,
    isMobile: isPhone,
    hasTouch: isPhone,
    bypassCSP: options.bypassCSP ?? false,
    timezoneId: options.timezoneId,
    locale: options.locale,
  });
}

/**
 * Console errors every page can log without anything being wrong: Chromium reports failed resource loads as
 * console errors, the app asks /api/auth/user to learn that a visitor is signed out (401), the sign-in page asks
 * /api/demo/accounts whether there is a demo town (404 without demo data), and Chromium asks for
 * /favicon.ico on pages without an icon link (the JSON of /healthz), and map tiles fail to load (test servers point
 * MAP_TILE_URL at a closed port).
 */
export const EXPECTED_CONSOLE_ERRORS: readonly RegExp[] = [
  /status of 401 \(Unauthorized\) \(https?:\/\/[^/]+\/api\/auth\/user\)$/,
  /status of 404 \(Not Found\) \(https?:\/\/[^/]+\/api\/demo\/accounts\)$/,
  /status of 404 \(Not Found\) \(https?:\/\/[^/]+\/favicon\.ico\)$/,
  // Map tiles of test servers (server.ts OFFLINE_TILE_URL): maps work without them, on a plain background.
  /Failed to load resource: .* \(http:\/\/127\.0\.0\.1:9\/tiles\//,
];

export interface TrackedPage {
  page: Page;
  /** Uncaught page exceptions and console errors, in order; a healthy page leaves it empty. */
  errors: string[];
}

export interface NewPageOptions {
  viewport?: Viewport;
  /** More expected console errors (beyond EXPECTED_CONSOLE_ERRORS), matched against "message (url)". */
  ignoreConsole?: RegExp[];
  /**
   * Whether `goto`, `reload` and `waitForURL` wait for a server-rendered page to be hydrated (`waitForHydration`), as
   * a person waits for a page to answer; default true. False for a page whose scripts are kept from running.
   * `waitForURL` too, because a click can load a whole page (signing in ends with one): its buttons are on screen
   * before they answer (the app holds a tap until then, apps/web/src/lib/early-taps.ts; a test acts on a page that
   * answers, so what it checks next is not racing the hydration).
   */
  waitForHydration?: boolean;
}

/** A new tab that records page errors and console errors, so a test can end with `expect(errors).toEqual([])`. */
export async function newPage(context: BrowserContext, options: NewPageOptions = {}): Promise<TrackedPage> {
  const page = await context.newPage();
  if (options.viewport) await page.setViewportSize(options.viewport);
  if (options.waitForHydration !== false) {
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    const waitForURL = page.waitForURL.bind(page);
    page.goto = async (...args) => {
      const response = await goto(...args);
      await waitForHydration(page);
      return response;
    };
    page.reload = async (...args) => {
      const response = await reload(...args);
      await waitForHydration(page);
      return response;
    };
    page.waitForURL = async (...args) => {
      await waitForURL(...args);
      await waitForHydration(page);
    };
  }
  const errors: string[] = [];
  const ignored = [...EXPECTED_CONSOLE_ERRORS, ...(options.ignoreConsole ?? [])];
  page.on("pageerror", (error) => errors.push(`pageerror: ${error.message}`));
  page.on("console", (message) => {
    if (message.type() !== "error") return;
    const { url } = message.location();
    const entry = `console.error: ${message.text()}${url ? ` (${url})` : ""}`;
    if (!ignored.some((pattern) => pattern.test(entry))) errors.push(entry);
  });
  return { page, errors };
}

/** A tab sized like a phone (375×740) in any context; use launchBrowser({ device: "phone" }) for touch too. */
export function openPhone(context: BrowserContext, options: Omit<NewPageOptions, "viewport"> = {}) {
  return newPage(context, { ...options, viewport: PHONE_VIEWPORT });
}

/** Saves a full-page screenshot to e2e/artifacts/<name>.png (gitignored) for a human to look at. */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  const path = join(ARTIFACTS_DIR, `${name.replace(/[^a-z0-9._-]+/gi, "-")}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}

/**
 * Moves the app to `path` as its own links do (history.pushState, which the router follows), without loading a
 * page: what a page fetches in the browser, rather than receiving with its server-rendered HTML.
 */
export async function navigateInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((target) => {
    window.history.pushState(null, "", target);
    window.dispatchEvent(new PopStateEvent("popstate"));
  }, path);
}
