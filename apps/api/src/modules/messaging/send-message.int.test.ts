import { ERROR_MESSAGES } from "@plaza/contracts/errors";
import { MESSAGE_TEXTS } from "@plaza/contracts/messaging";
import type { Preferences, SelfUserView } from "@plaza/contracts/users";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { buildUser } from "../../../test/factories/users";
import { buildTestApp, type TestApp, type TestClient } from "../../../test/test-app";
import { conversations } from "../../db/schema/messaging";
import { notifications } from "../../db/schema/notifications";
import { users } from "../../db/schema/users";

let harness: TestApp;

beforeAll(async () => {
  harness = await buildTestApp();
});
afterAll(() => harness.close());

interface Person {
  client: TestClient;
  user: SelfUserView;
}

const person = (): Promise<Person> => buildUser(harness.app);
const send = (from: Person, to: Person | string, content: unknown = "hello there") =>
  from.client.post("/api/messages", {
    recipientId: typeof to === "string" ? to : to.user.id,
    content,
    messageType: "text",
  });

/** The recipient's own settings, through the real settings call. */
async function setPreferences(target: Person, changes: Partial<Preferences>): Promise<void> {
  const response = await target.client.patch("/api/users/preferences", changes);
  expect(response.statusCode).toBe(200);
}
async function follow(follower: Person, followed: Person): Promise<void> {
  const response = await follower.client.post("/api/follows", { followingId: followed.user.id });
  expect(response.statusCode).toBe(200);
}
async function block(blocker: Person, blocked: Person): Promise<void> {
  const response = await blocker.client.post("/api/blocks", { blockedId: blocked.user.id, blockType: "hard" });
  expect(response.statusCode).toBeLessThan(300);
}

