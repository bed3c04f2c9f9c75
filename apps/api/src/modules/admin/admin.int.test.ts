import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { insertPost } from "../../../test/factories/posts";
import { buildUser, setUserLocation } from "../../../test/factories/users";
import { buildTestApp, type TestApp, TestClient } from "../../../test/test-app";
import { agreements } from "../../db/schema/agreements";
import { posts } from "../../db/schema/posts";
import { users } from "../../db/schema/users";

let harness: TestApp;
let boss: Awaited<ReturnType<typeof buildUser>>;

const DAY_MS = 24 * 60 * 60 * 1000;
const SOME_ID = "0b7c1f7e-5c5e-4d8a-9b59-3c3a1e1d2f00";

beforeAll(async () => {
  harness = await buildTestApp({ SUPERUSER_EMAILS: "boss@example.test,deputy@example.test" });
  boss = await buildUser(harness.app, { email: "boss@example.test" });
});
afterAll(() => harness.close());
// Each test's admin actions get their own moment, so "the newest log" is the one the test just wrote.
beforeEach(() => harness.clock.advance(1000));

const adminLogs = async () => (await boss.client.get("/api/admin/logs?limit=100")).json();

describe("every /api/admin route is for superusers (or, for the report queue, moderators) only", () => {
  const routes: { method: "GET" | "POST" | "DELETE"; url: string; payload?: unknown; isModeration?: boolean }[] = [
    { method: "GET", url: "/api/admin/stats" },
    { method: "GET", url: "/api/admin/users" },
    { method: "GET", url: `/api/admin/users/${SOME_ID}` },
    { method: "POST", url: `/api/admin/users/${SOME_ID}/suspend`, payload: { reason: "spam" } },
    { method: "POST", url: `/api/admin/users/${SOME_ID}/unsuspend` },
    { method: "DELETE", url: `/api/admin/users/${SOME_ID}` },
    { method: "GET", url: "/api/admin/posts" },
    { method: "DELETE", url: `/api/admin/posts/${SOME_ID}` },
    { method: "GET", url: "/api/admin/logs" },
    { method: "GET", url: "/api/admin/location-stats" },
    { method: "GET", url: "/api/admin/system" },
    { method: "GET", url: "/api/admin/jobs" },
    { method: "POST", url: `/api/admin/jobs/mail-account/${SOME_ID}/retry` },
    { method: "POST", url: "/api/admin/agreements", payload: { title: "T", version: "9", content: "C" } },
    { method: "POST", url: "/api/admin/privacy-policy", payload: { title: "T", version: "9", content: "C" } },
    { method: "GET", url: "/api/admin/reports?status=open", isModeration: true },
    {
      method: "POST",
      url: `/api/admin/reports/${SOME_ID}/resolve`,
      payload: { action: "dismiss", reason: "ok" },
      isModeration: true,
    },
  ];

  it.each(routes)("$method $url: 401 signed out, 403 for a normal user, even with a bad body", async (route) => {
    const anonymous = await new TestClient(harness.app).request({
      method: route.method,
      url: route.url,
      payload: { junk: 1 } as never,
    });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().message).toBe("Unauthorized");

    const { client } = await buildUser(harness.app);
    const refused = await client.request({ method: route.method, url: route.url, payload: route.payload as never });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(
      route.isModeration ? "Moderator access required." : "Superuser access required.",
    );
  });
});

describe("GET /api/admin/stats", () => {
  it("counts users, posts, businesses, suspended, deleted and open reports", async () => {
    const response = await boss.client.get("/api/admin/stats");
    expect(response.statusCode).toBe(200);
    const stats = response.json();
    expect(Object.keys(stats).sort()).toEqual(
      ["deletedUsers", "openReports", "suspendedUsers", "totalBusinesses", "totalPosts", "totalUsers"].sort(),
    );
    const [row] = await harness.context.db.select({ id: users.id }).from(users).limit(1);
    expect(row).toBeDefined();
    expect(stats.totalUsers).toBeGreaterThanOrEqual(1);
  });
});

