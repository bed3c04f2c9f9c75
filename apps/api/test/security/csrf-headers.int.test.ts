import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  buildSecurityApp,
  changedTables,
  fingerprint,
  PASSWORD,
  routeKey,
  type SecurityApp,
  SUPERUSER_EMAIL,
  send,
} from "./harness";
import { assertLogsHoldNoSecrets, recordSecrets } from "./log-secrets";
import { buildWorld, restoreWorld, uploadedObject, type World } from "./world";

/**
 * Issue 9, CSRF and headers, for every route the app registers (auth.int.test.ts checks one route of each kind;
 * this walks them all): a write from another site (foreign Origin, or Sec-Fetch-Site: cross-site) is 403 and
 * changes nothing; a text/plain body is 415; and every answer — 2xx, 3xx, 400, 401, 403, 404, 413, 415, 429,
 * the SPA shell and its assets, stored uploads — carries the GUIDE §4 headers, with no-store on signed-in JSON.
 */
let harness: SecurityApp;
let world: World;
let webDir: string;

const SAFE = new Set(["GET", "HEAD", "OPTIONS"]);

beforeAll(async () => {
  webDir = mkdtempSync(join(tmpdir(), "plaza-web-"));
  mkdirSync(join(webDir, "assets"));
  writeFileSync(join(webDir, "index.html"), "<!doctype html><title>Plaza</title><div id=root></div>");
  writeFileSync(join(webDir, "assets", "app-1234.js"), "console.log('plaza')");
  harness = await buildSecurityApp({ WEB_DIST_DIR: webDir, IP_RATE_LIMITS: "on" });
  world = await buildWorld(harness);
}, 120_000);
afterAll(async () => {
  await harness?.close();
  rmSync(webDir, { recursive: true, force: true });
});

/** A concrete URL for a route: its parameters filled with ids of the superuser's cast (or any uuid). */
function urlOf(path: string): string {
  return path.replace(/:(\w+)/g, (_match, name: string) =>
    name === "file" ? "00000000-0000-4000-8000-000000000000.webp" : world.actors.user.id,
  );
}

function cookieFor(path: string): string {
  return path.startsWith("/api/admin/") ? world.actors.superuser.cookie : world.actors.user.cookie;
}

const writes = () => harness.routes.filter((route) => !SAFE.has(route.method));

