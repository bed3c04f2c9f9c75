import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildUser, userAttributes } from "../../../test/factories/users";
import { buildTestApp, type TestApp, TestClient } from "../../../test/test-app";

let harness: TestApp;
let boss: Awaited<ReturnType<typeof buildUser>>;

beforeAll(async () => {
  harness = await buildTestApp({ SUPERUSER_EMAILS: "boss@example.test" });
  boss = await buildUser(harness.app, { email: "boss@example.test" });
}, 180_000);
afterAll(() => harness.close());

const BLOCKED = "Sign-ups from this email domain are not accepted here. Please use another address.";

describe("/api/admin/email-domain-blocks", () => {
  it("answers 401 → 400 → 403 in that order, then lists, adds (409 twice) and removes (404 twice)", async () => {
    expect((await new TestClient(harness.app).post("/api/admin/email-domain-blocks", { domain: 1 })).statusCode).toBe(
      401,
    );
    const invalid = await boss.client.post("/api/admin/email-domain-blocks", { domain: "not a domain" });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().message).toBe("Enter a domain such as example.com");
    const member = await buildUser(harness.app);
    expect((await member.client.post("/api/admin/email-domain-blocks", { domain: "a.example" })).statusCode).toBe(403);
    const added = await boss.client.post("/api/admin/email-domain-blocks", { domain: "Junk.Example" });
    expect(added.statusCode).toBe(201);
    expect(added.json().domain).toBe("junk.example");
    expect((await boss.client.post("/api/admin/email-domain-blocks", { domain: "junk.example" })).statusCode).toBe(409);
    const list = (await boss.client.get("/api/admin/email-domain-blocks")).json();
    expect(list.map((entry: { domain: string }) => entry.domain)).toContain("junk.example");
    expect((await boss.client.delete(`/api/admin/email-domain-blocks/${added.json().id}`)).statusCode).toBe(204);
    expect((await boss.client.delete(`/api/admin/email-domain-blocks/${added.json().id}`)).statusCode).toBe(404);
  });

  it("refuses sign-up at a blocked domain and its subdomains, with a sentence", async () => {
    await boss.client.post("/api/admin/email-domain-blocks", { domain: "spam.example" });
    for (const email of ["new@spam.example", "new@mail.SPAM.example"]) {
      const response = await new TestClient(harness.app).post("/api/auth/register", userAttributes({ email }));
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(BLOCKED);
    }
    const lookAlike = await new TestClient(harness.app).post(
      "/api/auth/register",
      userAttributes({ email: "new@notspam.example" }),
    );
    expect(lookAlike.statusCode).toBe(201);
  });

  it("refuses an email change to a blocked domain", async () => {
    await boss.client.post("/api/admin/email-domain-blocks", { domain: "trash.example" });
    const member = await buildUser(harness.app);
    const response = await member.client.post("/api/auth/email", {
      newEmail: "me@trash.example",
      currentPassword: member.password,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(BLOCKED);
  });
});
