import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildUser, userAttributes } from "../../../test/factories/users";
import { buildTestApp, type TestApp, TestClient } from "../../../test/test-app";

let harness: TestApp;

beforeAll(async () => {
  harness = await buildTestApp({ SUPERUSER_EMAILS: "boss@example.test" });
});
afterAll(() => harness.close());

const client = () => new TestClient(harness.app);

describe("POST /api/auth/register", () => {
  it("answers 400 with the rule's message for invalid fields", async () => {
    const response = await client().post("/api/auth/register", userAttributes({ username: "ab" }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: "Username must be at least 3 characters" });

    const badChars = await client().post("/api/auth/register", userAttributes({ username: "bad name!" }));
    expect(badChars.json().message).toBe("Username can only contain letters, numbers, and underscores");

    const shortPassword = await client().post("/api/auth/register", userAttributes({ password: "short" }));
    expect(shortPassword.json().errors).toContainEqual({
      path: "password",
      message: "Password must be at least 8 characters",
    });
  });

  it("creates the account, signs it in and never returns the password hash", async () => {
    const browser = client();
    const attributes = userAttributes({ email: "New.Person@Example.test", profileType: "creator" });
    const response = await browser.post("/api/auth/register", attributes);
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({ email: "new.person@example.test", profileType: "creator", isSuperuser: false });
    expect(body.preferences).toMatchObject({ messagePrivacy: "all", marketingEmails: false });
    expect(JSON.stringify(body)).not.toContain("argon2");
    const cookie = response.cookies.find((item) => item.name === "plaza_session");
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/" });
    expect(cookie?.value.length).toBeGreaterThanOrEqual(43);

    const me = await browser.get("/api/auth/user");
    expect(me.statusCode).toBe(200);
    expect(me.json().username).toBe(attributes.username);
  });

  it("answers 409 when the email or the username (any case) is taken", async () => {
    const { user } = await buildUser(harness.app);
    const sameEmail = await client().post("/api/auth/register", userAttributes({ email: user.email.toUpperCase() }));
    expect(sameEmail.statusCode).toBe(409);
    expect(sameEmail.json().message).toBe("An account with this email already exists");
    const sameName = await client().post(
      "/api/auth/register",
      userAttributes({ username: user.username.toUpperCase() }),
    );
    expect(sameName.statusCode).toBe(409);
    expect(sameName.json().message).toBe("This username is already taken");
  });

  it("makes SUPERUSER_EMAILS accounts superusers", async () => {
    const { client: boss } = await buildUser(harness.app, { email: "boss@example.test" });
    expect((await boss.get("/api/auth/superuser")).json()).toEqual({ isSuperuser: true });
    const { client: someone } = await buildUser(harness.app);
    expect((await someone.get("/api/auth/superuser")).json()).toEqual({ isSuperuser: false });
    expect((await client().get("/api/auth/superuser")).json()).toEqual({ isSuperuser: false });
  });
});

