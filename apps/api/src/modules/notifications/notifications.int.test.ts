import { NOTIFICATION_CREATED_EVENT } from "@plaza/contracts/notifications";
import { DEFAULT_PREFERENCES } from "@plaza/contracts/users";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { buildUser } from "../../../test/factories/users";
import { buildTestApp, type TestApp, TestClient } from "../../../test/test-app";
import { blocks } from "../../db/schema/blocks";
import { users } from "../../db/schema/users";
import type { LiveEvent } from "../../lib/live-events";
import { notify } from "./notifications.service";

let harness: TestApp;
const SOME_ID = "0b7c1f7e-5c5e-4d8a-9b59-3c3a1e1d2f00";

beforeAll(async () => {
  harness = await buildTestApp();
});
afterAll(() => harness.close());
beforeEach(() => harness.clock.advance(1000));

/** What the other modules do: notify inside their own transaction. */
async function notifyInTransaction(notification: Parameters<typeof notify>[1]) {
  await harness.context.db.transaction(async (tx) => notify(tx, notification));
}

describe("signed out", () => {
  it.each([
    ["GET", "/api/notifications"],
    ["GET", "/api/notifications/unread-count"],
    ["POST", `/api/notifications/${SOME_ID}/read`],
    ["POST", "/api/notifications/read-all"],
  ] as const)("%s %s answers 401", async (method, url) => {
    const response = await new TestClient(harness.app).request({ method, url });
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe("Unauthorized");
  });
});

describe("notifications", () => {
  it("lists them newest first with the actor and a link, and counts the unread ones", async () => {
    const recipient = await buildUser(harness.app);
    const follower = await buildUser(harness.app, { firstName: "Fiona" });
    await notifyInTransaction({
      userId: recipient.user.id,
      type: "follow",
      actorId: follower.user.id,
      entityType: "user",
      entityId: follower.user.id,
    });
    harness.clock.advance(1000);
    await notifyInTransaction({
      userId: recipient.user.id,
      type: "tip",
      actorId: follower.user.id,
      data: { amountCents: 500 },
    });
    await notifyInTransaction({
      userId: recipient.user.id,
      type: "message",
      actorId: follower.user.id,
      entityType: "conversation",
      entityId: SOME_ID,
    });
    // Own actions notify nobody.
    await notifyInTransaction({ userId: recipient.user.id, type: "follow", actorId: recipient.user.id });

    const count = await recipient.client.get("/api/notifications/unread-count");
    expect(count.json()).toEqual({ count: 3 });
    const list = await recipient.client.get("/api/notifications?limit=2");
    expect(list.statusCode).toBe(200);
    expect(list.json()).toHaveLength(2);
    expect(list.headers["x-next-cursor"]).toBeTruthy();
    const all = (await recipient.client.get("/api/notifications")).json();
    const follow = all.find((item: { type: string }) => item.type === "follow");
    expect(follow).toMatchObject({
      actor: { id: follower.user.id, firstName: "Fiona" },
      link: `/profile/${follower.user.id}`,
      isRead: false,
    });
    expect(follow.actor).not.toHaveProperty("email");
    expect(all.find((item: { type: string }) => item.type === "message").link).toBe(`/messages/${SOME_ID}`);
    expect(all.find((item: { type: string }) => item.type === "tip")).toMatchObject({
      data: { amountCents: 500 },
      text: expect.stringMatching(/^Fiona \S+ sent you a \$5\.00 tip$/),
      targetUrl: "/wallet",
    });
  });

  it("marks one read (404 for someone else's), then all read", async () => {
    const recipient = await buildUser(harness.app);
    const stranger = await buildUser(harness.app);
    const actor = await buildUser(harness.app);
    await notifyInTransaction({ userId: recipient.user.id, type: "follow", actorId: actor.user.id });
    await notifyInTransaction({ userId: recipient.user.id, type: "new_subscriber", actorId: actor.user.id });
    const [first] = (await recipient.client.get("/api/notifications")).json();

    expect((await recipient.client.post("/api/notifications/nope/read")).json().message).toBe(
      "Invalid notification id",
    );
    const foreign = await stranger.client.post(`/api/notifications/${first.id}/read`);
    expect(foreign.statusCode).toBe(404);

    expect((await recipient.client.post(`/api/notifications/${first.id}/read`)).statusCode).toBe(204);
    expect((await recipient.client.get("/api/notifications/unread-count")).json()).toEqual({ count: 1 });
    expect((await recipient.client.post("/api/notifications/read-all")).statusCode).toBe(204);
    expect((await recipient.client.get("/api/notifications/unread-count")).json()).toEqual({ count: 0 });
    const list = (await recipient.client.get("/api/notifications")).json();
    expect(list.every((item: { isRead: boolean }) => item.isRead)).toBe(true);
  });

  it("still lists them for a recipient who turned push notifications off (push is not the in-app list)", async () => {
    const recipient = await buildUser(harness.app);
    const actor = await buildUser(harness.app);
    await harness.context.db
      .update(users)
      .set({ preferences: { ...DEFAULT_PREFERENCES, pushNotifications: false } })
      .where(eq(users.id, recipient.user.id));
    for (const type of [
      "follow",
      "tip",
      "ppv_unlock",
      "new_subscriber",
      "coupon_redeemed",
      "message",
      "report_outcome",
    ] as const) {
      await notifyInTransaction({ userId: recipient.user.id, type, actorId: actor.user.id });
    }
    expect((await recipient.client.get("/api/notifications/unread-count")).json()).toEqual({ count: 7 });
  });

  it("creates none between people where one blocked the other", async () => {
    const recipient = await buildUser(harness.app);
    const blocked = await buildUser(harness.app);
    await harness.context.db.insert(blocks).values({ blockerId: recipient.user.id, blockedId: blocked.user.id });
    await notifyInTransaction({ userId: recipient.user.id, type: "follow", actorId: blocked.user.id });
    expect((await recipient.client.get("/api/notifications/unread-count")).json()).toEqual({ count: 0 });
  });

  it("publishes notification.created live after commit, and nothing when the transaction rolls back", async () => {
    const recipient = await buildUser(harness.app);
    const actor = await buildUser(harness.app);
    const received: LiveEvent[] = [];
    const unsubscribe = harness.context.liveEvents.subscribe(recipient.user.id, (event) => received.push(event));

    let seenBeforeCommit = -1;
    await harness.context.db.transaction(async (tx) => {
      await notify(tx, { userId: recipient.user.id, type: "follow", actorId: actor.user.id });
      seenBeforeCommit = received.length;
    });
    expect(seenBeforeCommit).toBe(0);
    expect(received).toEqual([
      { type: NOTIFICATION_CREATED_EVENT, payload: { id: expect.any(String), type: "follow" } },
    ]);

    await expect(
      harness.context.db.transaction(async (tx) => {
        await notify(tx, { userId: recipient.user.id, type: "tip", actorId: actor.user.id });
        throw new Error("payment failed");
      }),
    ).rejects.toThrow("payment failed");
    expect(received).toHaveLength(1);
    expect((await recipient.client.get("/api/notifications/unread-count")).json()).toEqual({ count: 1 });

    await notify(harness.context.db, { userId: recipient.user.id, type: "new_subscriber", actorId: actor.user.id });
    expect(received).toHaveLength(2);
    unsubscribe();
  });
});
