import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildUser } from "../../../test/factories/users";
import { buildTestApp, type TestApp, TestClient } from "../../../test/test-app";

let harness: TestApp;

beforeAll(async () => {
  harness = await buildTestApp();
});
afterAll(() => harness.close());

const anonymous = () => new TestClient(harness.app);

describe("POST /api/blocks", () => {
  it("answers 401, then 400 for a bad id, a bad type or oneself, 404 for an unknown user", async () => {
    expect((await anonymous().post("/api/blocks", { blockedId: crypto.randomUUID() })).statusCode).toBe(401);
    const { client, user } = await buildUser(harness.app);
    const malformed = await client.post("/api/blocks", { blockedId: "x" });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe("Invalid user id");
    expect((await client.post("/api/blocks", { blockedId: crypto.randomUUID(), blockType: "ban" })).statusCode).toBe(
      400,
    );
    const self = await client.post("/api/blocks", { blockedId: user.id });
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe("You cannot block yourself");
    expect((await client.post("/api/blocks", { blockedId: crypto.randomUUID() })).statusCode).toBe(404);
  });

  it("removes follows both ways with their counters, and hides each from the other", async () => {
    const { client: alice, user: aliceUser } = await buildUser(harness.app);
    const { client: bob, user: bobUser } = await buildUser(harness.app);
    await alice.post("/api/follows", { followingId: bobUser.id });
    await bob.post("/api/follows", { followingId: aliceUser.id });
    const response = await alice.post("/api/blocks", { blockedId: bobUser.id, blockType: "hard" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ blockedId: bobUser.id, blockType: "hard", blocked: { id: bobUser.id } });
    const aliceSelf = (await alice.get("/api/auth/user")).json();
    expect(aliceSelf).toMatchObject({ followersCount: 0, followingCount: 0 });
    const bobSelf = (await bob.get("/api/auth/user")).json();
    expect(bobSelf).toMatchObject({ followersCount: 0, followingCount: 0 });
    expect((await alice.get(`/api/follows/status/${bobUser.id}`)).json()).toEqual({
      isFollowing: false,
      isRequested: false,
    });
    expect((await bob.get(`/api/users/${aliceUser.id}`)).statusCode).toBe(404);
    expect((await alice.get(`/api/users/${bobUser.id}`)).statusCode).toBe(404);
    expect((await bob.post("/api/follows", { followingId: aliceUser.id })).statusCode).toBe(403);
    // A third person's follower list, seen by Bob, leaves Alice out (and the other way round).
    const { client: carol, user: carolUser } = await buildUser(harness.app);
    await alice.post("/api/follows", { followingId: carolUser.id });
    const seenByBob = (await bob.get(`/api/users/${carolUser.id}/followers`)).json();
    expect(seenByBob).toEqual([]);
    const seenByCarol = (await carol.get(`/api/users/${carolUser.id}/followers`)).json();
    expect(seenByCarol.map((person: { id: string }) => person.id)).toEqual([aliceUser.id]);
    // Blocking again only changes the type.
    const again = await alice.post("/api/blocks", { blockedId: bobUser.id, blockType: "soft" });
    expect(again.json().blockType).toBe("soft");
  });
});

describe("GET /api/users/{userId}/blocked", () => {
  it("answers 401, 400, 403 for someone else's list, then lists the owner's blocks", async () => {
    expect((await anonymous().get(`/api/users/${crypto.randomUUID()}/blocked`)).statusCode).toBe(401);
    const { client, user } = await buildUser(harness.app);
    const { client: other, user: otherUser } = await buildUser(harness.app);
    expect((await client.get("/api/users/x/blocked")).statusCode).toBe(400);
    const forbidden = await other.get(`/api/users/${user.id}/blocked`);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().message).toBe("You can only see your own blocked users");
    await client.post("/api/blocks", { blockedId: otherUser.id, blockType: "soft" });
    const list = await client.get(`/api/users/${user.id}/blocked`);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([
      expect.objectContaining({ blockedId: otherUser.id, blockType: "soft", createdAt: expect.any(String) }),
    ]);
  });
});

describe("DELETE /api/blocks/{blockedId}", () => {
  it("answers 401, 400, then unblocks (idempotently) so following works again", async () => {
    expect((await anonymous().delete(`/api/blocks/${crypto.randomUUID()}`)).statusCode).toBe(401);
    const { client, user } = await buildUser(harness.app);
    const { client: other, user: otherUser } = await buildUser(harness.app);
    expect((await client.delete("/api/blocks/x")).statusCode).toBe(400);
    await client.post("/api/blocks", { blockedId: otherUser.id });
    // The blocked person cannot lift someone else's block.
    await other.delete(`/api/blocks/${user.id}`);
    expect((await other.post("/api/follows", { followingId: user.id })).statusCode).toBe(403);
    expect((await client.delete(`/api/blocks/${otherUser.id}`)).statusCode).toBe(204);
    expect((await client.delete(`/api/blocks/${otherUser.id}`)).statusCode).toBe(204);
    expect((await client.get(`/api/users/${user.id}/blocked`)).json()).toEqual([]);
    expect((await other.post("/api/follows", { followingId: user.id })).statusCode).toBe(200);
  });
});

describe("a follow racing a block", () => {
  it("never leaves a follow next to a block, and the counters stay exact", async () => {
    for (let round = 0; round < 10; round += 1) {
      const { client: blocker, user: blockerUser } = await buildUser(harness.app);
      const { client: follower, user: followerUser } = await buildUser(harness.app);
      await Promise.all([
        follower.post("/api/follows", { followingId: blockerUser.id }),
        blocker.post("/api/blocks", { blockedId: followerUser.id }),
      ]);
      expect((await follower.get(`/api/follows/status/${blockerUser.id}`)).json().isFollowing).toBe(false);
      expect((await blocker.get("/api/auth/user")).json().followersCount).toBe(0);
      expect((await follower.get("/api/auth/user")).json().followingCount).toBe(0);
    }
  });
});