describe("POST /api/messages", () => {
  it("answers 401 without a session, even with a bad body", async () => {
    const response = await harness.app.inject({ method: "POST", url: "/api/messages", payload: { content: 1 } });
    expect(response.statusCode).toBe(401);
  });

  it("answers 400 with the §5 text of each content rule", async () => {
    const [alice, bob] = [await person(), await person()];
    const missing = await alice.client.post("/api/messages", { recipientId: bob.user.id, messageType: "text" });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(MESSAGE_TEXTS.required);
    const cases: [unknown, string][] = [
      [null, MESSAGE_TEXTS.required],
      [42, MESSAGE_TEXTS.required],
      ["   <b></b> <i> </i> ", MESSAGE_TEXTS.empty],
      ["x".repeat(2001), MESSAGE_TEXTS.tooLong],
      ["zzzzzzzzzzz", MESSAGE_TEXTS.invalidContent],
      ["look at https://evil.example/x", MESSAGE_TEXTS.invalidContent],
      ["www.example.org", MESSAGE_TEXTS.invalidContent],
    ];
    for (const [content, message] of cases) {
      const response = await send(alice, bob, content);
      expect(response.statusCode, String(content).slice(0, 20)).toBe(400);
      expect(response.json().message).toBe(message);
    }
    const exactlyMax = "abcdefghij".repeat(200);
    expect((await send(alice, bob, exactlyMax)).statusCode).toBe(201);
  });

  it("refuses a malformed recipient id with 'Invalid recipient' and logs a security warning", async () => {
    const alice = await person();
    const warn = vi.spyOn(harness.app.log, "warn");
    for (const recipientId of ["../etc/passwd", "6f1c2b1e-3a4d-7e5f-8a9b-0c1d2e3f4a5b", ""]) {
      const response = await alice.client.post("/api/messages", { recipientId, content: "hi" });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(MESSAGE_TEXTS.invalidRecipient);
    }
    const missing = await alice.client.post("/api/messages", { content: "hi" });
    expect(missing.json().message).toBe(MESSAGE_TEXTS.invalidRecipient);
    expect(warn).toHaveBeenCalledWith(
      expect.objectContaining({ event: "security.invalid_recipient", userId: alice.user.id }),
      expect.any(String),
    );
    warn.mockRestore();
  });

  it("answers 400 for oneself and 404 for unknown, digit-only and deleted recipients", async () => {
    const [alice, gone] = [await person(), await person()];
    const self = await send(alice, alice);
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe(MESSAGE_TEXTS.cannotMessageSelf);
    for (const recipientId of ["0b8e3c2a-5d1f-4a6b-9c7d-8e9f0a1b2c3d", "123456"]) {
      const response = await send(alice, recipientId);
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(MESSAGE_TEXTS.recipientNotFound);
    }
    await harness.context.db.update(users).set({ isDeleted: true }).where(eq(users.id, gone.user.id));
    const deleted = await send(alice, gone);
    expect(deleted.statusCode).toBe(404);
    expect(deleted.json().message).toBe(MESSAGE_TEXTS.recipientNotFound);
  });

  it("answers 403 when the recipient's messagePrivacy is none", async () => {
    const [alice, bob] = [await person(), await person()];
    await setPreferences(bob, { messagePrivacy: "none" });
    await follow(alice, bob);
    const response = await send(alice, bob);
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(MESSAGE_TEXTS.privacyNone);
  });

  it("answers 403 for friends-only recipients until the sender follows them", async () => {
    const [alice, bob] = [await person(), await person()];
    await setPreferences(bob, { messagePrivacy: "friends" });
    await follow(bob, alice); // Bob following Alice is not enough: Alice must follow Bob.
    const refused = await send(alice, bob);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(MESSAGE_TEXTS.privacyFriends);
    await follow(alice, bob);
    expect((await send(alice, bob)).statusCode).toBe(201);
  });

  it("answers 403 when the recipient turned direct messages off", async () => {
    const [alice, bob] = [await person(), await person()];
    await setPreferences(bob, { allowDirectMessages: false });
    const response = await send(alice, bob);
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(MESSAGE_TEXTS.directMessagesOff);
  });

  it("answers 403 across a block, whichever side blocked", async () => {
    const [alice, bob, carol, dave] = [await person(), await person(), await person(), await person()];
    await block(bob, alice);
    for (const response of [await send(alice, bob), await send(bob, alice)]) {
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe(MESSAGE_TEXTS.blocked);
    }
    expect((await send(carol, dave)).statusCode).toBe(201);
    await block(carol, dave);
    for (const response of [await send(carol, dave), await send(dave, carol)]) {
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe(MESSAGE_TEXTS.blocked);
    }
  });

  it("answers 403 to a suspended sender", async () => {
    const [alice, bob] = [await person(), await person()];
    await harness.context.db.update(users).set({ isSuspended: true }).where(eq(users.id, alice.user.id));
    const response = await send(alice, bob);
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(ERROR_MESSAGES.suspended);
  });

  it("stores cleaned text, creates one ordered conversation, counts unread and notifies once", async () => {
    const [alice, bob] = [await person(), await person()];
    const first = await send(alice, bob, "  <b>Hi</b> Bob  ");
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ senderId: alice.user.id, content: "Hi Bob", messageType: "text" });
    const second = await send(bob, alice, "Hello Alice");
    const third = await send(alice, bob, "How are you?");
    expect(second.json().conversationId).toBe(first.json().conversationId);
    expect(third.json().conversationId).toBe(first.json().conversationId);

    const [row] = await harness.context.db
      .select()
      .from(conversations)
      .where(eq(conversations.id, first.json().conversationId));
    expect(row?.participant1Id < (row?.participant2Id ?? "")).toBe(true);
    expect(row?.lastMessagePreview).toBe("How are you?");

    expect((await bob.client.get("/api/messages/unread-count")).json()).toEqual({ count: 2 });
    expect((await alice.client.get("/api/messages/unread-count")).json()).toEqual({ count: 1 });
    const bobNotifications = await harness.context.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, bob.user.id), eq(notifications.type, "message")));
    expect(bobNotifications).toHaveLength(1);
    expect(bobNotifications[0]).toMatchObject({ actorId: alice.user.id, entityId: first.json().conversationId });
  });

  it("makes one notification for concurrent first messages, and a new one after the recipient read it", async () => {
    const [alice, bob] = [await person(), await person()];
    const sent = await Promise.all(Array.from({ length: 6 }, (_, index) => send(alice, bob, `burst ${index}`)));
    expect(sent.map((response) => response.statusCode)).toEqual([201, 201, 201, 201, 201, 201]);
    const conversationId = sent[0]?.json().conversationId;
    expect(new Set(sent.map((response) => response.json().conversationId))).toEqual(new Set([conversationId]));
    const messageNotifications = () =>
      harness.context.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, bob.user.id), eq(notifications.type, "message")));
    expect(await messageNotifications()).toHaveLength(1);
    expect((await bob.client.get("/api/messages/unread-count")).json()).toEqual({ count: 6 });

    // Further messages coalesce into the unread notification…
    expect((await send(alice, bob, "still there?")).statusCode).toBe(201);
    expect(await messageNotifications()).toHaveLength(1);
    // …and once Bob has read it, the next message notifies him again.
    await harness.context.db
      .update(notifications)
      .set({ readAt: new Date() })
      .where(eq(notifications.userId, bob.user.id));
    expect((await send(alice, bob, "new news")).statusCode).toBe(201);
    const after = await messageNotifications();
    expect(after).toHaveLength(2);
    expect(after.filter((row) => row.readAt === null)).toHaveLength(1);
  });

  it("allows 30 messages per user per rolling 60 s across sessions, then 429 until the window passes", async () => {
    const [alice, bob] = [await person(), await person()];
    for (let index = 0; index < 15; index += 1) {
      expect((await send(alice, bob, `message ${index}`)).statusCode).toBe(201);
    }
    // A second browser of the same user shares the limit (keyed by user, not by cookie).
    const login = await harness.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: alice.user.email, password: "correct horse battery" },
    });
    const secondBrowser = login.cookies.find((cookie) => cookie.name.endsWith("plaza_session"));
    alice.client.cookie = `${secondBrowser?.name}=${secondBrowser?.value}`;
    for (let index = 15; index < 30; index += 1) {
      expect((await send(alice, bob, `message ${index}`)).statusCode).toBe(201);
    }
    const limited = await send(alice, bob, "one too many");
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe(MESSAGE_TEXTS.rateLimited);
    expect(Number(limited.headers["retry-after"])).toBeGreaterThanOrEqual(1);
    // The limit is checked side by side with the recipient, and still answers first.
    const toNobody = await send(alice, "00000000-0000-4000-8000-000000000000", "to nobody");
    expect(toNobody.statusCode).toBe(429);
    expect((await send(bob, alice, "bob is not limited")).statusCode).toBe(201);

    harness.clock.advance(59_000);
    expect((await send(alice, bob, "still too soon")).statusCode).toBe(429);
    harness.clock.advance(1_001);
    expect((await send(alice, bob, "fine again")).statusCode).toBe(201);
  });
});
