import { Secret, TOTP } from "otpauth";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { buildUser } from "../../../test/factories/users";
import { SmtpInbox } from "../../../test/smtp-inbox";
import { buildTestApp, type TestApp, TestClient } from "../../../test/test-app";

let harness: TestApp;
let inbox: SmtpInbox;

beforeAll(async () => {
  inbox = await SmtpInbox.start();
  harness = await buildTestApp({ SMTP_URL: inbox.url });
});
afterAll(async () => {
  await harness.close();
  await inbox.close();
});
afterEach(() => inbox.clear());

const anonymous = () => new TestClient(harness.app);

/** The code an authenticator app shows for `secret` at the test clock's time (plus `offsetSteps` × 30 s). */
function codeFor(secret: string, offsetSteps = 0): string {
  const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: "SHA1" });
  return totp.generate({ timestamp: harness.clock.now().getTime() + offsetSteps * 30_000 });
}

/** An account with two-factor sign-in on: its secret, recovery codes and credentials. */
async function userWithTwoFactor() {
  const built = await buildUser(harness.app);
  const setup = await built.client.post("/api/auth/2fa/setup");
  const { secret } = setup.json<{ secret: string }>();
  const enabled = await built.client.post("/api/auth/2fa/enable", {
    code: codeFor(secret),
    currentPassword: built.password,
  });
  expect(enabled.statusCode).toBe(200);
  // The next sign-in happens in a later 30-second step than the code used to enable.
  harness.clock.advance(30_000);
  return { ...built, secret, recoveryCodes: enabled.json<{ recoveryCodes: string[] }>().recoveryCodes };
}

describe("POST /api/auth/2fa/setup and /enable", () => {
  it("answer 401 signed out", async () => {
    expect((await anonymous().post("/api/auth/2fa/setup")).statusCode).toBe(401);
    expect((await anonymous().post("/api/auth/2fa/enable", { code: "123456", currentPassword: "x" })).statusCode).toBe(
      401,
    );
  });

  it("enable answers 400 for a malformed code, without a setup, and for a wrong code", async () => {
    const { client, password } = await buildUser(harness.app);
    expect((await client.post("/api/auth/2fa/enable", { code: "12ab", currentPassword: password })).statusCode).toBe(
      400,
    );
    const noSetup = await client.post("/api/auth/2fa/enable", { code: "123456", currentPassword: password });
    expect(noSetup.statusCode).toBe(400);
    expect(noSetup.json().message).toBe("Start the two-factor setup first");
    const { secret } = (await client.post("/api/auth/2fa/setup")).json<{ secret: string }>();
    const wrongCode = codeFor(secret) === "000000" ? "111111" : "000000";
    const wrong = await client.post("/api/auth/2fa/enable", { code: wrongCode, currentPassword: password });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe("Invalid two-factor code");
    expect((await client.get("/api/auth/user")).json().twoFactorEnabled).toBe(false);
  });

  it("enable needs the current password: 400 without it, 403 with a wrong one, and two-factor stays off", async () => {
    const { client, user } = await buildUser(harness.app);
    const { secret } = (await client.post("/api/auth/2fa/setup")).json<{ secret: string }>();
    const missing = await client.post("/api/auth/2fa/enable", { code: codeFor(secret) });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe("Current password is required");
    const wrong = await client.post("/api/auth/2fa/enable", {
      code: codeFor(secret),
      currentPassword: "not my password",
    });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().message).toBe("Current password is incorrect");
    expect((await client.get("/api/auth/user")).json().twoFactorEnabled).toBe(false);
    expect(inbox.mails.filter((mail) => mail.to.includes(user.email) && /Two-factor/.test(mail.subject))).toEqual([]);
  });

  it("setup gives a secret and an otpauth URL; a code turns it on and returns 10 recovery codes", async () => {
    const { client, user, password } = await buildUser(harness.app);
    const setup = await client.post("/api/auth/2fa/setup");
    expect(setup.statusCode).toBe(200);
    const { secret, otpauthUrl } = setup.json<{ secret: string; otpauthUrl: string }>();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUrl).toContain("otpauth://totp/Plaza:");
    expect(otpauthUrl).toContain(`secret=${secret}`);
    expect(otpauthUrl).toContain(encodeURIComponent(user.email));
    const enabled = await client.post("/api/auth/2fa/enable", { code: codeFor(secret), currentPassword: password });
    expect(enabled.statusCode).toBe(200);
    const notice = await inbox.waitForMail(user.email, /Two-factor sign-in was turned on/);
    expect(notice.text).toContain("If this was not you");
    const { recoveryCodes } = enabled.json<{ recoveryCodes: string[] }>();
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    expect((await client.get("/api/auth/user")).json().twoFactorEnabled).toBe(true);
    expect((await client.post("/api/auth/2fa/setup")).statusCode).toBe(409);
  });
});

