import { createHash } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { buildUser } from "../../../test/factories/users";
import { linkParameter, SmtpInbox } from "../../../test/smtp-inbox";
import { buildTestApp, type TestApp, TestClient } from "../../../test/test-app";

let harness: TestApp;
let inbox: SmtpInbox;

beforeAll(async () => {
  inbox = await SmtpInbox.start();
  harness = await buildTestApp({ SMTP_URL: inbox.url, SUPERUSER_EMAILS: "new-chief@example.test" });
});
afterAll(async () => {
  await harness.close();
  await inbox.close();
});
afterEach(() => inbox.clear());

const anonymous = () => new TestClient(harness.app);

/** A second browser signed in to the same account. */
async function signInElsewhere(email: string, password: string, userAgent = "Other browser") {
  const browser = anonymous();
  const response = await browser.post("/api/auth/login", { email, password }, { "user-agent": userAgent });
  expect(response.statusCode).toBe(200);
  return browser;
}

describe("POST /api/auth/password", () => {
  const url = "/api/auth/password";

  it("answers 401 signed out, 400 for a new password that breaks the sign-up rules, 403 for a wrong current one", async () => {
    expect((await anonymous().post(url, { currentPassword: "x", newPassword: "long enough" })).statusCode).toBe(401);
    const { client, password } = await buildUser(harness.app);
    const short = await client.post(url, { currentPassword: password, newPassword: "short" });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe("Password must be at least 8 characters");
    const wrong = await client.post(url, { currentPassword: "not my password", newPassword: "long enough pass" });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().message).toBe("Current password is incorrect");
  });

  it("changes the password, keeps this session, ends the others and mails a notice", async () => {
    const { client, user, password } = await buildUser(harness.app);
    const other = await signInElsewhere(user.email, password);
    const changed = await client.post(url, { currentPassword: password, newPassword: "my new passphrase" });
    expect(changed.statusCode).toBe(204);
    expect((await client.get("/api/auth/user")).statusCode).toBe(200);
    expect((await other.get("/api/auth/user")).statusCode).toBe(401);
    expect((await anonymous().post("/api/auth/login", { email: user.email, password })).statusCode).toBe(401);
    await signInElsewhere(user.email, "my new passphrase");
    const notice = await inbox.waitForMail(user.email, /password was changed/);
    expect(notice.text).toContain("Forgot password?");
  });
});

describe("POST /api/auth/email and /api/auth/email/confirm", () => {
  const url = "/api/auth/email";

  it("answers 401 signed out, 400 for a bad address or the same one, 403 for a wrong password, 409 when taken", async () => {
    expect((await anonymous().post(url, { newEmail: "a@example.test", currentPassword: "x" })).statusCode).toBe(401);
    const { client, user, password } = await buildUser(harness.app);
    expect((await client.post(url, { newEmail: "nope", currentPassword: password })).statusCode).toBe(400);
    const same = await client.post(url, { newEmail: user.email, currentPassword: password });
    expect(same.statusCode).toBe(400);
    expect(same.json().message).toBe("This is already your email address");
    const wrong = await client.post(url, { newEmail: "fresh@example.test", currentPassword: "not my password" });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().message).toBe("Current password is incorrect");
    const { user: other } = await buildUser(harness.app);
    const taken = await client.post(url, { newEmail: other.email, currentPassword: password });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe("An account with this email already exists");
  });

  it("mails a link to the new address and a notice to the old one; the link switches the address once", async () => {
    const { client, user, password } = await buildUser(harness.app);
    const requested = await client.post(url, { newEmail: "New-Chief@Example.test", currentPassword: password });
    expect(requested.statusCode).toBe(202);
    expect(requested.json()).toEqual({ message: "We sent a confirmation link to your new address." });
    const confirmation = await inbox.waitForMail("new-chief@example.test", /Confirm your new email address/);
    const notice = await inbox.waitForMail(user.email, /being changed/);
    expect(notice.text).toContain("n…@example.test");
    // Nothing changes before the link is used.
    expect((await client.get("/api/auth/user")).json().email).toBe(user.email);

    const token = linkParameter(confirmation, "/confirm-email");
    expect((await anonymous().post("/api/auth/email/confirm", { token: "unknown" })).statusCode).toBe(400);
    expect((await anonymous().post("/api/auth/email/confirm", { token })).statusCode).toBe(204);
    const me = (await client.get("/api/auth/user")).json();
    expect(me).toMatchObject({ email: "new-chief@example.test", emailVerified: true, isSuperuser: true });
    expect((await anonymous().post("/api/auth/email/confirm", { token })).statusCode).toBe(400);
    expect((await anonymous().post("/api/auth/login", { email: user.email, password })).statusCode).toBe(401);
    await signInElsewhere("new-chief@example.test", password);
  });

  it("answers 409 when another account took the address before the link was used", async () => {
    const { client, password } = await buildUser(harness.app);
    expect((await client.post(url, { newEmail: "race@example.test", currentPassword: password })).statusCode).toBe(202);
    const token = linkParameter(await inbox.waitForMail("race@example.test", /Confirm/), "/confirm-email");
    await buildUser(harness.app, { email: "race@example.test" });
    expect((await anonymous().post("/api/auth/email/confirm", { token })).statusCode).toBe(409);
  });
});

