import { INSTANCE_DEFAULTS, INSTANCE_MESSAGES, type InstanceView } from "@plaza/contracts/instance";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { buildUser, userAttributes } from "../../../test/factories/users";
import { SmtpInbox } from "../../../test/smtp-inbox";
import { buildTestApp, type TestApp, TestClient } from "../../../test/test-app";

let harness: TestApp;
let inbox: SmtpInbox;
let admin: TestClient;
let member: TestClient;

beforeAll(async () => {
  inbox = await SmtpInbox.start();
  harness = await buildTestApp({ SMTP_URL: inbox.url, SUPERUSER_EMAILS: "mayor@example.test" });
  admin = (await buildUser(harness.app, { email: "mayor@example.test" })).client;
  member = (await buildUser(harness.app)).client;
  // Room for a loaded machine: the app, a template database copy and two sign-ups.
}, 180_000);
afterAll(async () => {
  await harness.close();
  await inbox.close();
});
afterEach(async () => {
  inbox.clear();
  // Each test starts from an open instance without rules.
  await admin.patch("/api/admin/instance", { registrationMode: "open", rules: [], membersCanInvite: false });
});

const anonymous = () => new TestClient(harness.app);
const settle = () => harness.context.background.idle();

describe("GET /api/instance", () => {
  it("answers the defaults to anyone before an administrator changed anything", async () => {
    // The first test of the file: nothing has been changed yet.
    const response = await anonymous().get("/api/instance");
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      name: "Plaza",
      description: INSTANCE_DEFAULTS.description,
      rules: [],
      contactEmail: null,
      registrationMode: "open",
      logoUrl: null,
      locale: "en",
      membersCanInvite: false,
      // The test app's NEW_ACCOUNT_HOURS (0: off), until an administrator sets the hours.
      newAccountHours: 0,
    });
  });
});

describe("PATCH /api/admin/instance", () => {
  it("answers 401 signed out, 400 for a bad field, 403 for a member", async () => {
    expect((await anonymous().patch("/api/admin/instance", { name: "Town" })).statusCode).toBe(401);
    const bad = await admin.patch("/api/admin/instance", { name: "", registrationMode: "sometimes" });
    expect(bad.statusCode).toBe(400);
    expect((await member.patch("/api/admin/instance", { name: "Town" })).statusCode).toBe(403);
  });

  it("changes only the fields sent; rules keep their ids and order; everyone reads the change at once", async () => {
    const first = await admin.patch("/api/admin/instance", {
      name: "Riverside Plaza",
      description: "The river town's square",
      contactEmail: "Hello@Riverside.test",
      rules: [{ text: "Be kind" }, { text: "No ads" }],
      locale: "es",
    });
    expect(first.statusCode).toBe(200);
    const view = first.json<InstanceView>();
    expect(view).toMatchObject({ name: "Riverside Plaza", contactEmail: "hello@riverside.test", locale: "es" });
    const [kind, ads] = view.rules;
    expect(kind?.text).toBe("Be kind");
    // Reordered, one removed, one added: the kept rule keeps its id.
    const second = await admin.patch("/api/admin/instance", {
      rules: [{ text: "Stay local" }, { id: ads?.id, text: "No ads, ever" }],
    });
    const rules = second.json<InstanceView>().rules;
    expect(rules.map((rule) => rule.text)).toEqual(["Stay local", "No ads, ever"]);
    expect(rules[1]?.id).toBe(ads?.id);
    expect(rules[0]?.id).not.toBe(kind?.id);
    const read = (await anonymous().get("/api/instance")).json<InstanceView>();
    expect(read).toMatchObject({ name: "Riverside Plaza", description: "The river town's square", locale: "es" });
    expect(read.rules).toEqual(rules);
    // The town's language is what a visitor who asks for none is answered in (issue 49); English again after.
    const badSignUp = { email: "not-an-email" };
    const spanish = (await anonymous().post("/api/auth/register", badSignUp)).json().message;
    const english = (await anonymous().post("/api/auth/register", badSignUp, { "accept-language": "en" })).json()
      .message;
    expect(spanish).not.toBe(english);
    await admin.patch("/api/admin/instance", { locale: "en" });
    expect((await anonymous().post("/api/auth/register", badSignUp)).json().message).toBe(english);
  });

  it("refuses a logo that is not one of the administrator's uploads", async () => {
    const response = await admin.patch("/api/admin/instance", { logoUrl: "https://elsewhere.test/logo.png" });
    expect(response.statusCode).toBe(400);
  });

  it("names the web manifest and the mails after the instance", async () => {
    await admin.patch("/api/admin/instance", { name: "Harbour Square" });
    const manifest = await anonymous().get("/manifest.webmanifest");
    expect(manifest.headers["content-type"]).toMatch(/^application\/manifest\+json/);
    expect(manifest.json()).toMatchObject({ name: "Harbour Square", short_name: "Harbour Squa", start_url: "/" });
    const attributes = userAttributes();
    await anonymous().post("/api/auth/register", attributes);
    const mail = await inbox.waitForMail(attributes.email, /Confirm your email address/);
    expect(mail.subject).toBe("Confirm your email address · Harbour Square");
    expect(mail.text).toContain("Welcome to Harbour Square!");
    expect(mail.html).toContain("Harbour Square</h1>");
    expect(mail.parsed.from?.value[0]?.name).toBe("Harbour Square");
    await admin.patch("/api/admin/instance", { name: "Plaza" });
  });
});

