import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { buildPost } from "../../../test/factories/posts";
import { buildUser } from "../../../test/factories/users";
import { type ReceivedMail, SmtpInbox } from "../../../test/smtp-inbox";
import { buildTestApp, type TestApp, TestClient } from "../../../test/test-app";
import { mailUnreadMessages } from "./unread-message-mails.service";
import { pruneUnsubscribeTokens, UNSUBSCRIBE_TOKEN_RETENTION_MS } from "./unsubscribe.service";

let harness: TestApp;
let inbox: SmtpInbox;

beforeAll(async () => {
  inbox = await SmtpInbox.start();
  harness = await buildTestApp({ SMTP_URL: inbox.url, PUBLIC_URL: "https://plaza.example" });
});
afterAll(async () => {
  await harness.close();
  await inbox.close();
});
beforeEach(() => harness.clock.advance(1000));
afterEach(() => inbox.clear());

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

function header(mail: ReceivedMail, name: string): string | undefined {
  return mail.parsed.headerLines.find((line) => line.key === name.toLowerCase())?.line.replace(/^[^:]+:\s*/, "");
}

function unsubscribeUrl(mail: ReceivedMail): URL {
  const value = header(mail, "List-Unsubscribe");
  const match = value?.match(/^<(https:\/\/plaza\.example\/api\/notifications\/unsubscribe\?token=[\w-]+)>$/);
  if (!match?.[1]) throw new Error(`no one-click unsubscribe header: ${value}`);
  return new URL(match[1]);
}

/** Mail the outbox had to send so far is out (nothing in flight). */
async function settled(): Promise<void> {
  await harness.context.mail.idle();
  await harness.context.mail.drain();
}

/** Notification mails to `address` so far (sign-up verification mails left out). */
function notificationMails(address: string): ReceivedMail[] {
  return inbox.mailsTo(address).filter((mail) => !/Confirm your email/.test(mail.subject));
}

async function preferences(client: TestClient) {
  return (await client.get("/api/auth/user")).json().preferences;
}

describe("notifications name their subject and group per post", () => {
  it("groups likes of one post into one entry with its title, avatars and target; counts and read state stay right", async () => {
    const author = await buildUser(harness.app, { firstName: "Ada", lastName: "Author" });
    const post = await buildPost(author.client, { title: "Sunset at the pier" });
    const likers = [];
    for (const firstName of ["Ana", "Bea", "Cy", "Maya"]) {
      const liker = await buildUser(harness.app, { firstName, lastName: "Liker" });
      expect((await liker.client.post("/api/likes", { postId: post.id })).statusCode).toBeLessThan(300);
      likers.push(liker);
      harness.clock.advance(1000);
    }
    expect((await author.client.get("/api/notifications/unread-count")).json()).toEqual({ count: 1 });
    const [entry, ...rest] = (await author.client.get("/api/notifications")).json();
    expect(rest).toHaveLength(0);
    expect(entry).toMatchObject({
      type: "like",
      text: "Maya Liker and 3 others liked “Sunset at the pier”",
      targetUrl: `/posts/${post.id}`,
      subject: { kind: "post", id: post.id, title: "Sunset at the pier" },
      actorCount: 4,
      isRead: false,
    });
    expect(entry.actors.map((actor: { firstName: string }) => actor.firstName)).toEqual(["Maya", "Cy", "Bea"]);
    expect(entry.data).not.toHaveProperty("actorIds");

    expect((await author.client.post(`/api/notifications/${entry.id}/read`)).statusCode).toBe(204);
    expect((await author.client.get("/api/notifications/unread-count")).json()).toEqual({ count: 0 });
    // A new like makes the entry unread again, once.
    const late = await buildUser(harness.app, { firstName: "Zed", lastName: "Late" });
    await late.client.post("/api/likes", { postId: post.id });
    expect((await author.client.get("/api/notifications/unread-count")).json()).toEqual({ count: 1 });
    const [again] = (await author.client.get("/api/notifications")).json();
    expect(again).toMatchObject({ id: entry.id, text: "Zed Late and 4 others liked “Sunset at the pier”" });
  });

  it("groups comments per post (one person twice counts once), keeps other posts apart, and pages by cursor", async () => {
    const author = await buildUser(harness.app);
    const first = await buildPost(author.client, { title: "Tacos on Main" });
    const second = await buildPost(author.client, { title: "A walk along the river at dawn" });
    const maya = await buildUser(harness.app, { firstName: "Maya", lastName: "Lopez" });
    const ben = await buildUser(harness.app, { firstName: "Ben", lastName: "Ng" });
    await maya.client.post(`/api/posts/${first.id}/comments`, { content: "Yum" });
    harness.clock.advance(1000);
    await maya.client.post(`/api/posts/${first.id}/comments`, { content: "Going back" });
    harness.clock.advance(1000);
    await ben.client.post("/api/likes", { postId: second.id });
    harness.clock.advance(1000);
    await ben.client.post(`/api/posts/${first.id}/comments`, { content: "Me too" });

    expect((await author.client.get("/api/notifications/unread-count")).json()).toEqual({ count: 2 });
    const page1 = await author.client.get("/api/notifications?limit=1");
    const [comment] = page1.json();
    expect(comment).toMatchObject({ type: "comment", text: "Ben Ng and 1 other commented on “Tacos on Main”" });
    const cursor = page1.headers["x-next-cursor"];
    expect(cursor).toBeTruthy();
    const page2 = await author.client.get(`/api/notifications?limit=1&cursor=${cursor}`);
    expect(page2.json()).toMatchObject([
      {
        type: "like",
        text: "Ben Ng liked “A walk along the river at dawn”",
        targetUrl: `/posts/${second.id}`,
      },
    ]);
    expect(page2.headers["x-next-cursor"]).toBeUndefined();
  });
});

