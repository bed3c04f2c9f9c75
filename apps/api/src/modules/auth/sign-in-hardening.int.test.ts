import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildUser } from "../../../test/factories/users";
import { buildTestApp, type TestApp, TestClient } from "../../../test/test-app";

let harness: TestApp;

beforeAll(async () => {
  harness = await buildTestApp();
});
afterAll(() => harness.close());

const client = () => new TestClient(harness.app);
/** A sign-in from `remoteAddress` (inject's default is 127.0.0.1). */
const signIn = (email: string, password: string, remoteAddress = "127.0.0.1") =>
  client().request({ method: "POST", url: "/api/auth/login", payload: { email, password }, remoteAddress });
const FAILURES_BEFORE_LOCK = 10;
const LOCK_WINDOW_MS = 15 * 60 * 1000;
const SLOWDOWN_AFTER = 30;
const SLOWDOWN_MS = 2000;

async function timed<T>(work: () => Promise<T>): Promise<{ result: T; elapsedMs: number }> {
  const started = performance.now();
  const result = await work();
  return { result, elapsedMs: performance.now() - started };
}

describe("sign-in lockout (docs/PRODUCT.md 'Sign-in failures')", () => {
  it("refuses the right password from the locked address, then lets it in after the window", async () => {
    const { user, password } = await buildUser(harness.app);
    for (let attempt = 0; attempt < FAILURES_BEFORE_LOCK; attempt += 1) {
      expect((await signIn(user.email, "wrong password")).statusCode).toBe(401);
    }
    const locked = await signIn(user.email, password);
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({ code: "RATE_LIMITED", message: "Too many requests. Please wait a moment." });
    expect(Number(locked.headers["retry-after"])).toBeGreaterThan(0);
    expect(locked.cookies.find((cookie) => cookie.name.endsWith("plaza_session"))).toBeUndefined();

    harness.clock.advance(LOCK_WINDOW_MS + 1000);
    expect((await signIn(user.email, password)).statusCode).toBe(200);
  });

  it("ten wrong passwords from one address never keep the owner out from another address", async () => {
    const { user, password } = await buildUser(harness.app);
    for (let attempt = 0; attempt < FAILURES_BEFORE_LOCK; attempt += 1) {
      expect((await signIn(user.email, "wrong password", "203.0.113.66")).statusCode).toBe(401);
    }
    expect((await signIn(user.email, password, "203.0.113.66")).statusCode).toBe(429);
    const owner = await timed(() => signIn(user.email, password, "198.51.100.7"));
    expect(owner.result.statusCode).toBe(200);
    expect(owner.elapsedMs).toBeLessThan(SLOWDOWN_MS);
  });

  it("past the per-email ceiling, guesses from every address are slowed down, not refused", async () => {
    const { user, password } = await buildUser(harness.app);
    for (let address = 0; address < SLOWDOWN_AFTER / FAILURES_BEFORE_LOCK; address += 1) {
      await Promise.all(
        Array.from({ length: FAILURES_BEFORE_LOCK }, () =>
          signIn(user.email, "wrong password", `203.0.113.${address}`),
        ),
      );
    }
    const guess = await timed(() => signIn(user.email, "wrong password", "203.0.113.200"));
    expect(guess.result.statusCode).toBe(401);
    expect(guess.elapsedMs).toBeGreaterThanOrEqual(SLOWDOWN_MS - 50);
    const owner = await timed(() => signIn(user.email, password, "198.51.100.8"));
    expect(owner.result.statusCode).toBe(200);
    expect(owner.elapsedMs).toBeGreaterThanOrEqual(SLOWDOWN_MS - 50);
    // Another account's sign-in is not slowed.
    const other = await buildUser(harness.app);
    const fast = await timed(() => signIn(other.user.email, other.password, "203.0.113.200"));
    expect(fast.result.statusCode).toBe(200);
    expect(fast.elapsedMs).toBeLessThan(SLOWDOWN_MS);
  });

  it("answers a locked unknown email exactly like a locked account", async () => {
    const { user } = await buildUser(harness.app);
    const unknown = "nobody-at-all@example.test";
    for (let attempt = 0; attempt < FAILURES_BEFORE_LOCK; attempt += 1) {
      await signIn(user.email, "wrong password");
      await signIn(unknown, "wrong password");
    }
    const forAccount = await signIn(user.email, "wrong password");
    const forNobody = await signIn(unknown, "wrong password");
    expect(forAccount.statusCode).toBe(429);
    expect(forNobody.statusCode).toBe(429);
    expect(forNobody.body).toBe(forAccount.body);
  });

  it("counts parallel guesses: a burst gets no more tries than the limit", async () => {
    const { user } = await buildUser(harness.app);
    const burst = await Promise.all(
      Array.from({ length: 3 * FAILURES_BEFORE_LOCK }, () => signIn(user.email, "wrong password")),
    );
    const statuses = burst.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 401)).toHaveLength(FAILURES_BEFORE_LOCK);
    expect(statuses.filter((status) => status === 429)).toHaveLength(2 * FAILURES_BEFORE_LOCK);
  });

  it("a successful sign-in clears the count, so the owner is not locked out by their own typos", async () => {
    const { user, password } = await buildUser(harness.app);
    for (let round = 0; round < 2; round += 1) {
      for (let attempt = 0; attempt < FAILURES_BEFORE_LOCK - 1; attempt += 1) {
        expect((await signIn(user.email, "wrong password")).statusCode).toBe(401);
      }
      expect((await signIn(user.email, password)).statusCode).toBe(200);
    }
  });
});

describe("GET /api/login returnTo (docs/PRODUCT.md 'returnTo accepts only same-origin paths')", () => {
  it.each([
    "%2F%09%2Fother.host",
    "%2F%0A%2Fother.host",
    "%09%2F%2Fother.host",
    "%2F%5Cother.host",
    "%5C%5Cother.host",
    "%2F.%2F%2Fother.host",
    "https%3Aother.host",
    "https%3A%2F%2Fother.host",
    "javascript%3Aalert(1)",
  ])("sends ?returnTo=%s to the plain sign-in page", async (query) => {
    const response = await client().get(`/api/login?returnTo=${query}`);
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe("/login");
  });

  it("passes on a same-site path in the form a browser reads it", async () => {
    const response = await client().get(`/api/login?returnTo=${encodeURIComponent("/posts/../settings\t?tab=1")}`);
    expect(response.headers.location).toBe(`/login?returnTo=${encodeURIComponent("/settings?tab=1")}`);
  });
});