describe("GET /api/admin/users", () => {
  it("answers 400 for a bad limit or cursor", async () => {
    expect((await boss.client.get("/api/admin/users?limit=0")).statusCode).toBe(400);
    const badCursor = await boss.client.get("/api/admin/users?cursor=nonsense");
    expect(badCursor.statusCode).toBe(400);
    expect(badCursor.json().message).toBe("Invalid cursor");
  });

  it("searches name, username and email, and pages with X-Next-Cursor", async () => {
    const tag = `zq${Date.now().toString(36)}`;
    const made = [];
    for (let index = 0; index < 3; index += 1) {
      harness.clock.advance(1000);
      made.push(await buildUser(harness.app, { username: `${tag}_${index}`, firstName: "Searchable" }));
    }
    const byName = await boss.client.get(`/api/admin/users?q=${tag}&limit=2`);
    expect(byName.statusCode).toBe(200);
    expect(byName.json().map((user: { username: string }) => user.username)).toEqual([`${tag}_2`, `${tag}_1`]);
    const cursor = byName.headers["x-next-cursor"];
    expect(cursor).toBeTruthy();
    const next = await boss.client.get(`/api/admin/users?q=${tag}&limit=2&cursor=${cursor}`);
    expect(next.json().map((user: { username: string }) => user.username)).toEqual([`${tag}_0`]);
    expect(next.headers["x-next-cursor"]).toBeUndefined();

    const byEmail = await boss.client.get(`/api/admin/users?q=${encodeURIComponent(made[0]?.user.email ?? "")}`);
    expect(byEmail.json()).toHaveLength(1);
    expect(byEmail.json()[0]).toMatchObject({ email: made[0]?.user.email, isSuspended: false, isDeleted: false });
    expect(byEmail.json()[0]).not.toHaveProperty("passwordHash");

    const byFullName = await boss.client.get(
      `/api/admin/users?q=${encodeURIComponent(`Searchable ${made[1]?.user.lastName}`)}`,
    );
    expect(byFullName.json().map((user: { id: string }) => user.id)).toEqual([made[1]?.user.id]);
  });
});

