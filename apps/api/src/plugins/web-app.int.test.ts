import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { LOCATION_FILTER_COOKIE, SIGNED_IN_HTML_FILE } from "@plaza/contracts/constants";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { buildUser } from "../../test/factories/users";
import { buildTestApp, type TestApp } from "../../test/test-app";
import { updateInstance } from "../modules/instance/instance.service";
import type { SessionUser } from "../modules/users/viewer";
import { MAX_CONCURRENT_RENDERS, RENDERED_PAGE_TTL_MS } from "./web-app";

/**
 * The web app's pages: a request with the session cookie gets the signed-in variant of index.html (which starts
 * loading the first signed-in screen at once), any other the plain one; both vary on the cookie and are never
 * cached, and the variant changes nothing about who is signed in. A visitor's first screen of the pages the web
 * app's server entry renders is that entry's HTML (here a stand-in that shows what the API told it): signed out,
 * reused for a few seconds; signed in, with the visitor's session, private and never reused.
 */
let buildDir: string;
let webDir: string;
let harness: TestApp;

/**
 * A stand-in for apps/web's built server entry: renders /posts/… (and / for a signed-in visitor) only, writes who
 * it rendered for, how the API answered its sign-in check and a render count into the page, and fails for
 * /posts/fails (in place of the template's "… shell": the plain shell is never a rendered page's);
 * /posts/missing is its not-found view (404); /posts/slow… waits for `finishSlowRenders`. Signed in,
 * a sign-in check that is not answered with a user makes it render nothing (null), as the real entry does.
 */
const SERVER_ENTRY = `
globalThis.plazaRendererLoads = (globalThis.plazaRendererLoads ?? 0) + 1;
let renders = 0;
let finish;
let slow = new Promise((resolve) => { finish = resolve; });
let started = 0;
export function slowRendersStarted() { return started; }
export function finishSlowRenders() { finish(); }
export function isServerRenderedPath(path, viewer) {
  return path.startsWith("/posts/") || (viewer === "signed-in" && path === "/");
}
export async function renderPage({ url, template, apiGet, viewer }) {
  if (url === "/posts/fails") throw new Error("the page broke");
  if (url === "/posts/missing") return { html: template.replace("plain shell", "post not found"), status: 404 };
  if (url.startsWith("/posts/slow")) {
    started += 1;
    await slow;
  }
  const check = await apiGet("/api/auth/user");
  if (viewer === "signed-in" && check.status !== 200) return null;
  const user = check.status === 200 ? (await check.json()).id : "nobody";
  renders += 1;
  return {
    html: template.replace(/(plain|signed-in) shell/, (_, variant) =>
      variant + " page: rendered " + url + " for " + viewer + " " + user + " sign-in check " + check.status + " render " + renders),
    status: 200,
  };
}
`;

beforeAll(async () => {
  buildDir = mkdtempSync(join(tmpdir(), "plaza-web-"));
  webDir = join(buildDir, "dist");
  mkdirSync(join(webDir, "assets"), { recursive: true });
  mkdirSync(join(buildDir, "dist-server"));
  writeFileSync(join(buildDir, "dist-server", "entry-server.js"), SERVER_ENTRY);
  writeFileSync(join(webDir, "index.html"), "<!doctype html><title>Plaza</title><main>plain shell</main>");
  writeFileSync(join(webDir, SIGNED_IN_HTML_FILE), "<!doctype html><title>Plaza</title><main>signed-in shell</main>");
  harness = await buildTestApp({ WEB_DIST_DIR: webDir });
}, 120_000);

afterAll(async () => {
  await harness?.close();
  rmSync(buildDir, { recursive: true, force: true });
});

/** How many times the stand-in entry was loaded (its module counts itself). */
const rendererLoads = () => (globalThis as { plazaRendererLoads?: number }).plazaRendererLoads ?? 0;

describe("the server renderer", () => {
  // Before every other test: they ask for signed-out pages, which load it.
  it("loads on the first page request, not at start nor for the API, and once", async () => {
    expect(rendererLoads()).toBe(0);
    await harness.app.inject({ method: "GET", url: "/api/auth/user" });
    await harness.app.inject({ method: "HEAD", url: "/posts/one" });
    expect(rendererLoads()).toBe(0);
    const pages = await Promise.all(
      ["/posts/a", "/posts/b", "/"].map((url) => harness.app.inject({ method: "GET", url })),
    );
    expect(pages.map((page) => page.statusCode)).toEqual([200, 200, 200]);
    expect(pages[0]?.body).toContain("rendered /posts/a");
    expect(rendererLoads()).toBe(1);
  });
});