describe("sessions", () => {
  it("GET /api/auth/user answers 401 without a session", async () => {
    const response = await client().get("/api/auth/user");
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: "Unauthorized", code: "UNAUTHORIZED" });
  });

  it("login: 400 for a malformed body, 401 for a wrong password, 200 with a new session", async () => {
    const { user, password } = await buildUser(harness.app);
    const browser = client();
    expect((await browser.post("/api/auth/login", { email: "not-an-email" })).statusCode).toBe(400);
    const wrong = await browser.post("/api/auth/login", { email: user.email, password: "wrong password" });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe("Invalid email or password");
    const unknown = await browser.post("/api/auth/login", { email: "nobody@example.test", password: "whatever1" });
    expect(unknown.json().message).toBe("Invalid email or password");

    const ok = await browser.post("/api/auth/login", { email: user.email, password });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().id).toBe(user.id);
    expect((await browser.get("/api/auth/user")).statusCode).toBe(200);
  });

  it("rotates the session at sign-in: the cookie held before no longer works", async () => {
    const { client: browser, user, password } = await buildUser(harness.app);
    const before = browser.cookie;
    const response = await browser.post("/api/auth/login", { email: user.email, password });
    expect(response.statusCode).toBe(200);
    expect(browser.cookie).not.toBe(before);
    expect((await client().get("/api/auth/user", { cookie: before ?? "" })).statusCode).toBe(401);
    expect((await browser.get("/api/auth/user")).statusCode).toBe(200);
  });

  it("logout ends the session on the server (POST 204, GET 302 to /)", async () => {
    const { client: browser } = await buildUser(harness.app);
    const cookie = browser.cookie ?? "";
    const logout = await browser.post("/api/auth/logout");
    expect(logout.statusCode).toBe(204);
    expect((await client().get("/api/auth/user", { cookie })).statusCode).toBe(401);

    const { client: other } = await buildUser(harness.app);
    const otherCookie = other.cookie ?? "";
    const navigation = await other.get("/api/logout");
    expect(navigation.statusCode).toBe(302);
    expect(navigation.headers.location).toBe("/");
    expect((await client().get("/api/auth/user", { cookie: otherCookie })).statusCode).toBe(401);
  });

  it("expires a session after the idle period", async () => {
    const { client: browser } = await buildUser(harness.app);
    harness.clock.advance(13 * 24 * 60 * 60 * 1000);
    expect((await browser.get("/api/auth/user")).statusCode).toBe(200);
    // The request above slid the idle window; 15 quiet days later the session is gone.
    harness.clock.advance(15 * 24 * 60 * 60 * 1000);
    expect((await browser.get("/api/auth/user")).statusCode).toBe(401);
  });

  it("GET /api/login redirects to the sign-in page and keeps only a same-site returnTo", async () => {
    const plain = await client().get("/api/login");
    expect(plain.statusCode).toBe(302);
    expect(plain.headers.location).toBe("/login");
    const withReturn = await client().get("/api/login?returnTo=%2Fsettings");
    expect(withReturn.headers.location).toBe("/login?returnTo=%2Fsettings");
    const offsite = await client().get("/api/login?returnTo=%2F%2Fevil.example");
    expect(offsite.headers.location).toBe("/login");
  });

  it("answers 429 after repeated failed sign-ins for one email", async () => {
    const { user } = await buildUser(harness.app);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt += 1) {
      statuses.push(
        (await client().post("/api/auth/login", { email: user.email, password: "bad password" })).statusCode,
      );
    }
    expect(statuses.slice(0, 10).every((status) => status === 401)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});

describe("request safety", () => {
  it("refuses a write from another site (Origin or Sec-Fetch-Site) with 403", async () => {
    const attributes = userAttributes();
    const foreign = await client().post("/api/auth/register", attributes, { origin: "https://evil.example" });
    expect(foreign.statusCode).toBe(403);
    const fetchMetadata = await client().post("/api/auth/register", attributes, { "sec-fetch-site": "cross-site" });
    expect(fetchMetadata.statusCode).toBe(403);
    const sameSite = await client().post("/api/auth/register", attributes, {
      origin: "http://localhost:80",
      host: "localhost:80",
    });
    expect(sameSite.statusCode).toBe(201);
  });

  it("refuses non-JSON bodies (415), malformed JSON (400) and oversized bodies (413) with JSON errors", async () => {
    const plain = await client().request({
      method: "POST",
      url: "/api/auth/login",
      payload: '{"email":"a@b.c","password":"x"}',
      headers: { "content-type": "text/plain" },
    });
    expect(plain.statusCode).toBe(415);
    const malformed = await client().request({
      method: "POST",
      url: "/api/auth/login",
      payload: '{"email":',
      headers: { "content-type": "application/json" },
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe("The request body is not valid JSON");
    const huge = await client().post("/api/auth/login", { email: "a@b.c", password: "x".repeat(2 * 1024 * 1024) });
    expect(huge.statusCode).toBe(413);
  });

  it("answers unknown /api paths with 404 JSON", async () => {
    const response = await client().get("/api/does-not-exist");
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: "Not found", code: "NOT_FOUND" });
  });

  it("sends the security headers and no-store on API answers", async () => {
    const response = await client().get("/api/auth/superuser");
    const csp = String(response.headers["content-security-policy"]);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(response.headers["cache-control"]).toBe("no-store");
  });

  it("health: /healthz 200 and /readyz 200 while the database answers", async () => {
    expect((await client().get("/healthz")).statusCode).toBe(200);
    expect((await client().get("/readyz")).json()).toEqual({ status: "ready" });
  });
});

describe("per-address limits", () => {
  // 21 password checks (argon2id, ~19 MB each): seconds on a quiet machine, longer on a busy one.
  it("limits sign-in attempts per address when IP_RATE_LIMITS is on", { timeout: 120_000 }, async () => {
    const limited = await buildTestApp({ IP_RATE_LIMITS: "on" });
    try {
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 21; attempt += 1) {
        const response = await limited.app.inject({
          method: "POST",
          url: "/api/auth/login",
          payload: { email: `nobody${attempt}@example.test`, password: "whatever1" },
        });
        statuses.push(response.statusCode);
      }
      expect(statuses[0]).toBe(401);
      expect(statuses[20]).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
