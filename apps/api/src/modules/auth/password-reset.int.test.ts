import { PASSWORD_RESET_LIFETIME_MS } from "@plaza/contracts/accounts";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { buildUser } from "../../../test/factories/users";
import { linkParameter, SmtpInbox } from "../../../test/smtp-inbox";
import { buildTestApp, type TestApp, TestClient } from "../../../test/test-app";

let harness: TestApp;
let inbox: SmtpInbox;

beforeAll(async () => {
  inbox = await SmtpInbox.start();
  harness = await buildTestApp({ SMTP_URL: inbox.url, PUBLIC_URL: "https://plaza.example" });
});
afterAll(async () => {
  await harness.close();
  await inbox.close();
});
afterEach(() => inbox.clear());

const anonymous = () => new TestClient(harness.app);
const sameOrigin = { origin: "https://plaza.example" };

async function requestReset(email: string) {
  const response = await anonymous().post("/api/auth/password-reset", { email }, sameOrigin);
  await harness.context.background.idle();
  return response;
}

async function resetToken(email: string): Promise<string> {
  expect((await requestReset(email)).statusCode).toBe(202);
  return linkParameter(await inbox.waitForMail(email, /Reset your password/), "/reset-password");
}

describe("POST /api/auth/password-reset", () => {
  it("answers 400 for a malformed address", async () => {
    const response = await anonymous().post("/api/auth/password-reset", { email: "not-an-email" }, sameOrigin);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe("Please enter a valid email address");
  });

  it("answers the same 202 for a known and an unknown address; only the known one gets a mail", async () => {
    const { user } = await buildUser(harness.app);
    const known = await requestReset(user.email);
    const unknown = await requestReset("nobody-here@example.test");
    expect(known.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(202);
    expect(unknown.body).toBe(known.body);
    expect(known.json()).toEqual({
      message: "If an account uses this address, we sent it a link to reset the password.",
    });
    const mail = await inbox.waitForMail(user.email, /Reset your password/);
    expect(mail.subject).toBe("Reset your password · Plaza");
    // Links start with PUBLIC_URL.
    expect(mail.text).toMatch(/https:\/\/plaza\.example\/reset-password\?token=[\w-]{43}/);
    await harness.context.mail.idle();
    expect(inbox.mailsTo("nobody-here@example.test")).toHaveLength(0);
  });

  it("is mailed in the account's language (issue 49): Spanish for a Spanish preference, right to left for Arabic", async () => {
    const { client, user } = await buildUser(harness.app);
    expect((await client.patch("/api/users/preferences", { locale: "es" })).statusCode).toBe(200);
    await requestReset(user.email);
    const mail = await inbox.waitForMail(user.email, /Restablece tu contraseña/);
    expect(mail.subject).toBe("Restablece tu contraseña · Plaza");
    expect(mail.text).toContain(`Hola, ${user.firstName} ${user.lastName}:`);
    expect(mail.text).toContain("Alguien (ojalá tú) pidió restablecer la contraseña de tu cuenta de Plaza.");
    expect(mail.html).toContain('<html lang="es" dir="ltr">');
    inbox.clear();
    expect((await client.patch("/api/users/preferences", { locale: "ar" })).statusCode).toBe(200);
    await requestReset(user.email);
    const arabic = await inbox.waitForMail(user.email, /Plaza/);
    expect(arabic.html).toContain('<html lang="ar" dir="rtl">');
    expect(arabic.text).toContain(`مرحبًا ${user.firstName} ${user.lastName}،`);
  });

  it("is rate-limited per address asked for, known or not", async () => {
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await requestReset("limited@example.test")).statusCode).toBe(202);
    }
    const limited = await requestReset("limited@example.test");
    expect(limited.statusCode).toBe(429);
  });
});

