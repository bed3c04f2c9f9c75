import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SIGNED_IN_HTML_FILE } from "@plaza/contracts/constants";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildUser } from "../../test/factories/users";
import { buildTestApp, type TestApp } from "../../test/test-app";

/**
 * The web app's pages: a request with the session cookie gets the signed-in variant of index.html (which starts
 * loading the first signed-in screen at once), any other the plain one; both vary on the cookie and are never
 * cached, and the variant changes nothing about who is signed in.
 */
let webDir: string;
let harness: TestApp;

beforeAll(async () => {
  webDir = mkdtempSync(join(tmpdir(), "plaza-web-"));
  mkdirSync(join(webDir, "assets"));
  writeFileSync(join(webDir, "index.html"), "<!doctype html><title>plain shell</title>");
  writeFileSync(join(webDir, SIGNED_IN_HTML_FILE), "<!doctype html><title>signed-in shell</title>");
  harness = await buildTestApp({ WEB_DIST_DIR: webDir });
}, 120_000);

afterAll(async () => {
  await harness?.close();
  rmSync(webDir, { recursive: true, force: true });
});

describe("the web app's index page", () => {
  it("is the plain page without a session cookie, on / and on any app path", async () => {
    for (const url of ["/", "/discover", "/profile/00000000-0000-4000-8000-000000000001"]) {
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
    for (const url of ["/", "/discover", "/messages"]) {
      const page = await harness.app.inject({ method: "GET", url, headers: { cookie } });
      expect(page.statusCode, url).toBe(200);
      expect(page.body, url).toContain("signed-in shell");
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