describe("cross-site writes", () => {
  it("covers every state-changing route", () => {
    expect(writes().length).toBeGreaterThan(40);
  });

  for (const [name, headers] of [
    ["a foreign Origin", { origin: "https://evil.example" }],
    ["Sec-Fetch-Site: cross-site", { "sec-fetch-site": "cross-site" }],
    ["a foreign Origin that only starts like ours", { origin: "http://localhost:80.evil.example" }],
    ["Origin: null", { origin: "null" }],
  ] as const) {
    it(`refuses ${name} on every state-changing route with 403 and no database change`, async () => {
      const failures: string[] = [];
      for (const route of writes()) {
        const before = await fingerprint(harness);
        const response = await send(harness.app, {
          method: route.method as "POST",
          url: urlOf(route.url),
          cookie: cookieFor(route.url),
          headers: { ...headers, "content-type": "application/json", host: "localhost:80" },
          payload: JSON.stringify({}),
        });
        const changed = changedTables(before, await fingerprint(harness));
        if (response.statusCode !== 403) failures.push(`${routeKey(route)} → ${response.statusCode}`);
        if (changed.length > 0) failures.push(`${routeKey(route)} changed ${changed.join(", ")}`);
      }
      expect(failures).toEqual([]);
    });
  }

  it("refuses a text/plain body on every state-changing route with 415 and no database change", async () => {
    const failures: string[] = [];
    for (const route of writes()) {
      const before = await fingerprint(harness);
      const response = await send(harness.app, {
        method: route.method as "POST",
        url: urlOf(route.url),
        cookie: cookieFor(route.url),
        headers: { "content-type": "text/plain" },
        payload: '{"amount":1}',
        // Its own address each time: the sign-up and sign-in limits per address would answer 429 first.
        remoteAddress: `10.1.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
      });
      const changed = changedTables(before, await fingerprint(harness));
      // Signed-out-only checks come first on some routes (401/403 before the body is read) — both still refuse.
      if (response.statusCode !== 415) failures.push(`${routeKey(route)} → ${response.statusCode}`);
      if (changed.length > 0) failures.push(`${routeKey(route)} changed ${changed.join(", ")}`);
    }
    expect(failures).toEqual([]);
  });
});

describe("security headers on every answer", () => {
  function headerProblems(label: string, response: LightMyRequestResponse, signedIn: boolean): string[] {
    const problems: string[] = [];
    const csp = String(response.headers["content-security-policy"] ?? "");
    for (const directive of ["object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'"]) {
      if (!csp.includes(directive)) problems.push(`${label}: CSP lacks ${directive} (${csp})`);
    }
    if (response.headers["x-content-type-options"] !== "nosniff") problems.push(`${label}: no nosniff`);
    if (!response.headers["referrer-policy"]) problems.push(`${label}: no Referrer-Policy`);
    const isJson =
      label.includes("/api/") && String(response.headers["content-type"] ?? "").startsWith("application/json");
    if (signedIn && isJson && response.headers["cache-control"] !== "no-store") {
      problems.push(`${label}: signed-in JSON without Cache-Control: no-store (${response.headers["cache-control"]})`);
    }
    return problems;
  }

  it("holds for every route, signed in and out, and for every kind of error", async () => {
    const problems: string[] = [];
    const statuses = new Set<number>();
    const check = (label: string, response: LightMyRequestResponse, signedIn: boolean) => {
      statuses.add(response.statusCode);
      problems.push(...headerProblems(`${label} → ${response.statusCode}`, response, signedIn));
    };
    for (const route of harness.routes) {
      if (route.url === "/api/live") continue;
      for (const signedIn of [false, true]) {
        const cookie = signedIn ? cookieFor(route.url) : null;
        const response = await send(harness.app, {
          method: route.method as "GET",
          url: urlOf(route.url),
          cookie,
          ...(SAFE.has(route.method) ? {} : { payload: {} }),
        });
        check(`${routeKey(route)} ${cookie ? "signed in" : "signed out"}`, response, cookie !== null);
        // Sign-out, sign-in and the admin calls on Alice change the cast: put it back.
        if (!SAFE.has(route.method) || route.url.endsWith("logout")) await restoreWorld(world);
      }
    }
    const cookie = world.actors.user.cookie;
    const extra: [string, Parameters<typeof send>[1], boolean][] = [
      ["404 /api/nope", { method: "GET", url: "/api/nope", cookie }, true],
      ["404 file", { method: "GET", url: "/robots.txt" }, false],
      ["SPA shell", { method: "GET", url: "/feed" }, false],
      ["SPA asset", { method: "GET", url: "/assets/app-1234.js" }, false],
      [
        "413",
        {
          method: "POST",
          url: "/api/posts",
          cookie,
          payload: JSON.stringify({ content: "x".repeat(1_100_000) }),
          headers: { "content-type": "application/json" },
        },
        true,
      ],
      [
        "415",
        { method: "POST", url: "/api/posts", cookie, payload: "hi", headers: { "content-type": "text/plain" } },
        true,
      ],
      [
        "400 malformed JSON",
        { method: "POST", url: "/api/posts", cookie, payload: "{", headers: { "content-type": "application/json" } },
        true,
      ],
      ["405-ish method", { method: "PUT", url: "/api/posts/feed", cookie }, true],
      ["stored upload", { method: "GET", url: await uploadedObject(world, cookie) }, false],
    ];
    for (const [label, options, signedIn] of extra) check(label, await send(harness.app, options), signedIn);
    // 429: the sign-in limit per address (IP limits are on in this app).
    let limited: LightMyRequestResponse | null = null;
    for (let attempt = 0; attempt < 40 && !limited; attempt += 1) {
      const response = await send(harness.app, {
        method: "POST",
        url: "/api/auth/login",
        payload: { email: SUPERUSER_EMAIL, password: `${PASSWORD}-wrong` },
        remoteAddress: "10.9.9.9",
      });
      if (response.statusCode === 429) limited = response;
    }
    if (!limited) throw new Error("no 429 seen");
    check("429", limited, false);
    recordSecrets(`${PASSWORD}-wrong`);
    for (const status of [200, 204, 302, 400, 401, 403, 404, 413, 415, 429]) expect(statuses).toContain(status);
    expect(problems).toEqual([]);
  }, 300_000);

  it("writes none of the passwords, session tokens or emails it used to the logs", () => {
    for (const actor of Object.values(world.actors)) recordSecrets(actor.email, actor.cookie);
    assertLogsHoldNoSecrets(harness.logs);
  });
});
