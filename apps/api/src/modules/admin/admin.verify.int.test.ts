import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildUser } from "../../../test/factories/users";
import { buildTestApp, type TestApp, TestClient } from "../../../test/test-app";

let harness: TestApp;
let boss: Awaited<ReturnType<typeof buildUser>>;

const MISSING_ID = "0b7c1f7e-5c5e-4d8a-9b59-3c3a1e1d2f00";

beforeAll(async () => {
  harness = await buildTestApp({ SUPERUSER_EMAILS: "boss@example.test" });
  boss = await buildUser(harness.app, { email: "boss@example.test" });
});
afterAll(() => harness.close());

const adminLogs = async () => (await boss.client.get("/api/admin/logs?limit=100")).json();

describe("POST/DELETE /api/admin/users/{id}/verify", () => {
  it("is for superusers only: 401 signed out, 403 for users, and nothing changes", async () => {
    const target = await buildUser(harness.app);
    const url = `/api/admin/users/${target.user.id}/verify`;
    expect((await new TestClient(harness.app).post(url)).statusCode).toBe(401);
    const refused = await target.client.post(url);
    expect(refused.statusCode).toBe(403);
    expect((await target.client.delete(url)).statusCode).toBe(403);
    expect((await target.client.get(`/api/users/${target.user.id}`)).json().isVerified).toBe(false);
  });

  it("sets and clears isVerified, shows it on the profile, and logs both", async () => {
    const target = await buildUser(harness.app);
    const url = `/api/admin/users/${target.user.id}/verify`;
    const verified = await boss.client.post(url);
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toMatchObject({ id: target.user.id, isVerified: true });
    const { client: viewer } = await buildUser(harness.app);
    expect((await viewer.get(`/api/users/${target.user.id}`)).json().isVerified).toBe(true);
    expect((await adminLogs())[0]).toMatchObject({
      action: "verify_user",
      targetType: "user",
      targetId: target.user.id,
    });

    harness.clock.advance(1000);
    const removed = await boss.client.delete(url);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().isVerified).toBe(false);
    expect((await viewer.get(`/api/users/${target.user.id}`)).json().isVerified).toBe(false);
    expect((await adminLogs())[0]).toMatchObject({ action: "unverify_user", targetId: target.user.id });

    expect((await boss.client.post(`/api/admin/users/${MISSING_ID}/verify`)).statusCode).toBe(404);
    expect((await boss.client.post("/api/admin/users/not-a-uuid/verify")).statusCode).toBe(400);
  });
});
