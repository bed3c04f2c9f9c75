import { AGREEMENTS_MESSAGES } from "@plaza/contracts/agreements";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildUser } from "../../../test/factories/users";
import { buildTestApp, type TestApp, TestClient } from "../../../test/test-app";
import { agreements } from "../../db/schema/agreements";
import { ensureActiveAgreement } from "./agreements.service";

let harness: TestApp;

beforeAll(async () => {
  harness = await buildTestApp();
});
afterAll(() => harness.close());

const anonymous = () => new TestClient(harness.app);

describe("GET /api/agreements/active", () => {
  it("seeds one active agreement on a new install, once, and shows it to anyone", async () => {
    await Promise.all([
      ensureActiveAgreement(harness.context.db, new Date()),
      ensureActiveAgreement(harness.context.db, new Date()),
    ]);
    const response = await anonymous().get("/api/agreements/active");
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ title: "Plaza User Agreement", version: "1.0" });
    expect(response.json().content.length).toBeGreaterThan(500);
    const rows = await harness.context.db.select().from(agreements);
    expect(rows.map((row) => row.kind).sort()).toEqual(["privacy-policy", "user-agreement"]);
  });
});

describe("GET /api/agreements/privacy-policy", () => {
  it("shows the privacy policy in force to anyone, signed in or not: the default one on a new install", async () => {
    const { client } = await buildUser(harness.app);
    for (const reader of [anonymous(), client]) {
      const response = await reader.get("/api/agreements/privacy-policy");
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ title: "Plaza Privacy Policy", version: "1.0" });
      // What Plaza actually stores, and what it does not do.
      expect(response.json().content).toContain("argon2id");
      expect(response.json().content).toContain("about 500 m");
      expect(response.json().content).toContain("no third-party analytics");
    }
    const active = await harness.context.db.select().from(agreements);
    expect(active.filter((row) => row.kind === "privacy-policy" && row.isActive)).toHaveLength(1);
  });

  it("is not the user agreement: its id cannot be accepted as one", async () => {
    const { client } = await buildUser(harness.app);
    const policy = (await client.get("/api/agreements/privacy-policy")).json();
    const agreement = (await client.get("/api/agreements/active")).json();
    expect(policy.id).not.toBe(agreement.id);
    const refused = await client.post("/api/agreements/accept", { agreementId: policy.id });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toBe(AGREEMENTS_MESSAGES.notFound);
  });
});

describe("POST /api/agreements/accept", () => {
  it("answers 401, 400 for a malformed id, 404 for an unknown agreement", async () => {
    expect((await anonymous().post("/api/agreements/accept", { agreementId: crypto.randomUUID() })).statusCode).toBe(
      401,
    );
    const { client } = await buildUser(harness.app);
    const malformed = await client.post("/api/agreements/accept", { agreementId: "v1" });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe("Invalid agreement");
    const unknown = await client.post("/api/agreements/accept", { agreementId: crypto.randomUUID() });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe("Agreement not found");
  });

  it("records the acceptance with the account when the sign-up's box was ticked (one request, issue 52)", async () => {
    const ticked = await buildUser(harness.app, { acceptsAgreement: true });
    const active = (await ticked.client.get("/api/agreements/active")).json();
    expect((await ticked.client.get("/api/agreements/acceptance")).json()).toEqual({
      agreementId: active.id,
      hasAccepted: true,
      acceptedAt: harness.clock.now().toISOString(),
    });
    const unticked = await buildUser(harness.app, { acceptsAgreement: false });
    expect((await unticked.client.get("/api/agreements/acceptance")).json()).toMatchObject({ hasAccepted: false });
  });

  it("records the acceptance per version, idempotently, and reports it", async () => {
    const { client } = await buildUser(harness.app);
    const active = (await client.get("/api/agreements/active")).json();
    expect((await client.get("/api/agreements/acceptance")).json()).toEqual({
      agreementId: active.id,
      hasAccepted: false,
      acceptedAt: null,
    });
    const first = await client.post("/api/agreements/accept", { agreementId: active.id });
    expect(first.statusCode).toBe(200);
    harness.clock.advance(60_000);
    const second = await client.post("/api/agreements/accept", { agreementId: active.id });
    expect(second.json().acceptedAt).toBe(first.json().acceptedAt);
    expect((await client.get("/api/agreements/acceptance")).json()).toMatchObject({ hasAccepted: true });

    // A new version becomes active: the earlier acceptance does not count for it.
    const { eq } = await import("drizzle-orm");
    await harness.context.db.update(agreements).set({ isActive: false }).where(eq(agreements.id, active.id));
    // The privacy policy's version 2.0 is another document: the agreement's may have the same name.
    await harness.context.db
      .insert(agreements)
      .values({ kind: "privacy-policy", title: "Privacy", version: "2.0", content: "New policy", isActive: false });
    await harness.context.db
      .insert(agreements)
      .values({ title: "Plaza User Agreement", version: "2.0", content: "New terms", isActive: true });
    const acceptance = (await client.get("/api/agreements/acceptance")).json();
    expect(acceptance.hasAccepted).toBe(false);
    expect(acceptance.agreementId).not.toBe(active.id);

    // Only the version in force can be accepted: the old one is refused, and does not count.
    const { client: newcomer } = await buildUser(harness.app);
    for (const account of [client, newcomer]) {
      const old = await account.post("/api/agreements/accept", { agreementId: active.id });
      expect(old.statusCode).toBe(409);
      expect(old.json()).toMatchObject({ code: "AGREEMENT_NOT_ACTIVE", message: AGREEMENTS_MESSAGES.notActive });
    }
    expect((await newcomer.get("/api/agreements/acceptance")).json().hasAccepted).toBe(false);
    const current = await newcomer.post("/api/agreements/accept", { agreementId: acceptance.agreementId });
    expect(current.statusCode).toBe(200);
    expect((await newcomer.get("/api/agreements/acceptance")).json().hasAccepted).toBe(true);
  });

  it("GET /api/agreements/acceptance answers 401 without a session", async () => {
    expect((await anonymous().get("/api/agreements/acceptance")).statusCode).toBe(401);
  });
});