describe("GET /api/admin/users/{id}", () => {
  it("answers 400 for a bad id, 404 for an unknown one, and the user otherwise", async () => {
    expect((await boss.client.get("/api/admin/users/not-a-uuid")).json().message).toBe("Invalid user id");
    const missing = await boss.client.get(`/api/admin/users/${SOME_ID}`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe("User not found");
    const { user } = await buildUser(harness.app);
    const found = await boss.client.get(`/api/admin/users/${user.id}`);
    expect(found.json()).toMatchObject({ id: user.id, email: user.email, username: user.username });
  });
});

describe("POST /api/admin/users/{id}/suspend", () => {
  it("answers 400 for a too long reason or an end date in the past", async () => {
    const { user } = await buildUser(harness.app);
    const tooLong = await boss.client.post(`/api/admin/users/${user.id}/suspend`, { reason: "x".repeat(501) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toBe("Reason too long");
    const past = await boss.client.post(`/api/admin/users/${user.id}/suspend`, {
      suspendUntil: new Date(harness.clock.now().getTime() - 1000).toISOString(),
    });
    expect(past.statusCode).toBe(400);
    expect(past.json().message).toBe("The end date must be in the future.");
  });

  it("refuses to suspend a superuser (403), including oneself", async () => {
    const deputy = await buildUser(harness.app, { email: "deputy@example.test" });
    for (const id of [deputy.user.id, boss.user.id]) {
      const response = await boss.client.post(`/api/admin/users/${id}/suspend`, { reason: "no" });
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe("Superusers cannot be suspended.");
    }
  });

  it("suspends with reason and end date, refuses the user's next write, logs it, and lifts at the end date", async () => {
    const target = await buildUser(harness.app);
    const until = new Date(harness.clock.now().getTime() + 2 * DAY_MS).toISOString();
    const response = await boss.client.post(`/api/admin/users/${target.user.id}/suspend`, {
      reason: "Spamming the feed",
      suspendUntil: until,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      isSuspended: true,
      suspensionReason: "Spamming the feed",
      suspendedUntil: until,
    });

    const write = await target.client.post("/api/reports", { targetType: "user", targetId: boss.user.id, reason: "x" });
    expect(write.statusCode).toBe(403);
    expect(write.json().message).toBe("Your account is suspended");
    const read = await target.client.get("/api/auth/user");
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ isSuspended: true, suspensionReason: "Spamming the feed" });

    const [log] = await adminLogs();
    expect(log).toMatchObject({
      action: "suspend_user",
      targetType: "user",
      targetId: target.user.id,
      adminUserId: boss.user.id,
      // The screen reads names, not ids.
      admin: { id: boss.user.id, username: boss.user.username, profileImageUrl: null },
      targetLabel: `@${target.user.username}`,
      // The account acted on, for its name, photo and profile link.
      targetUser: { id: target.user.id, username: target.user.username, firstName: target.user.firstName },
      details: { reason: "Spamming the feed", suspendUntil: until },
    });

    harness.clock.advance(2 * DAY_MS + 1000);
    const afterEnd = await target.client.post("/api/notifications/read-all");
    expect(afterEnd.statusCode).toBe(204);
    const lifted = await boss.client.get(`/api/admin/users/${target.user.id}`);
    expect(lifted.json()).toMatchObject({ isSuspended: false, suspensionReason: null, suspendedUntil: null });
  });

  it("accepts an empty call as the seed screen sends it, and unsuspend lifts it with a log", async () => {
    const target = await buildUser(harness.app);
    const response = await boss.client.request({ method: "POST", url: `/api/admin/users/${target.user.id}/suspend` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ isSuspended: true, suspensionReason: null, suspendedUntil: null });
    harness.clock.advance(1000);
    const lifted = await boss.client.post(`/api/admin/users/${target.user.id}/unsuspend`);
    expect(lifted.json()).toMatchObject({ isSuspended: false });
    expect((await target.client.post("/api/notifications/read-all")).statusCode).toBe(204);
    expect((await adminLogs())[0]).toMatchObject({ action: "unsuspend_user", targetId: target.user.id });
  });
});

describe("DELETE /api/admin/users/{id}", () => {
  it("answers 404 for an unknown user and 403 for a superuser", async () => {
    expect((await boss.client.delete(`/api/admin/users/${SOME_ID}`)).statusCode).toBe(404);
    const refused = await boss.client.delete(`/api/admin/users/${boss.user.id}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe("Superusers cannot be deleted.");
  });

  it("marks the user for deletion with a 7-day grace period, ends their sessions and logs it", async () => {
    const target = await buildUser(harness.app);
    const now = harness.clock.now().getTime();
    const response = await boss.client.delete(`/api/admin/users/${target.user.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      isDeleted: true,
      deletionGracePeriodEnd: new Date(now + 7 * DAY_MS).toISOString(),
    });
    expect((await target.client.get("/api/auth/user")).statusCode).toBe(401);
    // Signing in again does not let the user cancel an administrator's deletion.
    const again = new TestClient(harness.app);
    expect(
      (await again.post("/api/auth/login", { email: target.user.email, password: target.password })).statusCode,
    ).toBe(200);
    const cancel = await again.post("/api/users/cancel-deletion");
    expect(cancel.statusCode).toBe(403);
    expect(cancel.json().message).toBe("Your account is suspended");
    expect((await adminLogs())[0]).toMatchObject({ action: "delete_user", targetId: target.user.id });
    const twice = await boss.client.delete(`/api/admin/users/${target.user.id}`);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe("This user is already marked for deletion.");
  });
});

describe("GET and DELETE /api/admin/posts", () => {
  it("lists posts with their author and PPV price, deletes one with its count and a log", async () => {
    const author = await buildUser(harness.app, { firstName: "Paula" });
    harness.clock.advance(1000);
    const freeId = await insertPost(harness.context.db, author.user.id, { createdAt: harness.clock.now() });
    harness.clock.advance(1000);
    const ppvId = await insertPost(harness.context.db, author.user.id, {
      postType: "ppv",
      priceCents: 499,
      mediaUrls: ["/objects/a.webp"],
      mediaType: "image",
      createdAt: harness.clock.now(),
    });
    const list = await boss.client.get("/api/admin/posts?limit=2");
    expect(list.statusCode).toBe(200);
    expect(list.json()[0]).toMatchObject({
      id: ppvId,
      isPpv: true,
      ppvPrice: 4.99,
      imageUrl: "/objects/a.webp",
      author: { id: author.user.id, firstName: "Paula" },
    });
    expect(list.json()[1]).toMatchObject({ id: freeId, isPpv: false, ppvPrice: null });

    expect((await boss.client.delete("/api/admin/posts/nope")).json().message).toBe("Invalid post id");
    const deleted = await boss.client.delete(`/api/admin/posts/${ppvId}`);
    expect(deleted.statusCode).toBe(204);
    expect(await harness.context.db.select().from(posts).where(eq(posts.id, ppvId))).toEqual([]);
    const [row] = await harness.context.db
      .select({ count: users.postsCount })
      .from(users)
      .where(eq(users.id, author.user.id));
    expect(row?.count).toBe(1);
    expect((await adminLogs())[0]).toMatchObject({
      action: "delete_post",
      targetType: "post",
      targetId: ppvId,
      details: { authorId: author.user.id },
    });
    const again = await boss.client.delete(`/api/admin/posts/${ppvId}`);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe("Post not found");
  });
});

describe("DELETE /api/admin/posts/{id} of a post people paid for", () => {
  it("removes it (the ledger keeps the money, without the post reference)", async () => {
    const author = await buildUser(harness.app, { profileType: "creator" });
    const fan = await buildUser(harness.app);
    const postId = await insertPost(harness.context.db, author.user.id, { postType: "ppv", priceCents: 300 });
    const unlock = await fan.client.post(
      "/api/ppv-unlocks",
      { postId, amount: 3 },
      { "idempotency-key": crypto.randomUUID() },
    );
    expect(unlock.statusCode).toBe(201);
    const deleted = await boss.client.delete(`/api/admin/posts/${postId}`);
    expect(deleted.statusCode).toBe(204);
    expect(await harness.context.db.select().from(posts).where(eq(posts.id, postId))).toEqual([]);
  });
});

describe("GET /api/admin/logs", () => {
  it("pages the log newest first", async () => {
    const first = await boss.client.get("/api/admin/logs?limit=1");
    expect(first.json()).toHaveLength(1);
    const cursor = first.headers["x-next-cursor"];
    expect(cursor).toBeTruthy();
    const second = await boss.client.get(`/api/admin/logs?limit=1&cursor=${cursor}`);
    expect(second.json()[0].id).not.toBe(first.json()[0].id);
    expect(new Date(second.json()[0].createdAt) <= new Date(first.json()[0].createdAt)).toBe(true);
  });
});

describe("GET /api/admin/location-stats", () => {
  it("never shows a group of fewer than 5 people by name or exact count", async () => {
    for (let index = 0; index < 6; index += 1) {
      const { user } = await buildUser(harness.app);
      await setUserLocation(harness.context, user.id, { city: "Lisbon", country: "Portugal", locationPrivacy: "city" });
      await insertPost(harness.context.db, user.id, { city: "Lisbon", country: "Portugal" });
    }
    for (let index = 0; index < 2; index += 1) {
      const { user } = await buildUser(harness.app);
      await setUserLocation(harness.context, user.id, { city: "Porto", country: "Portugal", locationPrivacy: "city" });
      await insertPost(harness.context.db, user.id, { city: "Porto", country: "Portugal" });
    }
    const hidden = await buildUser(harness.app);
    await setUserLocation(harness.context, hidden.user.id, {
      city: "Secretville",
      country: "Nowhere",
      locationPrivacy: "hidden",
    });

    const response = await boss.client.get("/api/admin/location-stats");
    expect(response.statusCode).toBe(200);
    const stats = response.json();
    // The documented field names (docs/PRODUCT.md "Fidelity fixes"): city, country, location, count.
    expect(stats.topCities).toEqual([
      { city: "Lisbon", count: 6, isMerged: false },
      { city: "Other places", count: null, isMerged: true },
    ]);
    expect(stats.topCountries).toEqual([{ country: "Portugal", count: 8, isMerged: false }]);
    expect(stats.usersByLocation[0]).toEqual({ location: "Lisbon, Portugal", count: 6, isMerged: false });
    expect(stats.postsByLocation).toEqual([
      { location: "Lisbon, Portugal", count: 6, isMerged: false },
      { location: "Other places", count: null, isMerged: true },
    ]);
    // Two authors posting from three small places each: 6 "place authors", but only 2 people.
    const prolific = [await buildUser(harness.app), await buildUser(harness.app)];
    for (const author of prolific) {
      for (const city of ["Braga", "Evora", "Sintra"]) {
        await insertPost(harness.context.db, author.user.id, { city, country: "Portugal" });
      }
    }
    const merged = (await boss.client.get("/api/admin/location-stats")).json().postsByLocation;
    expect(merged.find((group: { isMerged: boolean }) => group.isMerged)).toEqual({
      location: "Other places",
      count: null,
      isMerged: true,
    });
    const text = response.body;
    expect(text).not.toContain("Porto");
    expect(text).not.toContain("Secretville");
  });
});

describe("GET /api/admin/system and POST /api/admin/agreements", () => {
  it("answers 400 for a missing title", async () => {
    const response = await boss.client.post("/api/admin/agreements", { title: "", version: "1", content: "x" });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe("Title is required");
  });

  it("publishes versions one at a time, reports the active one, and logs it", async () => {
    const first = await boss.client.post("/api/admin/agreements", {
      title: "Terms",
      version: "1.0",
      content: "Be kind.",
    });
    expect(first.statusCode).toBe(201);
    harness.clock.advance(1000);
    const second = await boss.client.post("/api/admin/agreements", {
      title: "Terms",
      version: "2.0",
      content: "Be kinder.",
    });
    expect(second.json()).toMatchObject({ version: "2.0", content: "Be kinder." });
    const active = await harness.context.db
      .select()
      .from(agreements)
      .where(and(eq(agreements.isActive, true), eq(agreements.kind, "user-agreement")));
    expect(active.map((agreement) => agreement.version)).toEqual(["2.0"]);
    const duplicate = await boss.client.post("/api/admin/agreements", { title: "T", version: "2.0", content: "x" });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().message).toBe("An agreement with this version already exists.");
    expect((await adminLogs())[0]).toMatchObject({
      action: "publish_agreement",
      targetType: "agreement",
      details: { version: "2.0", previousVersion: "1.0" },
    });

    const system = await boss.client.get("/api/admin/system");
    expect(system.statusCode).toBe(200);
    const body = system.json();
    expect(body.activeAgreement).toMatchObject({ version: "2.0", title: "Terms" });
    expect(body.databaseSizeBytes).toBeGreaterThan(0);
    expect(body.tableCounts).toContainEqual({ table: "admin_logs", rows: expect.any(Number) });
    expect(body.tableCounts.find((entry: { table: string }) => entry.table === "users").rows).toBeGreaterThan(5);
    expect(body.jobs.map((job: { name: string }) => job.name)).toContain("purge-deleted-accounts");
  });
});