describe("email notifications", () => {
  it("keeps a mail's unsubscribe link working for a year, then forgets its token", async () => {
    const creator = await buildUser(harness.app, { firstName: "Una", lastName: "Unsub" });
    const fan = await buildUser(harness.app);
    await fan.client.post("/api/tips", {
      receiverId: creator.user.id,
      amount: 1,
      paymentMethod: "card",
      cardLast4: "4242",
    });
    const url = unsubscribeUrl(await inbox.waitForMail(creator.user.email, /tip/));
    const anonymous = new TestClient(harness.app);
    const now = harness.clock.now();

    // A day short of a year: pruning keeps it, and the link still shows its page.
    await pruneUnsubscribeTokens(harness.context.db, new Date(now.getTime() + UNSUBSCRIBE_TOKEN_RETENTION_MS - DAY));
    expect((await anonymous.get(`${url.pathname}${url.search}`)).statusCode).toBe(200);

    // Past a year: the token is gone and the link is refused like a made-up one; the settings are untouched.
    await pruneUnsubscribeTokens(harness.context.db, new Date(now.getTime() + UNSUBSCRIBE_TOKEN_RETENTION_MS + DAY));
    expect((await anonymous.post(`${url.pathname}${url.search}`)).statusCode).toBe(400);
    expect((await preferences(creator.client)).emailNotifications).toBe(true);
  });

  it("mails a tip with one-click unsubscribe headers; the POST turns email notifications off without a session", async () => {
    const creator = await buildUser(harness.app, { firstName: "Cara", lastName: "Creator" });
    const fan = await buildUser(harness.app, { firstName: "Fred", lastName: "Fan" });
    const tip = await fan.client.post("/api/tips", {
      receiverId: creator.user.id,
      amount: 5,
      paymentMethod: "card",
      cardLast4: "4242",
    });
    expect(tip.statusCode).toBe(201);
    const mail = await inbox.waitForMail(creator.user.email, /tip/);
    expect(mail.subject).toBe("Fred Fan sent you a $5.00 tip · Plaza");
    expect(mail.text).toContain("https://plaza.example/wallet");
    expect(header(mail, "List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");
    const url = unsubscribeUrl(mail);
    expect(mail.text).toContain(url.toString());

    // GET (a mail scanner, or the person) only shows the confirmation page.
    const anonymous = new TestClient(harness.app);
    const shown = await anonymous.get(`${url.pathname}${url.search}`);
    expect(shown.statusCode).toBe(200);
    expect(shown.headers["content-type"]).toContain("text/html");
    expect(shown.body).toContain("Unsubscribe from Plaza emails?");
    expect((await preferences(creator.client)).emailNotifications).toBe(true);

    // The mail program's one-click POST, as RFC 8058 sends it.
    const done = await anonymous.request({
      method: "POST",
      url: `${url.pathname}${url.search}`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "List-Unsubscribe=One-Click",
    });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain("You're unsubscribed");
    expect((await preferences(creator.client)).emailNotifications).toBe(false);
    // Again: still fine (idempotent); a made-up token is refused.
    expect((await anonymous.post(`${url.pathname}${url.search}`)).statusCode).toBe(200);
    const forged = await anonymous.post(
      "/api/notifications/unsubscribe?token=aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
    );
    expect(forged.statusCode).toBe(400);

    // Off: the next tip is in the list, but no mail.
    await fan.client.post("/api/tips", {
      receiverId: creator.user.id,
      amount: 2,
      paymentMethod: "card",
      cardLast4: "4242",
    });
    await settled();
    expect(notificationMails(creator.user.email)).toHaveLength(1);
    const list = (await creator.client.get("/api/notifications")).json();
    expect(list.map((item: { text: string }) => item.text)).toEqual([
      "Fred Fan sent you a $2.00 tip",
      "Fred Fan sent you a $5.00 tip",
    ]);
  });

  it("mails a new subscriber and an unlock naming the post and the amount", async () => {
    const creator = await buildUser(harness.app, { firstName: "Cleo", lastName: "Maker", profileType: "creator" });
    const fan = await buildUser(harness.app, { firstName: "Fay", lastName: "Buyer" });
    const post = await buildPost(creator.client, { title: "Secret recipe", postType: "ppv", price: 4 });
    const unlock = await fan.client.post("/api/ppv-unlocks", {
      postId: post.id,
      amount: 4,
      paymentMethod: "card",
      cardLast4: "4242",
    });
    expect(unlock.statusCode).toBe(201);
    const unlockMail = await inbox.waitForMail(creator.user.email, /unlocked/);
    expect(unlockMail.subject).toBe("Fay Buyer unlocked “Secret recipe” for $4.00 · Plaza");
    expect(unlockMail.text).toContain(`https://plaza.example/posts/${post.id}`);
    const subscribed = await fan.client.post("/api/subscriptions", {
      creatorId: creator.user.id,
      paymentMethod: "card",
      cardLast4: "4242",
    });
    expect(subscribed.statusCode).toBe(201);
    const subscriberMail = await inbox.waitForMail(creator.user.email, /subscribed/);
    expect(subscriberMail.subject).toMatch(/^Fay Buyer subscribed to you for \$\d+\.\d\d\/month · Plaza$/);
    expect(header(subscriberMail, "List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");
  });

  it("mails a message still unread after 15 minutes, once per conversation per hour", async () => {
    const reader = await buildUser(harness.app, { firstName: "Rita", lastName: "Reader" });
    const writer = await buildUser(harness.app, { firstName: "Walt", lastName: "Writer" });
    const sent = await writer.client.post("/api/messages", { recipientId: reader.user.id, content: "Lunch?" });
    expect(sent.statusCode).toBe(201);
    const conversationId = sent.json().conversationId;

    harness.clock.advance(14 * MINUTE);
    await mailUnreadMessages(harness.context);
    await settled();
    expect(notificationMails(reader.user.email)).toHaveLength(0);

    harness.clock.advance(2 * MINUTE);
    expect(await mailUnreadMessages(harness.context)).toBe(1);
    const mail = await inbox.waitForMail(reader.user.email, /message/);
    expect(mail.subject).toBe("Walt Writer sent you a message · Plaza");
    expect(mail.text).toContain(`https://plaza.example/messages/${conversationId}`);
    expect(mail.text).not.toContain("Lunch?");
    expect(header(mail, "List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");
    unsubscribeUrl(mail);

    // Re-runs (another process, a restart) send nothing more; nor does a new message within the hour.
    expect(await mailUnreadMessages(harness.context)).toBe(0);
    await writer.client.post("/api/messages", { recipientId: reader.user.id, content: "Still there?" });
    harness.clock.advance(20 * MINUTE);
    expect(await mailUnreadMessages(harness.context)).toBe(0);
    // An hour after the first mail, the newer unread message is mailed about once more.
    harness.clock.advance(41 * MINUTE);
    expect(await mailUnreadMessages(harness.context)).toBe(1);
    await settled();
    expect(notificationMails(reader.user.email)).toHaveLength(2);
    // Nothing new since: no more mail, even hours later.
    harness.clock.advance(3 * 60 * MINUTE);
    expect(await mailUnreadMessages(harness.context)).toBe(0);
  });

  it("sends no unread-message mail once the message is read, or with email notifications off", async () => {
    const reader = await buildUser(harness.app);
    const quiet = await buildUser(harness.app);
    const writer = await buildUser(harness.app);
    const sent = await writer.client.post("/api/messages", { recipientId: reader.user.id, content: "Hi" });
    await writer.client.post("/api/messages", { recipientId: quiet.user.id, content: "Hi" });
    await quiet.client.patch("/api/users/preferences", { emailNotifications: false });
    harness.clock.advance(5 * MINUTE);
    expect((await reader.client.post(`/api/conversations/${sent.json().conversationId}/mark-read`)).statusCode).toBe(
      200,
    );
    harness.clock.advance(20 * MINUTE);
    expect(await mailUnreadMessages(harness.context)).toBe(0);
    await settled();
    expect(notificationMails(reader.user.email)).toHaveLength(0);
    expect(notificationMails(quiet.user.email)).toHaveLength(0);
  });
});