describe("POST /api/auth/login with two-factor sign-in on", () => {
  it("asks for the code without setting a session, then signs in with it", async () => {
    const { user, password, secret } = await userWithTwoFactor();
    const browser = anonymous();
    const withoutCode = await browser.post("/api/auth/login", { email: user.email, password });
    expect(withoutCode.statusCode).toBe(401);
    expect(withoutCode.json()).toEqual({
      code: "TWO_FACTOR_REQUIRED",
      message: "Enter the code from your authenticator app",
    });
    expect(withoutCode.cookies.find((cookie) => cookie.name.endsWith("plaza_session"))).toBeUndefined();
    // A wrong password still says only that.
    const wrongPassword = await browser.post("/api/auth/login", { email: user.email, password: "nope nope nope" });
    expect(wrongPassword.json().message).toBe("Invalid email or password");

    const signedIn = await browser.post("/api/auth/login", { email: user.email, password, totpCode: codeFor(secret) });
    expect(signedIn.statusCode).toBe(200);
    expect((await browser.get("/api/auth/user")).json().twoFactorEnabled).toBe(true);
  });

  it("refuses a wrong code and a code already used in its window", async () => {
    const { user, password, secret } = await userWithTwoFactor();
    const code = codeFor(secret);
    const wrong = await anonymous().post("/api/auth/login", {
      email: user.email,
      password,
      totpCode: code === "000000" ? "111111" : "000000",
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ message: "Invalid two-factor code" });
    expect(
      (await anonymous().post("/api/auth/login", { email: user.email, password, totpCode: code })).statusCode,
    ).toBe(200);
    const replay = await anonymous().post("/api/auth/login", { email: user.email, password, totpCode: code });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().message).toBe("Invalid two-factor code");
    harness.clock.advance(30_000);
    const next = await anonymous().post("/api/auth/login", { email: user.email, password, totpCode: codeFor(secret) });
    expect(next.statusCode).toBe(200);
  });

  it("a correct code clears the code count: the owner signs in with a code again and again", async () => {
    const { user, password, secret } = await userWithTwoFactor();
    for (let signIn = 0; signIn < 12; signIn += 1) {
      const response = await anonymous().post("/api/auth/login", {
        email: user.email,
        password,
        totpCode: codeFor(secret),
      });
      expect(response.statusCode, `sign-in ${signIn + 1}`).toBe(200);
      harness.clock.advance(30_000);
    }
  });

  it("signs in with a recovery code once", async () => {
    const { user, password, recoveryCodes } = await userWithTwoFactor();
    const recoveryCode = recoveryCodes[0]?.toUpperCase() ?? "";
    const first = await anonymous().post("/api/auth/login", { email: user.email, password, recoveryCode });
    expect(first.statusCode).toBe(200);
    const again = await anonymous().post("/api/auth/login", { email: user.email, password, recoveryCode });
    expect(again.statusCode).toBe(401);
    expect(again.json().message).toBe("Invalid two-factor code");
  });
});

describe("POST /api/auth/2fa/disable", () => {
  it("answers 401 signed out, 400 without a code, 403 for a wrong password or code, 204 with both", async () => {
    expect((await anonymous().post("/api/auth/2fa/disable", { currentPassword: "x", code: "123456" })).statusCode).toBe(
      401,
    );
    const { client, user, password, secret } = await userWithTwoFactor();
    expect((await client.post("/api/auth/2fa/disable", { currentPassword: password })).statusCode).toBe(400);
    const wrongPassword = await client.post("/api/auth/2fa/disable", {
      currentPassword: "not my password",
      code: codeFor(secret),
    });
    expect(wrongPassword.statusCode).toBe(403);
    expect(wrongPassword.json().message).toBe("Current password is incorrect");
    const code = codeFor(secret);
    const wrongCode = await client.post("/api/auth/2fa/disable", {
      currentPassword: password,
      code: code === "000000" ? "111111" : "000000",
    });
    expect(wrongCode.statusCode).toBe(403);
    expect(wrongCode.json().message).toBe("Invalid two-factor code");

    expect((await client.post("/api/auth/2fa/disable", { currentPassword: password, code })).statusCode).toBe(204);
    expect((await client.get("/api/auth/user")).json().twoFactorEnabled).toBe(false);
    await inbox.waitForMail(user.email, /Two-factor sign-in was turned off/);
    expect((await anonymous().post("/api/auth/login", { email: user.email, password })).statusCode).toBe(200);
  });
});
