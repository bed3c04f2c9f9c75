import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildUser } from "../../../test/factories/users";
import { buildTestApp, type TestApp, TestClient } from "../../../test/test-app";
import { notifications } from "../../db/schema/notifications";

let harness: TestApp;

beforeAll(async () => {
  harness = await buildTestApp();
});
afterAll(() => harness.close());

const anonymous = () => new TestClient(harness.app);
const profileOf = async (client: TestClient, userId: string) => (await client.get(`/api/users/${userId}`)).json();

describe("POST /api/follows", () => {
  it("answers 401 without a session", async () => {
    const response = await anonymous().post("/api/follows", { followingId: crypto.randomUUID() });
    expect(response.statusCode).toBe(401);
  });

  it("answers 400 for a malformed id and for oneself, 404 for an unknown user", async () => {
    const { client, user } = await buildUser(harness.app);
    const malformed = await client.post("/api/follows", { followingId: "nope" });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe("Invalid user id");
    const self = await client.post("/api/follows", { followingId: user.id });
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe("You cannot follow yourself");
    const unknown = await client.post("/api/follows", { followingId: crypto.randomUUID() });
    expect(unknown.statusCode).toBe(404);
  });

  it("answers 403 when a block stands between the two, in either direction", async () => {
    const { client: blocker, user: blockerUser } = await buildUser(harness.app);
    const { client: blocked, user: blockedUser } = await buildUser(harness.app);
    await blocker.post("/api/blocks", { blockedId: blockedUser.id });
    for (const [client, target] of [
      [blocked, blockerUser.id],
      [blocker, blockedUser.id],
    ] as const) {
      const response = await client.post("/api/follows", { followingId: target });
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe("You cannot follow this user");
    }
  });

  it("follows once (idempotent), moves both counters and notifies the followed user", async () => {
    const { client, user } = await buildUser(harness.app);
    const { user: star } = await buildUser(harness.app);
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const response = await client.post("/api/follows", { followingId: star.id });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ isFollowing: true, isRequested: false });
    }
    expect((await profileOf(client, star.id)).followersCount).toBe(1);
    expect((await profileOf(client, user.id)).followingCount).toBe(1);
    expect((await client.get(`/api/follows/status/${star.id}`)).json()).toEqual({
      isFollowing: true,
      isRequested: false,
    });
    const notes = await harness.context.db.select().from(notifications).where(eq(notifications.userId, star.id));
    expect(notes).toEqual([expect.objectContaining({ type: "follow", actorId: user.id })]);
  });
});

describe("repeat follows (notification spam)", () => {
  it("ten follow/unfollow cycles leave one follow notification, refreshed rather than duplicated", async () => {
    const { client } = await buildUser(harness.app);
    const { client: star, user: starUser } = await buildUser(harness.app);
    for (let cycle = 0; cycle < 10; cycle += 1) {
      expect((await client.post("/api/follows", { followingId: starUser.id })).statusCode).toBe(200);
      expect((await client.delete(`/api/follows/${starUser.id}`)).statusCode).toBe(200);
    }
    const list = (await star.get("/api/notifications")).json();
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ type: "follow" });
    expect((await star.get("/api/notifications/unread-count")).json()).toEqual({ count: 1 });

    // Once read, following again brings the same notification back to the top, unread.
    expect((await star.post("/api/notifications/read-all")).statusCode).toBe(204);
    const { client: other, user: otherUser } = await buildUser(harness.app);
    await other.post("/api/follows", { followingId: starUser.id });
    await client.post("/api/follows", { followingId: starUser.id });
    const after = (await star.get("/api/notifications")).json();
    expect(after).toHaveLength(2);
    expect(after[0]).toMatchObject({ id: list[0].id, type: "follow", isRead: false });
    expect(after[1]).toMatchObject({ type: "follow", actor: { id: otherUser.id } });
    expect((await star.get("/api/notifications/unread-count")).json()).toEqual({ count: 2 });
  });

  it("asking again to follow a private account refreshes the one request notification", async () => {
    const { client: owner, user: ownerUser } = await buildUser(harness.app);
    await owner.patch("/api/users/profile", {
      firstName: "Private",
      lastName: "Person",
      username: ownerUser.username,
      accountVisibility: "private",
    });
    const { client } = await buildUser(harness.app);
    for (let cycle = 0; cycle < 5; cycle += 1) {
      expect((await client.post("/api/follows", { followingId: ownerUser.id })).json().isRequested).toBe(true);
      await client.delete(`/api/follows/${ownerUser.id}`);
    }
    const notes = await harness.context.db.select().from(notifications).where(eq(notifications.userId, ownerUser.id));
    expect(notes).toEqual([expect.objectContaining({ type: "follow", data: { isRequest: true } })]);
  });
});