describe("POST /api/auth/password-reset/confirm", () => {
  it("answers 400 for a missing token, a password that breaks the sign-up rules and an unknown token", async () => {
    const url = "/api/auth/password-reset/confirm";
    expect((await anonymous().post(url, { password: "long enough pass" }, sameOrigin)).statusCode).toBe(400);
    const short = await anonymous().post(url, { token: "whatever", password: "short" }, sameOrigin);
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe("Password must be at least 8 characters");
    const unknown = await anonymous().post(url, { token: "whatever", password: "long enough pass" }, sameOrigin);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().code).toBe("INVALID_TOKEN");
  });

  it("sets the new password, ends every session of the account and works only once", async () => {
    const { client, user, password } = await buildUser(harness.app);
    const otherDevice = anonymous();
    expect((await otherDevice.post("/api/auth/login", { email: user.email, password }, sameOrigin)).statusCode).toBe(
      200,
    );
    const token = await resetToken(user.email);

    const confirmed = await anonymous().post(
      "/api/auth/password-reset/confirm",
      { token, password: "a brand new secret" },
      sameOrigin,
    );
    expect(confirmed.statusCode).toBe(204);
    expect((await client.get("/api/auth/user")).statusCode).toBe(401);
    expect((await otherDevice.get("/api/auth/user")).statusCode).toBe(401);

    const oldPassword = await anonymous().post("/api/auth/login", { email: user.email, password }, sameOrigin);
    expect(oldPassword.statusCode).toBe(401);
    const newPassword = await anonymous().post(
      "/api/auth/login",
      { email: user.email, password: "a brand new secret" },
      sameOrigin,
    );
    expect(newPassword.statusCode).toBe(200);

    const replay = await anonymous().post(
      "/api/auth/password-reset/confirm",
      { token, password: "yet another secret" },
      sameOrigin,
    );
    expect(replay.statusCode).toBe(400);
    expect(replay.json().message).toBe("This link is invalid or has expired. Ask for a new one.");
  });

  it("clears the account's sign-in failures: the new password works from the address that was locked", async () => {
    const { user } = await buildUser(harness.app);
    for (let attempt = 0; attempt < 10; attempt += 1) {
      await anonymous().post("/api/auth/login", { email: user.email, password: "wrong password" }, sameOrigin);
    }
    const locked = await anonymous().post("/api/auth/login", { email: user.email, password: "nope" }, sameOrigin);
    expect(locked.statusCode).toBe(429);
    const token = await resetToken(user.email);
    const newPassword = "a brand new secret";
    expect(
      (await anonymous().post("/api/auth/password-reset/confirm", { token, password: newPassword }, sameOrigin))
        .statusCode,
    ).toBe(204);
    const signedIn = await anonymous().post(
      "/api/auth/login",
      { email: user.email, password: newPassword },
      sameOrigin,
    );
    expect(signedIn.statusCode).toBe(200);
  });

  it("refuses a link older than an hour, and an earlier link once a newer one was sent", async () => {
    const { user, password } = await buildUser(harness.app);
    const expired = await resetToken(user.email);
    harness.clock.advance(PASSWORD_RESET_LIFETIME_MS + 1000);
    const late = await anonymous().post(
      "/api/auth/password-reset/confirm",
      { token: expired, password: "a brand new secret" },
      sameOrigin,
    );
    expect(late.statusCode).toBe(400);

    inbox.clear();
    const first = await resetToken(user.email);
    inbox.clear();
    const second = await resetToken(user.email);
    const stale = await anonymous().post(
      "/api/auth/password-reset/confirm",
      { token: first, password: "a brand new secret" },
      sameOrigin,
    );
    expect(stale.statusCode).toBe(400);
    // The password did not change.
    expect((await anonymous().post("/api/auth/login", { email: user.email, password }, sameOrigin)).statusCode).toBe(
      200,
    );
    const fresh = await anonymous().post(
      "/api/auth/password-reset/confirm",
      { token: second, password: "a brand new secret" },
      sameOrigin,
    );
    expect(fresh.statusCode).toBe(204);
  });
});
