import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildUser } from "../../../test/factories/users";
import { buildTestApp, type TestApp, TestClient } from "../../../test/test-app";
import { sessions } from "../../db/schema/auth";

let harness: TestApp;
let boss: Awaited<ReturnType<typeof buildUser>>;

const DAY_MS = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  harness = await buildTestApp({ SUPERUSER_EMAILS: "boss@example.test" });
  boss = await buildUser(harness.app, { email: "boss@example.test" });
});
afterAll(() => harness.close());

describe("DELETE /api/admin/users/{id} of a user who asked to be deleted", () => {
  it("takes the deletion over, keeps its earlier end, ends the user's sessions at once and logs it", async () => {
    const target = await buildUser(harness.app);
    const asked = await target.client.post("/api/users/delete");
    expect(asked.statusCode).toBe(200);
    const ownEnd = asked.json().deletionGracePeriodEnd;
    expect(ownEnd).toBe(new Date(harness.clock.now().getTime() + 7 * DAY_MS).toISOString());
    // The session that asked stays (so the user can cancel) until an administrator steps in.
    expect((await target.client.get("/api/auth/user")).statusCode).toBe(200);

    harness.clock.advance(2 * DAY_MS);
    const response = await boss.client.delete(`/api/admin/users/${target.user.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ isDeleted: true, isSuspended: true, deletionGracePeriodEnd: ownEnd });

    expect((await target.client.get("/api/auth/user")).statusCode).toBe(401);
    expect(await harness.context.db.select().from(sessions).where(eq(sessions.userId, target.user.id))).toEqual([]);

    const again = new TestClient(harness.app);
    await again.post("/api/auth/login", { email: target.user.email, password: target.password });
    const cancel = await again.post("/api/users/cancel-deletion");
    expect(cancel.statusCode).toBe(403);

    const [log] = (await boss.client.get("/api/admin/logs?limit=1")).json();
    expect(log).toMatchObject({ action: "delete_user", targetId: target.user.id });

    const twice = await boss.client.delete(`/api/admin/users/${target.user.id}`);
    expect(twice.statusCode).toBe(409);
  });
});
