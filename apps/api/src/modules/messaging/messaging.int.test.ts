import { MESSAGE_TEXTS } from "@plaza/contracts/messaging";
import type { SelfUserView } from "@plaza/contracts/users";
import { type SQLWrapper, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildUser } from "../../../test/factories/users";
import { LiveTestClient, refusedStatusOf } from "../../../test/live-client";
import { buildTestApp, type TestApp, type TestClient } from "../../../test/test-app";
import { conversationsPageQuery, messagesPageQuery } from "./messaging.repository";

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

describe("GET /api/conversations", () => {
  it("answers 401 without a session and 400 for a bad page size or cursor", async () => {
    expect((await harness.app.inject({ method: "GET", url: "/api/conversations" })).statusCode).toBe(401);
    const alice = await person();
    expect((await alice.client.get("/api/conversations?limit=0")).statusCode).toBe(400);
    expect((await alice.client.get("/api/conversations?limit=101")).statusCode).toBe(400);
    const badCursor = await alice.client.get("/api/conversations?cursor=bm9wZQ");
    expect(badCursor.statusCode).toBe(400);
  });

  it("lists only the viewer's conversations by last activity, with the other person and own unread count", async () => {
    const [alice, bob, carol, dave] = [await person(), await person(), await person(), await person()];
    await send(alice, bob, "to bob");
    harness.clock.advance(1_000);
    await send(alice, carol, "to carol");
    harness.clock.advance(1_000);
    await send(bob, alice, "bob answers");
    await send(carol, dave, "not alice's business");

    const response = await alice.client.get("/api/conversations");
    expect(response.statusCode).toBe(200);
    const list = response.json();
    expect(list.map((item: { otherParticipant: { id: string } }) => item.otherParticipant.id)).toEqual([
      bob.user.id,
      carol.user.id,
    ]);
    expect(list[0]).toMatchObject({ lastMessagePreview: "bob answers", unreadCount: 1 });
    expect(list[0].otherParticipant).toEqual({
      id: bob.user.id,
      username: bob.user.username,
      firstName: bob.user.firstName,
      lastName: bob.user.lastName,
      profileImageUrl: null,
      profileType: "personal",
      isVerified: false,
    });
    expect(JSON.stringify(list)).not.toContain("@");
    expect(list[1]).toMatchObject({ lastMessagePreview: "to carol", unreadCount: 0 });

    const firstPage = await alice.client.get("/api/conversations?limit=1");
    expect(firstPage.json()).toHaveLength(1);
    const cursor = firstPage.headers["x-next-cursor"];
    expect(cursor).toBeTruthy();
    const secondPage = await alice.client.get(`/api/conversations?limit=1&cursor=${cursor}`);
    expect(secondPage.json()[0].otherParticipant.id).toBe(carol.user.id);
    expect(secondPage.headers["x-next-cursor"]).toBeUndefined();
  });
});

describe("GET /api/conversations/{id}/messages", () => {
  it("answers 401, 400 for a bad id, 404 to anyone but the two participants", async () => {
    const [alice, bob, mallory] = [await person(), await person(), await person()];
    const conversationId = (await send(alice, bob)).json().conversationId;
    const url = `/api/conversations/${conversationId}/messages`;
    expect((await harness.app.inject({ method: "GET", url })).statusCode).toBe(401);
    expect((await alice.client.get("/api/conversations/not-an-id/messages")).statusCode).toBe(400);
    const foreign = await mallory.client.get(url);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe(MESSAGE_TEXTS.conversationNotFound);
    expect(foreign.body).not.toContain("hello");
  });

  it("pages the messages newest first, in sending order even within one millisecond", async () => {
    const [alice, bob] = [await person(), await person()];
    const sent: string[] = [];
    for (let index = 0; index < 5; index += 1) {
      const response = await send(index % 2 === 0 ? alice : bob, index % 2 === 0 ? bob : alice, `note ${index}`);
      sent.push(response.json().id);
    }
    const conversationId = (await bob.client.get("/api/conversations")).json()[0].id;
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const query = cursor ? `?limit=2&cursor=${cursor}` : "?limit=2";
      const page = await bob.client.get(`/api/conversations/${conversationId}/messages${query}`);
      expect(page.statusCode).toBe(200);
      seen.push(...page.json().map((message: { id: string }) => message.id));
      cursor = page.headers["x-next-cursor"] as string | undefined;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual([...sent].reverse());
  });
});

