import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildUser, userAttributes } from "../../../test/factories/users";
import { buildTestApp, type TestApp, TestClient } from "../../../test/test-app";

/** Uses of an invite are counted in one conditional update: on PostgreSQL, parallel sign-ups never overspend it. */
const onPostgres = Boolean(process.env.DATABASE_URL);
let harness: TestApp;

beforeAll(async () => {
  if (!onPostgres) return;
  harness = await buildTestApp({ SUPERUSER_EMAILS: "mayor@example.test" });
}, 180_000);
afterAll(async () => {
  await harness?.close();
});

describe.runIf(onPostgres)("invite uses under a race (PostgreSQL)", () => {
  it("8 sign-ups at once on a 3-use invite: exactly 3 accounts, the invite at 3 uses", {
    timeout: 180_000,
  }, async () => {
    const admin = (await buildUser(harness.app, { email: "mayor@example.test" })).client;
    await admin.patch("/api/admin/instance", { registrationMode: "invite" });
    const { code } = (await admin.post("/api/invites", { maxUses: 3 })).json();
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        new TestClient(harness.app).post("/api/auth/register", { ...userAttributes(), inviteCode: code }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses.filter((status) => status === 201)).toHaveLength(3);
    expect(statuses.filter((status) => status === 400)).toHaveLength(5);
    expect((await admin.get("/api/invites")).json()[0]).toMatchObject({ code, uses: 3, maxUses: 3 });
  });
});
