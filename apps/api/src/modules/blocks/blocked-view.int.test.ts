import type { ConversationView } from "@plaza/contracts/messaging";
import type { NotificationView } from "@plaza/contracts/notifications";
import { HIDDEN_USER_NAME } from "@plaza/contracts/users";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildPost } from "../../../test/factories/posts";
import { buildUser } from "../../../test/factories/users";
import { buildTestApp, type TestApp, type TestClient } from "../../../test/test-app";
import { users } from "../../db/schema/users";

let harness: TestApp;

beforeAll(async () => {
  harness = await buildTestApp();
});
afterAll(() => harness.close());

const PHOTO = "/objects/uploads/blocker-photo.webp";

const hidden = (id: string) => ({
  id,
  username: HIDDEN_USER_NAME,
  firstName: null,
  lastName: null,
  profileImageUrl: null,
  profileType: "personal",
  isVerified: false,
});

async function conversationsOf(client: TestClient) {
  const response = await client.get("/api/conversations");
  expect(response.statusCode).toBe(200);
  return response.json<ConversationView[]>();
}

async function notificationsOf(client: TestClient) {
  const response = await client.get("/api/notifications");
  expect(response.statusCode).toBe(200);
  return response.json<NotificationView[]>();
}

/**
 * Maya (with a photo) writes to Victor, follows him and likes his post; then she blocks him. Her friend Sam, who
 * also wrote to Victor and is blocked by nobody, is the control.
 */
async function blockedAfterContact() {
  const maya = await buildUser(harness.app, { firstName: "Maya", lastName: "Blocker" });
  const victor = await buildUser(harness.app);
  const sam = await buildUser(harness.app, { firstName: "Sam", lastName: "Friend" });
  await harness.context.db.update(users).set({ profileImageUrl: PHOTO }).where(eq(users.id, maya.user.id));
  const post = await buildPost(victor.client);
  for (const [sender, content] of [
    [maya, "see you at the market"],
    [sam, "hi from sam"],
  ] as const) {
    const sent = await sender.client.post("/api/messages", {
      recipientId: victor.user.id,
      content,
      messageType: "text",
    });
    expect(sent.statusCode).toBe(201);
    harness.clock.advance(1000);
  }
  expect((await maya.client.post("/api/follows", { followingId: victor.user.id })).statusCode).toBeLessThan(300);
  expect((await maya.client.post("/api/likes", { postId: post.id })).statusCode).toBeLessThan(300);
  return { maya, victor, sam, post };
}

describe("after a block, the blocked person no longer sees the blocker's name and photo", () => {
  it("in the conversation list: the thread stays, with the blocker shown as a Plaza user without photo", async () => {
    const { maya, victor, sam } = await blockedAfterContact();
    const before = await conversationsOf(victor.client);
    expect(before.map((conversation) => conversation.otherParticipant.firstName)).toEqual(["Sam", "Maya"]);
    expect(before[1]?.otherParticipant.profileImageUrl).toBe(PHOTO);

    expect((await maya.client.post("/api/blocks", { blockedId: victor.user.id })).statusCode).toBe(200);
    const after = await conversationsOf(victor.client);
    expect(after).toHaveLength(2);
    expect(after[1]?.otherParticipant).toEqual(hidden(maya.user.id));
    expect(after[1]?.lastMessagePreview).toBe("see you at the market");
    expect(after[0]?.otherParticipant).toMatchObject({ id: sam.user.id, firstName: "Sam" });
    // The blocker still sees whom she blocked.
    const mayaView = await conversationsOf(maya.client);
    expect(mayaView[0]?.otherParticipant).toMatchObject({ id: victor.user.id, username: victor.user.username });

    expect((await maya.client.delete(`/api/blocks/${victor.user.id}`)).statusCode).toBe(204);
    expect((await conversationsOf(victor.client))[1]?.otherParticipant).toMatchObject({
      firstName: "Maya",
      profileImageUrl: PHOTO,
    });
  });

  it("in old notifications: they stay, with the blocker anonymised and no link to the blocker's profile", async () => {
    const { maya, victor, post } = await blockedAfterContact();
    const before = (await notificationsOf(victor.client)).filter((item) => item.actor?.id === maya.user.id);
    expect(before.map((item) => item.type).sort()).toEqual(["follow", "like", "message"]);
    expect(before.every((item) => item.actor?.firstName === "Maya" && item.actor.profileImageUrl === PHOTO)).toBe(true);

    expect((await maya.client.post("/api/blocks", { blockedId: victor.user.id })).statusCode).toBe(200);
    const after = (await notificationsOf(victor.client)).filter((item) => item.actor?.id === maya.user.id);
    expect(after).toHaveLength(3);
    for (const item of after) expect(item.actor).toEqual(hidden(maya.user.id));
    const byType = Object.fromEntries(after.map((item) => [item.type, item.link]));
    expect(byType).toMatchObject({ follow: null, like: `/posts/${post.id}` });
    expect(JSON.stringify(after)).not.toContain("Maya");
    expect(JSON.stringify(after)).not.toContain(PHOTO);
    expect((await notificationsOf(victor.client)).some((item) => item.actor?.firstName === "Sam")).toBe(true);
  });
});