describe("POST /api/admin/privacy-policy", () => {
  it("answers 400 for a missing version", async () => {
    const response = await boss.client.post("/api/admin/privacy-policy", { title: "P", version: "", content: "x" });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe("Version is required");
  });

  it("publishes the privacy policy everyone reads, apart from the user agreement, and logs it", async () => {
    const agreementBefore = (await new TestClient(harness.app).get("/api/agreements/active")).json();
    expect((await new TestClient(harness.app).get("/api/agreements/privacy-policy")).json().version).toBe("1.0");
    const published = await boss.client.post("/api/admin/privacy-policy", {
      title: "Our Privacy Policy",
      version: "7.0",
      content: "We keep your posts and nothing else.",
    });
    expect(published.statusCode).toBe(201);
    expect(published.json()).toMatchObject({ title: "Our Privacy Policy", version: "7.0" });

    const read = await new TestClient(harness.app).get("/api/agreements/privacy-policy");
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({
      id: published.json().id,
      version: "7.0",
      content: "We keep your posts and nothing else.",
    });
    // The user agreement in force is untouched, and nobody is asked to accept anything new.
    expect((await new TestClient(harness.app).get("/api/agreements/active")).json().id).toBe(agreementBefore.id);

    const duplicate = await boss.client.post("/api/admin/privacy-policy", { title: "P", version: "7.0", content: "x" });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().message).toBe("An agreement with this version already exists.");
    expect((await adminLogs())[0]).toMatchObject({
      action: "publish_privacy_policy",
      targetType: "agreement",
      details: { version: "7.0", previousVersion: "1.0" },
    });
    const system = (await boss.client.get("/api/admin/system")).json();
    expect(system.activePrivacyPolicy).toMatchObject({ version: "7.0", title: "Our Privacy Policy" });
    expect(system.activeAgreement.id).toBe(agreementBefore.id);
  });
});
