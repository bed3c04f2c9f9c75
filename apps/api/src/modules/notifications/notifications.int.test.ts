import { NOTIFICATION_CREATED_EVENT } from "@plaza/contracts/notifications";
import { DEFAULT_PREFERENCES } from "@plaza/contracts/users";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { buildPost } from "../../../test/factories/posts";
import { buildUser } from "../../../test/factories/users";
import { LiveTestClient } from "../../../test/live-client";
import { buildTestApp, type TestApp, TestClient } from "../../../test/test-app";
import { blocks } from "../../db/schema/blocks";
import { users } from "../../db/schema/users";
import type { LiveEvent } from "../../lib/live-events";
import { inTransaction } from "../../lib/unit-of-work";
import { notify } from "./notifications.service";

let harness: TestApp;
const SOME_ID = "0b7c1f7e-5c5e-4d8a-9b59-3c3a1e1d2f00";

let baseUrl: string;

beforeAll(async () => {
  harness = await buildTestApp();
  baseUrl = await harness.app.listen({ port: 0, host: "127.0.0.1" });
});
afterAll(() => harness.close());
beforeEach(() => harness.clock.advance(1000));

/** What the other modules do: notify inside their own unit of work. */
async function notifyInTransaction(notification: Parameters<typeof notify>[2]) {
  await inTransaction(harness.context, async (tx, effects) => notify(tx, effects, notification));
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

  it("announces notification.created live once its unit of work commits, and nothing when it rolls back", async () => {
    const recipient = await buildUser(harness.app);
    const actor = await buildUser(harness.app);
    const received: LiveEvent[] = [];
    const unsubscribe = harness.context.liveEvents.subscribe(recipient.user.id, (event) => received.push(event));

    let seenBeforeCommit = -1;
    await inTransaction(harness.context, async (tx, effects) => {
      await notify(tx, effects, { userId: recipient.user.id, type: "follow", actorId: actor.user.id });
      seenBeforeCommit = received.length;
    });
    expect(seenBeforeCommit).toBe(0);
    expect(received).toEqual([
      { type: NOTIFICATION_CREATED_EVENT, payload: { id: expect.any(String), type: "follow" } },
    ]);

    await expect(
      inTransaction(harness.context, async (tx, effects) => {
        await notify(tx, effects, { userId: recipient.user.id, type: "tip", actorId: actor.user.id });
        throw new Error("payment failed");
      }),
    ).rejects.toThrow("payment failed");
    expect(received).toHaveLength(1);
    expect((await recipient.client.get("/api/notifications/unread-count")).json()).toEqual({ count: 1 });
    unsubscribe();
  });

  it("records but announces nothing in a context that does not deliver notifications (the demo town's past)", async () => {
    const recipient = await buildUser(harness.app);
    const actor = await buildUser(harness.app);
    const received: LiveEvent[] = [];
    const unsubscribe = harness.context.liveEvents.subscribe(recipient.user.id, (event) => received.push(event));
    const recordOnly = { ...harness.context, deliverNotifications: false };
    await inTransaction(recordOnly, async (tx, effects) => {
      await notify(tx, effects, { userId: recipient.user.id, type: "follow", actorId: actor.user.id });
    });
    expect(received).toEqual([]);
    expect((await recipient.client.get("/api/notifications/unread-count")).json()).toEqual({ count: 1 });
    unsubscribe();
  });
});

describe("live delivery through HTTP", () => {
  it("a like reaches the author's open tab as notification.created, and the notification is listed by then", async () => {
    const author = await buildUser(harness.app);
    const liker = await buildUser(harness.app);
    const post = await buildPost(author.client);
    const tab = await LiveTestClient.connect(baseUrl, author.client.cookie);
    // Nothing wraps the database's transactions: the like's unit of work announces what it created.
    expect(Object.hasOwn(harness.context.db, "transaction")).toBe(false);
    try {
      // What the web app does on the event: refetch the list. The row must already be there.
      const listedOnEvent = tab
        .nextEvent((event) => event.type === NOTIFICATION_CREATED_EVENT, 5_000)
        .then(async (event) => ({ event, list: (await author.client.get("/api/notifications")).json() }));
      expect((await liker.client.post("/api/likes", { postId: post.id })).statusCode).toBe(200);
      const { event, list } = await listedOnEvent;
      expect(event.payload).toEqual({ id: expect.any(String), type: "like" });
      expect(list.map((item: { id: string }) => item.id)).toContain((event.payload as { id: string }).id);
    } finally {
      await tab.close();
    }
  });
});