describe("sessions", () => {
  it("answers 401 signed out", async () => {
    const browser = anonymous();
    expect((await browser.get("/api/auth/sessions")).statusCode).toBe(401);
    expect((await browser.delete(`/api/auth/sessions/${crypto.randomUUID()}`)).statusCode).toBe(401);
    expect((await browser.post("/api/auth/sessions/revoke-others")).statusCode).toBe(401);
  });

  it("lists the account's sessions with public ids (never the cookie or its hash), the current one marked", async () => {
    const { client, user, password } = await buildUser(harness.app);
    await signInElsewhere(user.email, password, "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Safari/604.1");
    const response = await client.get("/api/auth/sessions");
    expect(response.statusCode).toBe(200);
    const sessions = response.json<{ id: string; isCurrent: boolean; userAgent: string | null }[]>();
    expect(sessions).toHaveLength(2);
    expect(sessions.filter((session) => session.isCurrent)).toHaveLength(1);
    expect(sessions.map((session) => session.userAgent)).toContain(
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Safari/604.1",
    );
    const token = client.cookie?.split("=")[1] ?? "";
    const tokenHash = createHash("sha256").update(token).digest("hex");
    expect(response.body).not.toContain(token);
    expect(response.body).not.toContain(tokenHash);
    for (const session of sessions) expect(session.id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("DELETE answers 400 for a malformed id, 404 for another account's or an unknown session, 204 for one's own", async () => {
    const { client, user, password } = await buildUser(harness.app);
    const other = await signInElsewhere(user.email, password);
    const { client: stranger } = await buildUser(harness.app);
    expect((await client.delete("/api/auth/sessions/not-a-uuid")).statusCode).toBe(400);
    const strangersSession = (await stranger.get("/api/auth/sessions")).json<{ id: string }[]>()[0]?.id;
    const foreign = await client.delete(`/api/auth/sessions/${strangersSession}`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe("Session not found");
    expect((await stranger.get("/api/auth/user")).statusCode).toBe(200);
    expect((await client.delete(`/api/auth/sessions/${crypto.randomUUID()}`)).statusCode).toBe(404);

    const sessions = (await client.get("/api/auth/sessions")).json<{ id: string; isCurrent: boolean }[]>();
    const otherId = sessions.find((session) => !session.isCurrent)?.id;
    expect((await client.delete(`/api/auth/sessions/${otherId}`)).statusCode).toBe(204);
    expect((await other.get("/api/auth/user")).statusCode).toBe(401);
    expect((await client.get("/api/auth/user")).statusCode).toBe(200);
  });

  it("revoke-others ends every session but the current one", async () => {
    const { client, user, password } = await buildUser(harness.app);
    const second = await signInElsewhere(user.email, password);
    const third = await signInElsewhere(user.email, password);
    expect((await client.post("/api/auth/sessions/revoke-others")).statusCode).toBe(204);
    expect((await second.get("/api/auth/user")).statusCode).toBe(401);
    expect((await third.get("/api/auth/user")).statusCode).toBe(401);
    const left = (await client.get("/api/auth/sessions")).json<{ isCurrent: boolean }[]>();
    expect(left).toEqual([expect.objectContaining({ isCurrent: true })]);
  });
});