describe("POST /api/conversations/{id}/mark-read and GET /api/messages/unread-count", () => {
  it("answers 401 without a session", async () => {
    expect((await harness.app.inject({ method: "GET", url: "/api/messages/unread-count" })).statusCode).toBe(401);
    const url = "/api/conversations/0b8e3c2a-5d1f-4a6b-9c7d-8e9f0a1b2c3d/mark-read";
    expect((await harness.app.inject({ method: "POST", url })).statusCode).toBe(401);
  });

  it("answers 400 for a bad id and 404 to a non-participant, changing nothing", async () => {
    const [alice, bob, mallory] = [await person(), await person(), await person()];
    const conversationId = (await send(alice, bob)).json().conversationId;
    expect((await mallory.client.post("/api/conversations/xyz/mark-read")).statusCode).toBe(400);
    const foreign = await mallory.client.post(`/api/conversations/${conversationId}/mark-read`);
    expect(foreign.statusCode).toBe(404);
    expect((await bob.client.get("/api/messages/unread-count")).json()).toEqual({ count: 1 });
  });

  it("resets only the viewer's unread count of that conversation", async () => {
    const [alice, bob, carol] = [await person(), await person(), await person()];
    const fromAlice = (await send(alice, bob, "one")).json().conversationId;
    await send(alice, bob, "two");
    await send(carol, bob, "three");
    await send(bob, alice, "reply");
    expect((await bob.client.get("/api/messages/unread-count")).json()).toEqual({ count: 3 });

    const marked = await bob.client.post(`/api/conversations/${fromAlice}/mark-read`);
    expect(marked.statusCode).toBe(200);
    expect(marked.json()).toEqual({ count: 1 });
    expect((await bob.client.get("/api/messages/unread-count")).json()).toEqual({ count: 1 });
    expect((await alice.client.get("/api/messages/unread-count")).json()).toEqual({ count: 1 });
    const bobList = (await bob.client.get("/api/conversations")).json();
    expect(bobList.find((item: { id: string }) => item.id === fromAlice).unreadCount).toBe(0);
  });
});

describe("GET /api/live", () => {
  let baseUrl: string;
  beforeAll(async () => {
    baseUrl = await harness.app.listen({ port: 0, host: "127.0.0.1" });
  });

  it("refuses connections without a session (401) or from another site (403)", async () => {
    expect(await refusedStatusOf(baseUrl, {})).toBe(401);
    const alice = await person();
    expect(await refusedStatusOf(baseUrl, { cookie: alice.client.cookie ?? "", origin: "https://evil.example" })).toBe(
      403,
    );
  });

  it("delivers a new message and the unread count to every open tab of the recipient within a second", async () => {
    const [alice, bob] = [await person(), await person()];
    const bobTabs = [
      await LiveTestClient.connect(baseUrl, bob.client.cookie, baseUrl),
      await LiveTestClient.connect(baseUrl, bob.client.cookie),
    ];
    const aliceTab = await LiveTestClient.connect(baseUrl, alice.client.cookie);
    const sent = (await send(alice, bob, "live hello")).json();
    for (const tab of bobTabs) {
      const created = await tab.nextEvent<"message.created">((event) => event.type === "message.created");
      expect(created.payload).toEqual({ conversationId: sent.conversationId, message: sent });
      const unread = await tab.nextEvent<"unread.changed">((event) => event.type === "unread.changed");
      expect(unread.payload).toEqual({ count: 1 });
    }
    await aliceTab.nextEvent((event) => event.type === "message.created");

    await bob.client.post(`/api/conversations/${sent.conversationId}/mark-read`);
    await bobTabs[0]?.nextEvent((event) => event.type === "unread.changed" && event.payload.count === 0);
    await Promise.all([...bobTabs, aliceTab].map((tab) => tab.close()));
  });
});

describe("first messages sent at the same moment", () => {
  it("create exactly one conversation for the pair (meaningful on PostgreSQL)", async () => {
    const [alice, bob] = [await person(), await person()];
    const responses = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        index % 2 === 0 ? send(alice, bob, `a${index}`) : send(bob, alice, `b${index}`),
      ),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(Array(8).fill(201));
    const ids = new Set(responses.map((response) => response.json().conversationId));
    expect(ids.size).toBe(1);
    const list = (await alice.client.get("/api/conversations")).json();
    expect(list).toHaveLength(1);
    expect((await bob.client.get("/api/messages/unread-count")).json()).toEqual({ count: 4 });
    expect((await alice.client.get("/api/messages/unread-count")).json()).toEqual({ count: 4 });
  });
});

describe.skipIf(harnessKind() !== "postgres")("query plans (PostgreSQL)", () => {
  /** The plan of the real repository query; test tables are tiny, so sequential scans are forbidden. */
  async function planOf(query: SQLWrapper): Promise<string> {
    return harness.context.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      return JSON.stringify(await tx.execute(sql`explain ${query}`));
    });
  }

  it("reads a conversation's messages through the (conversation, createdAt, id) index", async () => {
    const [alice, bob] = [await person(), await person()];
    const { conversationId } = (await send(alice, bob)).json();
    const plan = await planOf(messagesPageQuery(harness.context.db, conversationId, { limit: 20, cursor: null }));
    expect(plan).toContain("messages_conversation_created_idx");
    expect(plan).not.toContain("Seq Scan");
  });

  it("lists a user's conversations through the per-participant activity indexes", async () => {
    const [alice, bob] = [await person(), await person()];
    await send(alice, bob);
    const plan = await planOf(conversationsPageQuery(harness.context.db, alice.user.id, { limit: 20, cursor: null }));
    expect(plan).toContain("conversations_p1_activity_idx");
    expect(plan).toContain("conversations_p2_activity_idx");
  });
});

function harnessKind(): string {
  return process.env.TEST_DATABASE_URL ? "postgres" : "pglite";
}
