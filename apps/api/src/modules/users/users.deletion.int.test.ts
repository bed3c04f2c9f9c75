import { DELETION_GRACE_MS } from "@plaza/contracts/constants";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildUser } from "../../../test/factories/users";
import { buildTestApp, type TestApp, TestClient } from "../../../test/test-app";
import { sessions } from "../../db/schema/auth";
import { ledgerAccounts } from "../../db/schema/payments";
import { users } from "../../db/schema/users";
import { JOB_KINDS } from "../../jobs/kinds";

let harness: TestApp;

beforeAll(async () => {
  harness = await buildTestApp();
});
afterAll(() => harness.close());

const anonymous = () => new TestClient(harness.app);
const purgeJob = () => {
  const job = JOB_KINDS.find((candidate) => candidate.name === "purge-deleted-accounts");
  if (!job) throw new Error("purge job is not registered");
  return job;
};
const findUserRow = async (userId: string) => {
  const [row] = await harness.context.db.select().from(users).where(eq(users.id, userId));
  return row;
};

describe("POST /api/users/delete", () => {
  it("answers 401 without a session", async () => {
    expect((await anonymous().post("/api/users/delete")).statusCode).toBe(401);
  });

  it("schedules deletion in 7 days, keeps the current session, ends the others, and hides the profile", async () => {
    const { client, user, password } = await buildUser(harness.app);
    const otherDevice = new TestClient(harness.app);
    await otherDevice.post("/api/auth/login", { email: user.email, password });
    const response = await client.post("/api/users/delete");
    expect(response.statusCode).toBe(200);
    const expectedEnd = new Date(harness.clock.now().getTime() + DELETION_GRACE_MS).toISOString();
    expect(response.json()).toEqual({ isDeleted: true, deletionGracePeriodEnd: expectedEnd });
    expect((await client.get("/api/auth/user")).json()).toMatchObject({
      isDeleted: true,
      deletionGracePeriodEnd: expectedEnd,
    });
    expect((await otherDevice.get("/api/auth/user")).statusCode).toBe(401);
    expect((await anonymous().get(`/api/users/${user.id}`)).statusCode).toBe(404);
    // Asking twice keeps the first date.
    harness.clock.advance(60_000);
    expect((await client.post("/api/users/delete")).json().deletionGracePeriodEnd).toBe(expectedEnd);
  });
});

describe("POST /api/users/cancel-deletion", () => {
  it("answers 401, 409 when nothing is scheduled, then cancels", async () => {
    expect((await anonymous().post("/api/users/cancel-deletion")).statusCode).toBe(401);
    const { client, user } = await buildUser(harness.app);
    const nothing = await client.post("/api/users/cancel-deletion");
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json().message).toBe("Account deletion is not scheduled");
    await client.post("/api/users/delete");
    harness.clock.advance(DELETION_GRACE_MS - 60_000);
    const cancelled = await client.post("/api/users/cancel-deletion");
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toEqual({ isDeleted: false, deletionGracePeriodEnd: null });
    expect((await anonymous().get(`/api/users/${user.id}`)).statusCode).toBe(200);
    harness.clock.advance(DELETION_GRACE_MS);
    await purgeJob().run(harness.context);
    expect(await findUserRow(user.id)).toBeDefined();
  });
});

describe("cancel after the grace period", () => {
  it("answers 409 once the grace period has ended, even before the purge ran", async () => {
    const { client } = await buildUser(harness.app);
    await client.post("/api/users/delete");
    harness.clock.advance(DELETION_GRACE_MS + 1);
    const late = await client.post("/api/users/cancel-deletion");
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe("Account deletion is not scheduled");
  });
});

describe("purge job", () => {
  it("erases accounts only after the grace period, fixes others' counters, and is idempotent", async () => {
    const { client: leaver, user: leaverUser, password } = await buildUser(harness.app);
    const { client: friend, user: friendUser } = await buildUser(harness.app);
    await leaver.post("/api/follows", { followingId: friendUser.id });
    await friend.post("/api/follows", { followingId: leaverUser.id });
    await leaver.post("/api/users/delete");

    harness.clock.advance(DELETION_GRACE_MS - 1000);
    await purgeJob().run(harness.context);
    expect(await findUserRow(leaverUser.id)).toBeDefined();

    harness.clock.advance(2000);
    await purgeJob().run(harness.context);
    // A second run (as after a restart) finds nothing more to do.
    await purgeJob().run(harness.context);
    expect(await findUserRow(leaverUser.id)).toBeUndefined();
    expect(await harness.context.db.select().from(sessions).where(eq(sessions.userId, leaverUser.id))).toEqual([]);
    expect((await friend.get("/api/auth/user")).json()).toMatchObject({ followersCount: 0, followingCount: 0 });
    expect((await leaver.get("/api/auth/user")).statusCode).toBe(401);
    const signIn = await anonymous().post("/api/auth/login", { email: leaverUser.email, password });
    expect(signIn.statusCode).toBe(401);
  });

  it("anonymises instead of deleting an account the money ledger references", async () => {
    const { client, user, password } = await buildUser(harness.app, { firstName: "Moneyed", lastName: "Person" });
    await client.put(`/api/users/${user.id}/social-links`, { socialLinks: { github: "https://github.com/rich" } });
    await client.patch("/api/users/profile", {
      firstName: "Moneyed",
      lastName: "Person",
      username: user.username,
      bio: "I tip a lot",
      city: "Paris",
    });
    await harness.context.db.insert(ledgerAccounts).values({ kind: "wallet", userId: user.id });
    await client.post("/api/users/delete");
    harness.clock.advance(DELETION_GRACE_MS + 1);
    await purgeJob().run(harness.context);
    await purgeJob().run(harness.context);
    const row = await findUserRow(user.id);
    expect(row).toMatchObject({
      isDeleted: true,
      deletionGracePeriodEnd: null,
      firstName: null,
      lastName: null,
      bio: null,
      city: null,
      profileImageUrl: null,
      socialLinks: {},
    });
    expect(row?.email).not.toBe(user.email);
    expect(row?.username).not.toBe(user.username);
    expect(await harness.context.db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
    expect((await anonymous().post("/api/auth/login", { email: user.email, password })).statusCode).toBe(401);
    expect((await anonymous().get(`/api/users/${user.id}`)).statusCode).toBe(404);
  });
});
