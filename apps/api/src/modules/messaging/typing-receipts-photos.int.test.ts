import { MESSAGE_MEDIA_MAX, MESSAGE_TEXTS, type MessageView } from "@plaza/contracts/messaging";
import type { SelfUserView } from "@plaza/contracts/users";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { uploadTestImage } from "../../../test/factories/uploads";
import { buildUser } from "../../../test/factories/users";
import { LiveTestClient } from "../../../test/live-client";
import { buildTestApp, type TestApp, type TestClient } from "../../../test/test-app";

let harness: TestApp;
let baseUrl: string;

beforeAll(async () => {
  harness = await buildTestApp();
  baseUrl = await harness.app.listen({ port: 0, host: "127.0.0.1" });
});
afterAll(() => harness.close());

interface Person {
  client: TestClient;
  user: SelfUserView;
}

const person = (): Promise<Person> => buildUser(harness.app);
const send = (from: Person, to: Person, body: Record<string, unknown> = { content: "hello there" }) =>
  from.client.post("/api/messages", { recipientId: to.user.id, ...body });
const messagesOf = async (viewer: Person, conversationId: string): Promise<MessageView[]> => {
  const response = await viewer.client.get(`/api/conversations/${conversationId}/messages`);
  expect(response.statusCode).toBe(200);
  return response.json();
};
/** Sends one message from `alice` to `bob` and returns the conversation's id. */
async function conversationOf(alice: Person, bob: Person): Promise<string> {
  const sent = await send(alice, bob);
  expect(sent.statusCode).toBe(201);
  return sent.json().conversationId;
}