describe("DELETE /api/follows/{userId}", () => {
  it("answers 401, 400, then unfollows idempotently with counters back to 0", async () => {
    expect((await anonymous().delete(`/api/follows/${crypto.randomUUID()}`)).statusCode).toBe(401);
    const { client, user } = await buildUser(harness.app);
    const { user: star } = await buildUser(harness.app);
    expect((await client.delete("/api/follows/nope")).statusCode).toBe(400);
    await client.post("/api/follows", { followingId: star.id });
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const response = await client.delete(`/api/follows/${star.id}`);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ isFollowing: false, isRequested: false });
    }
    expect((await profileOf(client, star.id)).followersCount).toBe(0);
    expect((await profileOf(client, user.id)).followingCount).toBe(0);
    expect((await client.get(`/api/follows/status/${star.id}`)).json()).toEqual({
      isFollowing: false,
      isRequested: false,
    });
  });
});

describe("GET /api/follows/status/{userId}", () => {
  it("answers 401 without a session and 400 for a malformed id", async () => {
    expect((await anonymous().get(`/api/follows/status/${crypto.randomUUID()}`)).statusCode).toBe(401);
    const { client } = await buildUser(harness.app);
    expect((await client.get("/api/follows/status/x")).statusCode).toBe(400);
  });
});

describe("GET /api/users/{userId}/followers and /following", () => {
  it("lists people newest first, paginated with X-Next-Cursor", async () => {
    const { user: star } = await buildUser(harness.app);
    const fans: string[] = [];
    for (let index = 0; index < 5; index += 1) {
      const { client, user } = await buildUser(harness.app);
      harness.clock.advance(1000);
      await client.post("/api/follows", { followingId: star.id });
      fans.push(user.id);
    }
    const firstPage = await anonymous().get(`/api/users/${star.id}/followers?limit=3`);
    expect(firstPage.statusCode).toBe(200);
    expect(firstPage.json().map((person: { id: string }) => person.id)).toEqual(fans.slice(2).reverse());
    const cursor = firstPage.headers["x-next-cursor"];
    expect(typeof cursor).toBe("string");
    const secondPage = await anonymous().get(`/api/users/${star.id}/followers?limit=3&cursor=${cursor}`);
    expect(secondPage.json().map((person: { id: string }) => person.id)).toEqual(fans.slice(0, 2).reverse());
    expect(secondPage.headers["x-next-cursor"]).toBeUndefined();
    expect(secondPage.json()[0]).not.toHaveProperty("email");

    const following = await anonymous().get(`/api/users/${fans[0]}/following`);
    expect(following.json().map((person: { id: string }) => person.id)).toEqual([star.id]);
    expect((await anonymous().get(`/api/users/${star.id}/followers?cursor=garbage`)).statusCode).toBe(400);
    expect((await anonymous().get(`/api/users/${star.id}/followers?limit=1000`)).statusCode).toBe(400);
  });
});

