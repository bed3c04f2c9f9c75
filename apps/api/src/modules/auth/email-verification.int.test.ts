import { EMAIL_VERIFICATION_LIFETIME_MS } from "@plaza/contracts/accounts";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { buildUser, userAttributes } from "../../../test/factories/users";
import { linkParameter, SmtpInbox } from "../../../test/smtp-inbox";
import { buildTestApp, type TestApp, TestClient } from "../../../test/test-app";

let harness: TestApp;
let inbox: SmtpInbox;

beforeAll(async () => {
  inbox = await SmtpInbox.start();
  harness = await buildTestApp({ SMTP_URL: inbox.url, SUPERUSER_EMAILS: "chief@example.test" });
});
afterAll(async () => {
  await harness.close();
  await inbox.close();
});
afterEach(() => inbox.clear());

const anonymous = () => new TestClient(harness.app);

/** Signs up through the API (address unverified) and returns the browser with the mailed token. */
async function signUp(email?: string) {
  const attributes = userAttributes(email ? { email } : {});
  const browser = anonymous();
  const response = await browser.post("/api/auth/register", attributes);
  expect(response.statusCode).toBe(201);
  const mail = await inbox.waitForMail(attributes.email, /Confirm your email address/);
  return { browser, attributes, mail, token: linkParameter(mail, "/verify-email") };
}

describe("sign-up", () => {
  it("sends a verification mail with a /verify-email link from the request's address; the account starts unverified", async () => {
    const { browser, mail } = await signUp();
    expect(mail.subject).toBe("Confirm your email address · Plaza");
    expect(mail.text).toMatch(/http:\/\/localhost(:80)?\/verify-email\?token=[\w-]{43}/);
    expect(mail.html).toContain("/verify-email?token=");
    const me = (await browser.get("/api/auth/user")).json();
    expect(me).toMatchObject({ emailVerified: false, twoFactorEnabled: false });
  });
});

describe("POST /api/auth/verify-email", () => {
  it("answers 400 without a token and for an unknown one", async () => {
    const missing = await anonymous().post("/api/auth/verify-email", {});
    expect(missing.statusCode).toBe(400);
    const unknown = await anonymous().post("/api/auth/verify-email", { token: "not-a-real-token" });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({
      code: "INVALID_TOKEN",
      message: "This link is invalid or has expired. Ask for a new one.",
    });
  });

  it("verifies the address once (from any browser); the link cannot be used again", async () => {
    const { browser, token } = await signUp();
    const verified = await anonymous().post("/api/auth/verify-email", { token });
    expect(verified.statusCode).toBe(204);
    expect((await browser.get("/api/auth/user")).json().emailVerified).toBe(true);
    const again = await anonymous().post("/api/auth/verify-email", { token });
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe("INVALID_TOKEN");
  });

  it("refuses a link older than 24 hours", async () => {
    const { browser, token } = await signUp();
    harness.clock.advance(EMAIL_VERIFICATION_LIFETIME_MS + 1000);
    expect((await anonymous().post("/api/auth/verify-email", { token })).statusCode).toBe(400);
    expect((await browser.get("/api/auth/user")).json().emailVerified).toBe(false);
  });

  it("makes a SUPERUSER_EMAILS address a superuser only once it is verified", async () => {
    const { browser, token } = await signUp("chief@example.test");
    expect((await browser.get("/api/auth/superuser")).json()).toEqual({ isSuperuser: false });
    expect((await browser.get("/api/admin/stats")).statusCode).toBe(403);
    expect((await anonymous().post("/api/auth/verify-email", { token })).statusCode).toBe(204);
    expect((await browser.get("/api/auth/superuser")).json()).toEqual({ isSuperuser: true });
  });
});

describe("POST /api/auth/verify-email/resend", () => {
  it("answers 401 signed out", async () => {
    expect((await anonymous().post("/api/auth/verify-email/resend")).statusCode).toBe(401);
  });

  it("answers 409 when the address is already verified", async () => {
    const { client } = await buildUser(harness.app);
    const response = await client.post("/api/auth/verify-email/resend");
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe("Your email address is already verified");
  });

  it("answers 202 with a new link (the earlier one stops working) and is rate-limited per account", async () => {
    const { browser, attributes, token: first } = await signUp();
    inbox.clear();
    const resent = await browser.post("/api/auth/verify-email/resend");
    expect(resent.statusCode).toBe(202);
    expect(resent.json()).toEqual({ message: "We sent you a new verification link." });
    const second = linkParameter(await inbox.waitForMail(attributes.email), "/verify-email");
    expect(second).not.toBe(first);
    expect((await anonymous().post("/api/auth/verify-email", { token: first })).statusCode).toBe(400);

    expect((await browser.post("/api/auth/verify-email/resend")).statusCode).toBe(202);
    expect((await browser.post("/api/auth/verify-email/resend")).statusCode).toBe(202);
    const limited = await browser.post("/api/auth/verify-email/resend");
    expect(limited.statusCode).toBe(429);
    expect(limited.headers["retry-after"]).toBeDefined();
    expect((await anonymous().post("/api/auth/verify-email", { token: second })).statusCode).toBe(400);
  });
});