describe("POST /api/conversations/{id}/typing", () => {
  it("answers 204 and the other participant's live connection gets one typing event per 3 s", async () => {
    const [alice, bob] = [await person(), await person()];
    const conversationId = await conversationOf(alice, bob);
    const bobTab = await LiveTestClient.connect(baseUrl, bob.client.cookie);
    const aliceTab = await LiveTestClient.connect(baseUrl, alice.client.cookie);

    const typing = await alice.client.post(`/api/conversations/${conversationId}/typing`);
    expect(typing.statusCode).toBe(204);
    const event = await bobTab.nextEvent<"typing">((item) => item.type === "typing");
    expect(event.payload).toEqual({ conversationId, userId: alice.user.id });

    // Within 3 s: accepted, not passed on.
    harness.clock.advance(2_000);
    expect((await alice.client.post(`/api/conversations/${conversationId}/typing`)).statusCode).toBe(204);
    // Bob typing too reaches Alice (its own budget), and then a marker proves Bob's queue is in order.
    expect((await bob.client.post(`/api/conversations/${conversationId}/typing`)).statusCode).toBe(204);
    await aliceTab.nextEvent((item) => item.type === "typing");
    await send(alice, bob, { content: "marker" });
    await bobTab.nextEvent((item) => item.type === "message.created");
    expect(bobTab.events.filter((item) => item.type === "typing")).toHaveLength(1);
    // The sender's own tab never hears its own typing.
    expect(aliceTab.events.filter((item) => item.type === "typing")).toHaveLength(1);

    harness.clock.advance(1_001);
    expect((await alice.client.post(`/api/conversations/${conversationId}/typing`)).statusCode).toBe(204);
    await bobTab.nextEvent(() => bobTab.events.filter((item) => item.type === "typing").length === 2);
    await Promise.all([bobTab.close(), aliceTab.close()]);
  });

  it("is for participants only (404; 400 for a malformed id), needs a session (401), and a block either way refuses it (403)", async () => {
    const [alice, bob, eve] = [await person(), await person(), await person()];
    const conversationId = await conversationOf(alice, bob);
    expect((await eve.client.post(`/api/conversations/${conversationId}/typing`)).statusCode).toBe(404);
    expect((await alice.client.post("/api/conversations/not-a-uuid/typing")).statusCode).toBe(400);
    const anonymous = await harness.app.inject({ method: "POST", url: `/api/conversations/${conversationId}/typing` });
    expect(anonymous.statusCode).toBe(401);

    const bobTab = await LiveTestClient.connect(baseUrl, bob.client.cookie);
    expect(
      (await bob.client.post("/api/blocks", { blockedId: alice.user.id, blockType: "hard" })).statusCode,
    ).toBeLessThan(300);
    const refused = await alice.client.post(`/api/conversations/${conversationId}/typing`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(MESSAGE_TEXTS.blocked);
    expect((await bob.client.post(`/api/conversations/${conversationId}/typing`)).statusCode).toBe(403);
    expect(bobTab.events.some((item) => item.type === "typing")).toBe(false);
    await bobTab.close();
  });
});

describe("read receipts", () => {
  it("readAt is null until the recipient marks the conversation read; then both see it and the sender hears it live", async () => {
    const [alice, bob] = [await person(), await person()];
    const conversationId = await conversationOf(alice, bob);
    await send(alice, bob, { content: "second" });
    expect((await messagesOf(alice, conversationId)).map((message) => message.readAt)).toEqual([null, null]);

    const aliceTab = await LiveTestClient.connect(baseUrl, alice.client.cookie);
    harness.clock.advance(60_000);
    const readAt = harness.clock.now().toISOString();
    expect((await bob.client.post(`/api/conversations/${conversationId}/mark-read`)).statusCode).toBe(200);
    const event = await aliceTab.nextEvent<"conversation.read">((item) => item.type === "conversation.read");
    expect(event.payload).toEqual({ conversationId, readerId: bob.user.id, readAt });
    expect((await messagesOf(alice, conversationId)).map((message) => message.readAt)).toEqual([readAt, readAt]);
    expect((await messagesOf(bob, conversationId)).map((message) => message.readAt)).toEqual([readAt, readAt]);

    // Bob's reply is not read until Alice opens it; reading again keeps the first time.
    await send(bob, alice, { content: "reply" });
    harness.clock.advance(60_000);
    await bob.client.post(`/api/conversations/${conversationId}/mark-read`);
    const thread = await messagesOf(bob, conversationId);
    expect(thread.map((message) => [message.content, message.readAt])).toEqual([
      ["reply", null],
      ["second", readAt],
      ["hello there", readAt],
    ]);
    await aliceTab.close();
  });

  it("showReadReceipts off on either side hides readAt from both, and no live read event is sent", async () => {
    const [alice, bob] = [await person(), await person()];
    const conversationId = await conversationOf(alice, bob);
    const preferences = await bob.client.patch("/api/users/preferences", { showReadReceipts: false });
    expect(preferences.statusCode).toBe(200);
    expect(preferences.json().preferences.showReadReceipts).toBe(false);
    expect((await alice.client.get("/api/auth/user")).json().preferences?.showReadReceipts ?? true).toBe(true);

    const aliceTab = await LiveTestClient.connect(baseUrl, alice.client.cookie);
    await bob.client.post(`/api/conversations/${conversationId}/mark-read`);
    expect((await messagesOf(alice, conversationId))[0]?.readAt).toBeNull();
    expect((await messagesOf(bob, conversationId))[0]?.readAt).toBeNull();

    // Alice, who reads Bob's messages, does not see "Seen" from him either, and he does not from her.
    await send(bob, alice, { content: "from bob" });
    await alice.client.post(`/api/conversations/${conversationId}/mark-read`);
    expect((await messagesOf(bob, conversationId)).every((message) => message.readAt === null)).toBe(true);

    // Turned back on: the reads that happened show.
    await bob.client.patch("/api/users/preferences", { showReadReceipts: true });
    expect((await messagesOf(alice, conversationId)).every((message) => message.readAt !== null)).toBe(true);
    await send(alice, bob, { content: "marker" });
    await aliceTab.nextEvent((item) => item.type === "message.created" && item.payload.message.content === "marker");
    expect(aliceTab.events.some((item) => item.type === "conversation.read")).toBe(false);

    // The sender's switch counts too.
    await alice.client.patch("/api/users/preferences", { showReadReceipts: false });
    expect((await messagesOf(bob, conversationId)).every((message) => message.readAt === null)).toBe(true);
    await aliceTab.close();
  });
});

describe("photos in messages", () => {
  it("sends up to 4 of the sender's own pictures, with or without text; the recipient gets them live and in the thread", async () => {
    const [alice, bob] = [await person(), await person()];
    const photo = await uploadTestImage(alice.client);
    const bobTab = await LiveTestClient.connect(baseUrl, bob.client.cookie);
    const sent = await send(alice, bob, { mediaUrls: [photo] });
    expect(sent.statusCode).toBe(201);
    const message = sent.json<MessageView>();
    expect(message.content).toBe("");
    expect(message.mediaUrls).toEqual([photo]);
    const live = await bobTab.nextEvent<"message.created">((item) => item.type === "message.created");
    expect(live.payload.message.mediaUrls).toEqual([photo]);
    expect((await messagesOf(bob, message.conversationId))[0]?.mediaUrls).toEqual([photo]);
    const list = (await bob.client.get("/api/conversations")).json();
    expect(list[0].lastMessagePreview).toBe("Photo");

    const four = await Promise.all(Array.from({ length: MESSAGE_MEDIA_MAX }, () => uploadTestImage(alice.client)));
    const captioned = await send(alice, bob, { content: "look", mediaUrls: four });
    expect(captioned.statusCode).toBe(201);
    expect(captioned.json().mediaUrls).toEqual(four);
    await bobTab.close();
  });

  it("refuses someone else's upload, an outside address, a fifth picture, a repeat, and an empty message (400, nothing stored)", async () => {
    const [alice, bob] = [await person(), await person()];
    const conversationId = await conversationOf(alice, bob);
    const bobsPhoto = await uploadTestImage(bob.client);
    const mine = await uploadTestImage(alice.client);
    const pending = await uploadTestImage(alice.client, { finish: false });
    const five = await Promise.all(Array.from({ length: 5 }, () => uploadTestImage(alice.client)));
    const cases: [Record<string, unknown>, string | null][] = [
      [{ mediaUrls: [bobsPhoto] }, null],
      [{ mediaUrls: ["https://evil.example/x.png"] }, null],
      [{ mediaUrls: [pending] }, null],
      [{ mediaUrls: five }, MESSAGE_TEXTS.tooManyPhotos],
      [{ mediaUrls: [mine, mine] }, MESSAGE_TEXTS.duplicatePhoto],
      [{ mediaUrls: [] }, MESSAGE_TEXTS.required],
      [{ mediaUrls: "nope" }, null],
    ];
    for (const [body, text] of cases) {
      const response = await send(alice, bob, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      if (text) expect(response.json().message).toBe(text);
    }
    expect(await messagesOf(alice, conversationId)).toHaveLength(1);
  });

  it("keeps the block and privacy rules: a blocked sender cannot send pictures", async () => {
    const [alice, bob] = [await person(), await person()];
    const photo = await uploadTestImage(alice.client);
    await bob.client.post("/api/blocks", { blockedId: alice.user.id, blockType: "hard" });
    expect((await send(alice, bob, { mediaUrls: [photo] })).statusCode).toBe(403);
    const [carol] = [await person()];
    await carol.client.patch("/api/users/preferences", { messagePrivacy: "none" });
    expect((await send(alice, carol, { mediaUrls: [photo] })).statusCode).toBe(403);
  });
});