describe("the web app's index page", () => {
  it("is the plain page without a session cookie, on / and on any app path", async () => {
    for (const url of ["/", "/user-agreement", "/profile/00000000-0000-4000-8000-000000000001"]) {
      const page = await harness.app.inject({ method: "GET", url });
      expect(page.statusCode, url).toBe(200);
      expect(page.body, url).toContain("plain shell");
      expect(page.headers["cache-control"], url).toBe("no-cache");
      expect(page.headers.vary, url).toContain("Cookie");
    }
  });

  it("is the signed-in variant when the request carries the session cookie", async () => {
    const { client } = await buildUser(harness.app);
    const cookie = client.cookie ?? "";
    expect(cookie).toContain("plaza_session=");
    // Pages the entry does not render (the home is, below).
    for (const url of ["/discover", "/messages"]) {
      const page = await harness.app.inject({ method: "GET", url, headers: { cookie } });
      expect(page.statusCode, url).toBe(200);
      expect(page.body, url).toContain("signed-in shell");
      expect(page.body, url).not.toContain("rendered");
      expect(page.headers["cache-control"], url).toBe("no-cache");
      expect(page.headers.vary, url).toContain("Cookie");
    }
  });

  it("is only a hint: a stale cookie gets the variant, and the API still says who is signed in", async () => {
    const cookie = "plaza_session=not-a-session";
    const page = await harness.app.inject({ method: "GET", url: "/", headers: { cookie } });
    expect(page.body).toContain("signed-in shell");
    const check = await harness.app.inject({ method: "GET", url: "/api/auth/user", headers: { cookie } });
    expect(check.statusCode).toBe(401);
  });

  it("is not sent for an unknown API path or a missing file, with or without the cookie", async () => {
    const cookie = "plaza_session=anything";
    const api = await harness.app.inject({ method: "GET", url: "/api/nothing-here", headers: { cookie } });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ code: "NOT_FOUND" });
    const file = await harness.app.inject({ method: "GET", url: "/assets/gone-1234.js", headers: { cookie } });
    expect(file.statusCode).toBe(404);
    expect(file.body).not.toContain("shell");
  });
});

describe("a page's status (issue 52): the web app's route table says which paths exist", () => {
  const KNOWN_SIGNED_OUT = [
    "/",
    "/login",
    "/privacy",
    "/terms",
    "/user-agreement",
    "/forgot-password",
    "/profile/someone",
    "/business/somewhere",
    // Pages that send a signed-out visitor to sign-in and back.
    "/settings",
    "/messages/00000000-0000-4000-8000-000000000001",
    "/pay/00000000-0000-4000-8000-000000000001",
  ];
  const KNOWN_SIGNED_IN = [
    "/",
    "/discover",
    "/events",
    "/privacy",
    "/terms",
    "/settings",
    "/messages",
    "/messages/00000000-0000-4000-8000-000000000001",
    "/search?q=coffee",
    "/admin",
    "/wallet",
    "/coupons",
    "/activity",
    "/business-dashboard",
  ];
  const UNKNOWN = ["/no-such-page", "/privacy/more", "/profile", "/profile/a/b", "/settings/nothing", "/404"];

  it("answers 200 on the pages a signed-out visitor has and 404 with the plain page anywhere else", async () => {
    for (const url of KNOWN_SIGNED_OUT) {
      const page = await harness.app.inject({ method: "GET", url });
      expect(page.statusCode, url).toBe(200);
    }
    // Signed-in pages that are not sign-in's business: the signed-out app has no such page.
    for (const url of [...UNKNOWN, "/discover", "/search"]) {
      const page = await harness.app.inject({ method: "GET", url });
      expect(page.statusCode, url).toBe(404);
      expect(page.body, url).toContain("plain shell");
      expect(page.headers["content-type"], url).toContain("text/html");
      expect(page.headers["cache-control"], url).toBe("no-cache");
    }
    const head = await harness.app.inject({ method: "HEAD", url: "/no-such-page" });
    expect(head.statusCode).toBe(404);
  });

  it("answers 200 on the pages a signed-in user has and 404 with the signed-in page anywhere else", async () => {
    const { client } = await buildUser(harness.app);
    const cookie = client.cookie ?? "";
    for (const url of KNOWN_SIGNED_IN) {
      const page = await harness.app.inject({ method: "GET", url, headers: { cookie } });
      expect(page.statusCode, url).toBe(200);
    }
    for (const url of [...UNKNOWN, "/forgot-password"]) {
      const page = await harness.app.inject({ method: "GET", url, headers: { cookie } });
      expect(page.statusCode, url).toBe(404);
      expect(page.body, url).toContain("signed-in shell");
    }
  });
});