describe("sign-up with rules", () => {
  it("needs acceptedRules: true while the instance has rules (400 otherwise)", async () => {
    await admin.patch("/api/admin/instance", { rules: [{ text: "Be kind" }] });
    const refused = await anonymous().post("/api/auth/register", userAttributes());
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ message: INSTANCE_MESSAGES.rulesNotAccepted });
    const accepted = await anonymous().post("/api/auth/register", { ...userAttributes(), acceptedRules: true });
    expect(accepted.statusCode).toBe(201);
  });
});

describe("sign-up mode closed", () => {
  it("answers 403 with a sentence", async () => {
    await admin.patch("/api/admin/instance", { registrationMode: "closed" });
    const response = await anonymous().post("/api/auth/register", userAttributes());
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: "SIGN_UP_CLOSED", message: INSTANCE_MESSAGES.signUpClosed });
  });
});

describe("sign-up mode approval", () => {
  it("makes a pending account that signs in and reads but cannot post, follow or message until approved; mailed", {
    timeout: 120_000,
  }, async () => {
    await admin.patch("/api/admin/instance", { registrationMode: "approval" });
    const attributes = userAttributes();
    const newcomer = anonymous();
    const registered = await newcomer.post("/api/auth/register", attributes);
    expect(registered.statusCode).toBe(201);
    expect(registered.json()).toMatchObject({ status: "pending" });
    const someone = (await buildUser(harness.app)).user;
    expect((await newcomer.get(`/api/users/${someone.id}`)).statusCode).toBe(200);
    for (const [url, body] of [
      ["/api/posts", { content: "hello" }],
      ["/api/follows", { followingId: someone.id }],
      ["/api/messages", { recipientId: someone.id, content: "hi" }],
    ] as const) {
      const refused = await newcomer.post(url, body);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json()).toMatchObject({ code: "ACCOUNT_PENDING", message: INSTANCE_MESSAGES.accountPending });
    }
    const pending = await admin.get("/api/admin/pending-accounts");
    expect(pending.json()).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: registered.json().id, username: attributes.username })]),
    );
    expect((await member.post(`/api/admin/users/${registered.json().id}/approve`)).statusCode).toBe(403);
    const approved = await admin.post(`/api/admin/users/${registered.json().id}/approve`);
    expect(approved.json()).toMatchObject({ status: "active" });
    await settle();
    const mail = await inbox.waitForMail(attributes.email, /approved/);
    expect(mail.text).toContain("approved your account");
    expect((await newcomer.post("/api/posts", { content: "hello" })).statusCode).toBe(201);
    expect((await admin.post(`/api/admin/users/${registered.json().id}/approve`)).statusCode).toBe(409);
  });

  it("a rejected account is mailed, signed out and cannot sign in again", async () => {
    await admin.patch("/api/admin/instance", { registrationMode: "approval" });
    const attributes = userAttributes();
    const newcomer = anonymous();
    const { id } = (await newcomer.post("/api/auth/register", attributes)).json();
    expect((await admin.post(`/api/admin/users/${id}/reject`)).json()).toMatchObject({ status: "rejected" });
    await settle();
    expect((await inbox.waitForMail(attributes.email, /not approved/)).text).toContain("did not approve");
    expect((await newcomer.get("/api/auth/user")).statusCode).toBe(401);
    const again = await anonymous().post("/api/auth/login", { email: attributes.email, password: attributes.password });
    expect(again.statusCode).toBe(403);
    expect(again.json()).toMatchObject({ message: INSTANCE_MESSAGES.accountRejected });
  });

  it("answers 404 for an unknown account", async () => {
    const response = await admin.post("/api/admin/users/00000000-0000-4000-8000-000000000000/approve");
    expect(response.statusCode).toBe(404);
  });
});