describe("concurrent follows", () => {
  it("keeps followersCount exact under 20 concurrent followers and mutual follows", async () => {
    const { user: star, client: starClient } = await buildUser(harness.app);
    const fans = await Promise.all(Array.from({ length: 20 }, () => buildUser(harness.app)));
    const results = await Promise.all([
      ...fans.map(({ client }) => client.post("/api/follows", { followingId: star.id })),
      ...fans.slice(0, 10).map(({ user }) => starClient.post("/api/follows", { followingId: user.id })),
      ...fans.map(({ client }) => client.post("/api/follows", { followingId: star.id })),
    ]);
    expect(results.map((response) => response.statusCode)).toEqual(results.map(() => 200));
    const profile = await profileOf(starClient, star.id);
    expect(profile.followersCount).toBe(20);
    expect(profile.followingCount).toBe(10);
    await Promise.all(fans.map(({ client }) => client.delete(`/api/follows/${star.id}`)));
    expect((await profileOf(starClient, star.id)).followersCount).toBe(0);
  });
});

describe("follow requests to private accounts", () => {
  it("a follow becomes a request the owner approves; only then the content is visible", async () => {
    const { client: owner, user: ownerUser } = await buildUser(harness.app);
    await owner.patch("/api/users/profile", {
      firstName: "Private",
      lastName: "Person",
      username: ownerUser.username,
      accountVisibility: "private",
    });
    const { client: fan, user: fanUser } = await buildUser(harness.app);
    const requested = await fan.post("/api/follows", { followingId: ownerUser.id });
    expect(requested.json()).toEqual({ isFollowing: false, isRequested: true });
    expect((await fan.get(`/api/follows/status/${ownerUser.id}`)).json()).toEqual({
      isFollowing: false,
      isRequested: true,
    });
    expect((await fan.get(`/api/users/${ownerUser.id}`)).json().abilities.canViewContent).toBe(false);
    expect((await profileOf(owner, ownerUser.id)).followersCount).toBe(0);

    expect((await anonymous().get("/api/follows/requests")).statusCode).toBe(401);
    const requests = await owner.get("/api/follows/requests");
    expect(requests.json().map((person: { id: string }) => person.id)).toEqual([fanUser.id]);
    expect((await fan.get("/api/follows/requests")).json()).toEqual([]);

    expect((await owner.post("/api/follows/requests/x/approve")).statusCode).toBe(400);
    const unknown = await owner.post(`/api/follows/requests/${crypto.randomUUID()}/approve`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe("Follow request not found");
    // The requester cannot approve their own request to someone else.
    expect((await fan.post(`/api/follows/requests/${ownerUser.id}/approve`)).statusCode).toBe(404);

    expect((await owner.post(`/api/follows/requests/${fanUser.id}/approve`)).statusCode).toBe(204);
    expect((await fan.get(`/api/follows/status/${ownerUser.id}`)).json()).toEqual({
      isFollowing: true,
      isRequested: false,
    });
    expect((await profileOf(owner, ownerUser.id)).followersCount).toBe(1);
    expect((await fan.get(`/api/users/${ownerUser.id}`)).json().abilities.canViewContent).toBe(true);
    expect((await owner.get("/api/follows/requests")).json()).toEqual([]);
  });

  it("the owner declines a request and the requester can withdraw one", async () => {
    const { client: owner, user: ownerUser } = await buildUser(harness.app);
    await owner.patch("/api/users/profile", {
      firstName: "Private",
      lastName: "Person",
      username: ownerUser.username,
      accountVisibility: "private",
    });
    const { client: first, user: firstUser } = await buildUser(harness.app);
    const { client: second } = await buildUser(harness.app);
    await first.post("/api/follows", { followingId: ownerUser.id });
    await second.post("/api/follows", { followingId: ownerUser.id });
    expect((await owner.delete(`/api/follows/requests/${firstUser.id}`)).statusCode).toBe(204);
    expect((await first.get(`/api/follows/status/${ownerUser.id}`)).json().isRequested).toBe(false);
    expect((await second.delete(`/api/follows/${ownerUser.id}`)).json()).toEqual({
      isFollowing: false,
      isRequested: false,
    });
    expect((await owner.get("/api/follows/requests")).json()).toEqual([]);
  });
});