describe("a server-rendered page", () => {
  it("is rendered for a signed-out visitor with the API as a signed-out visitor sees it, and never cached outside", async () => {
    const page = await harness.app.inject({ method: "GET", url: "/posts/one" });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toContain("text/html");
    expect(page.body).toMatch(/rendered \/posts\/one for signed-out nobody sign-in check 401 render \d+/);
    expect(page.headers["cache-control"]).toBe("no-cache");
    expect(page.headers.vary).toContain("Cookie");
  });

  it("is reused for the same URL for a few seconds, then rendered again", async () => {
    const clock = Date.now();
    const first = await harness.app.inject({ method: "GET", url: "/posts/reused" });
    const again = await harness.app.inject({ method: "GET", url: "/posts/reused" });
    expect(again.body).toBe(first.body);
    const other = await harness.app.inject({ method: "GET", url: "/posts/reused?tab=comments" });
    expect(other.body).not.toBe(first.body);
    const realNow = Date.now;
    Date.now = () => clock + RENDERED_PAGE_TTL_MS + 1_000;
    try {
      const later = await harness.app.inject({ method: "GET", url: "/posts/reused" });
      expect(later.body).toContain("rendered /posts/reused");
      expect(later.body).not.toBe(first.body);
    } finally {
      Date.now = realNow;
    }
  });

  it("is rendered for a visitor with a session as their session sees it, on the signed-in variant, private and never reused", async () => {
    const { client, user } = await buildUser(harness.app);
    const cookie = client.cookie ?? "";
    const first = await harness.app.inject({ method: "GET", url: "/posts/mine", headers: { cookie } });
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain(`signed-in page: rendered /posts/mine for signed-in ${user.id} sign-in check 200`);
    // Their own view: no cache keeps it (as the API's answers), and this process never hands it to anyone, them included.
    expect(first.headers["cache-control"]).toBe("private, no-store");
    expect(first.headers.vary).toContain("Cookie");
    const again = await harness.app.inject({ method: "GET", url: "/posts/mine", headers: { cookie } });
    expect(again.body).not.toBe(first.body);
    const anonymous = await harness.app.inject({ method: "GET", url: "/posts/mine" });
    expect(anonymous.body).toContain("plain page: rendered /posts/mine for signed-out nobody sign-in check 401");
    expect(anonymous.headers["cache-control"]).toBe("no-cache");
    const home = await harness.app.inject({ method: "GET", url: "/", headers: { cookie } });
    expect(home.body).toContain(`rendered / for signed-in ${user.id}`);
  });

  it("is sent compressed as the browser accepts it: brotli, else gzip, else plain", async () => {
    const { client } = await buildUser(harness.app);
    const cases: [Record<string, string>, string | undefined][] = [
      [{ "accept-encoding": "gzip, deflate, br, zstd" }, "br"],
      [{ "accept-encoding": "gzip, br;q=0" }, "gzip"],
      [{ "accept-encoding": "identity" }, undefined],
      [{ "accept-encoding": "br", cookie: client.cookie ?? "" }, "br"],
    ];
    for (const [headers, encoding] of cases) {
      const page = await harness.app.inject({ method: "GET", url: "/posts/squeezed", headers });
      expect(page.headers["content-encoding"], JSON.stringify(headers)).toBe(encoding);
      expect(page.headers.vary).toContain("Accept-Encoding");
      const html =
        encoding === "br"
          ? brotliDecompressSync(page.rawPayload).toString()
          : encoding === "gzip"
            ? gunzipSync(page.rawPayload).toString()
            : page.body;
      expect(html, JSON.stringify(headers)).toContain("rendered /posts/squeezed");
    }
  });

  it("is the signed-in variant unrendered for an ended session", async () => {
    const page = await harness.app.inject({ method: "GET", url: "/", headers: { cookie: "plaza_session=ended" } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("signed-in shell");
    expect(page.body).not.toContain("rendered");
  });

  it("leaves the home of a reader with a location filter to the browser (it keeps the filter); other pages render", async () => {
    const { client } = await buildUser(harness.app);
    const cookie = `${client.cookie ?? ""}; ${LOCATION_FILTER_COOKIE}=1`;
    const home = await harness.app.inject({ method: "GET", url: "/", headers: { cookie } });
    expect(home.body).toContain("signed-in shell");
    expect(home.body).not.toContain("rendered");
    const post = await harness.app.inject({ method: "GET", url: "/posts/filtered", headers: { cookie } });
    expect(post.body).toContain("rendered /posts/filtered for signed-in");
  });

  it("answers 404 with the page's not-found view when the page's subject does not exist", async () => {
    const page = await harness.app.inject({ method: "GET", url: "/posts/missing" });
    expect(page.statusCode).toBe(404);
    expect(page.headers["content-type"]).toContain("text/html");
    expect(page.body).toContain("post not found");
    expect(page.headers["cache-control"]).toBe("no-cache");
  });

  it("carries the town's name as its title, escaped, seen at once after an admin renames the town", async () => {
    const before = await harness.app.inject({ method: "GET", url: "/posts/named-before" });
    expect(before.body).toContain("<title>Plaza</title>");
    const superuser = { id: "00000000-0000-0000-0000-000000000000" } as SessionUser;
    await updateInstance(harness.context, superuser, { name: "Río & <Vecinos>" });
    try {
      const after = await harness.app.inject({ method: "GET", url: "/posts/named-after" });
      expect(after.body).toContain("<title>Río &amp; &lt;Vecinos&gt;</title>");
      expect(after.body).toContain("rendered /posts/named-after");
    } finally {
      await updateInstance(harness.context, superuser, { name: "Plaza" });
    }
  });

  it("falls back to the plain shell when the render fails, and on a path the entry does not render", async () => {
    for (const url of ["/posts/fails", "/forgot-password"]) {
      const page = await harness.app.inject({ method: "GET", url });
      expect(page.statusCode, url).toBe(200);
      expect(page.body, url).toContain("plain shell");
    }
  });
});

describe("server rendering under a burst", () => {
  it("renders at most MAX_CONCURRENT_RENDERS pages at once; past that a visitor gets the plain shell", async () => {
    const entry = (await import(pathToFileURL(join(buildDir, "dist-server", "entry-server.js")).href)) as {
      finishSlowRenders: () => void;
      slowRendersStarted: () => number;
    };
    const slow = Array.from({ length: MAX_CONCURRENT_RENDERS }, (_, index) =>
      harness.app.inject({ method: "GET", url: `/posts/slow-${index}` }),
    );
    await vi.waitFor(() => expect(entry.slowRendersStarted()).toBe(MAX_CONCURRENT_RENDERS));
    const busy = await harness.app.inject({ method: "GET", url: "/posts/one-more" });
    expect(busy.body).toContain("plain shell");
    entry.finishSlowRenders();
    for (const page of await Promise.all(slow)) expect(page.body).toMatch(/rendered \/posts\/slow-\d/);
    const after = await harness.app.inject({ method: "GET", url: "/posts/one-more" });
    expect(after.body).toContain("rendered /posts/one-more");
  });
});

describe("a web build without its server entry", () => {
  it("serves the plain shell for every page and says so in the log, once", async () => {
    const bare = mkdtempSync(join(tmpdir(), "plaza-web-bare-"));
    const dist = join(bare, "dist");
    mkdirSync(dist);
    writeFileSync(join(dist, "index.html"), "<!doctype html><title>Plaza</title><main>plain shell</main>");
    const lines: string[] = [];
    const app = await buildTestApp(
      { WEB_DIST_DIR: dist, LOG_LEVEL: "info" },
      { logStream: { write: (line) => lines.push(line) } },
    );
    try {
      const page = await app.app.inject({ method: "GET", url: "/posts/one" });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain("plain shell");
      const missing = lines
        .map((line) => JSON.parse(line) as { msg?: string; level?: number })
        .filter((line) => line.msg === "the web app's server entry is missing: pages are sent unrendered");
      expect(missing).toHaveLength(1);
      expect(missing[0]?.level).toBe(40);
    } finally {
      await app.close();
      rmSync(bare, { recursive: true, force: true });
    }
  });
});