describe("sign-up mode invite", () => {
  it("needs a valid invite code (400 without, unknown, expired or used up); uses are counted", async () => {
    await admin.patch("/api/admin/instance", { registrationMode: "invite" });
    const missing = await anonymous().post("/api/auth/register", userAttributes());
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ message: INSTANCE_MESSAGES.inviteRequired });
    const unknown = await anonymous().post("/api/auth/register", { ...userAttributes(), inviteCode: "nope" });
    expect(unknown.json()).toMatchObject({ message: INSTANCE_MESSAGES.inviteInvalid });
    const invite = await admin.post("/api/invites", { maxUses: 2, expiresInDays: 1 });
    expect(invite.statusCode).toBe(201);
    const { code, url, maxUses, expiresAt } = invite.json();
    expect(url).toMatch(new RegExp(`/login\\?tab=register&invite=${code}$`));
    expect({ maxUses, expiresAt }).toEqual({ maxUses: 2, expiresAt: "2026-06-02T12:00:00.000Z" });
    for (let use = 0; use < 2; use += 1) {
      const used = await anonymous().post("/api/auth/register", { ...userAttributes(), inviteCode: code });
      expect(used.statusCode).toBe(201);
    }
    const usedUp = await anonymous().post("/api/auth/register", { ...userAttributes(), inviteCode: code });
    expect(usedUp.statusCode).toBe(400);
    expect((await admin.get("/api/invites")).json()).toEqual(
      expect.arrayContaining([expect.objectContaining({ code, uses: 2 })]),
    );
    const later = (await admin.post("/api/invites", { expiresInDays: 1 })).json();
    harness.clock.advance(25 * 60 * 60 * 1000);
    const expired = await anonymous().post("/api/auth/register", { ...userAttributes(), inviteCode: later.code });
    expect(expired.statusCode).toBe(400);
  });

  it("lets members create invites only when the instance allows it", async () => {
    expect((await anonymous().post("/api/invites", {})).statusCode).toBe(401);
    expect((await admin.post("/api/invites", { maxUses: 0 })).statusCode).toBe(400);
    const refused = await member.post("/api/invites", {});
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ message: INSTANCE_MESSAGES.invitesForAdministrators });
    await admin.patch("/api/admin/instance", { membersCanInvite: true });
    expect((await member.post("/api/invites", {})).statusCode).toBe(201);
  });

  it("ends an invite at once (its creator or a superuser); it stays listed, expired, with its uses", async () => {
    const other = (await buildUser(harness.app)).client;
    await admin.patch("/api/admin/instance", { registrationMode: "invite", membersCanInvite: true });
    const mine = (await member.post("/api/invites", { maxUses: 3, expiresInDays: 7 })).json();
    expect(
      (await anonymous().post("/api/auth/register", { ...userAttributes(), inviteCode: mine.code })).statusCode,
    ).toBe(201);
    const notTheirs = await other.delete(`/api/invites/${mine.code}`);
    expect(notTheirs.statusCode).toBe(404);
    expect(notTheirs.json()).toMatchObject({ message: INSTANCE_MESSAGES.inviteNotFound });
    expect((await anonymous().delete(`/api/invites/${mine.code}`)).statusCode).toBe(401);

    const ended = await member.delete(`/api/invites/${mine.code}`);
    expect(ended.statusCode).toBe(200);
    expect(ended.json()).toMatchObject({ code: mine.code, uses: 1, expiresAt: harness.clock.now().toISOString() });
    const refused = await anonymous().post("/api/auth/register", { ...userAttributes(), inviteCode: mine.code });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ message: INSTANCE_MESSAGES.inviteInvalid });
    expect((await member.get("/api/invites")).json()).toEqual(
      expect.arrayContaining([expect.objectContaining({ code: mine.code, uses: 1 })]),
    );

    // A superuser ends anyone's; ending one again keeps its first end; an unknown code is 404.
    harness.clock.advance(60 * 1000);
    const again = await admin.delete(`/api/invites/${mine.code}`);
    expect(again.statusCode).toBe(200);
    expect(again.json().expiresAt).toBe(ended.json().expiresAt);
    expect((await admin.delete("/api/invites/no-such-code")).statusCode).toBe(404);
  });
});
