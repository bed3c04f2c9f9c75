import type { BusinessView } from "@plaza/contracts/businesses";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BUSINESS_POSITION, buildBusiness, checkInAt } from "../../../test/factories/businesses";
import { buildPost } from "../../../test/factories/posts";
import { uploadTestImage } from "../../../test/factories/uploads";
import { buildUser, setUserLocation } from "../../../test/factories/users";
import { SmtpInbox } from "../../../test/smtp-inbox";
import { buildTestApp, type TestApp, type TestClient } from "../../../test/test-app";
import { users } from "../../db/schema/users";
import { mailUnreadMessages } from "../notifications/unread-message-mails.service";

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

const MINUTE = 60_000;
const BUSINESS_NAME = "Ground Up Coffee";
/** What must never show of the business's owner where the business appears. */
const OWNER_NAMES = ["Owen", "Fischer"];

/** A business account run by Owen Fischer (with his own photo) whose business, Ground Up Coffee, has a logo. */
async function buildGroundUpCoffee() {
  const owner = await buildUser(harness.app, { profileType: "business", firstName: "Owen", lastName: "Fischer" });
  const photo = await uploadTestImage(owner.client);
  expect((await owner.client.put("/api/profile/photo", { profileImageUrl: photo })).statusCode).toBe(200);
  const created = await owner.client.post("/api/businesses", {
    name: BUSINESS_NAME,
    category: "cafe",
    ...BUSINESS_POSITION,
  });
  expect(created.statusCode).toBe(201);
  const businessId = created.json<BusinessView>().id;
  const coupon = await owner.client.post("/api/coupons", {
    businessId,
    title: "Free refill",
    discountType: "freeItem",
    discountValue: 0,
  });
  expect(coupon.statusCode).toBe(201);
  const logo = await uploadTestImage(owner.client);
  const saved = await owner.client.patch(`/api/businesses/${businessId}`, { logoUrl: logo, isPublished: true });
  expect(saved.statusCode).toBe(200);
  return { ...owner, businessId, photo, logo: saved.json<BusinessView>().logoImageUrl };
}

/** The person objects in an answer that are the business's account (by id), wherever they sit. */
function accountsIn(value: unknown, id: string): Record<string, unknown>[] {
  const found: Record<string, unknown>[] = [];
  const visit = (node: unknown) => {
    if (Array.isArray(node)) for (const item of node) visit(item);
    else if (node && typeof node === "object") {
      const record = node as Record<string, unknown>;
      if (record.id === id && "username" in record) found.push(record);
      for (const child of Object.values(record)) visit(child);
    }
  };
  visit(value);
  return found;
}

/** Asserts the answer shows the business (its name and logo) every time its account appears, never its owner. */
function expectSpeaksAsBusiness(
  where: string,
  body: string,
  business: { user: { id: string }; logo: string | null; photo: string },
) {
  for (const name of OWNER_NAMES) expect(body, `${where} names the owner`).not.toContain(name);
  expect(body, `${where} shows the owner's photo`).not.toContain(business.photo);
  const accounts = accountsIn(JSON.parse(body), business.user.id);
  expect(accounts.length, `${where} does not show the business`).toBeGreaterThan(0);
  for (const account of accounts) {
    expect(account, where).toMatchObject({ firstName: BUSINESS_NAME, lastName: null, profileImageUrl: business.logo });
  }
}

describe("a business account speaks as its business wherever it appears", () => {
  it("comments, likes, follows, messages, mails, search, lists and suggestions show its name and logo, no presence", async () => {
    const business = await buildGroundUpCoffee();
    expect(business.logo).toMatch(/^\/uploads\//);
    const reader = await buildUser(harness.app, { firstName: "Rita", lastName: "Reader" });
    const post = await buildPost(reader.client, { title: "Morning walk" });
    const check = (where: string, body: string) => expectSpeaksAsBusiness(where, body, business);
    const get = async (client: TestClient, url: string) => {
      const response = await client.get(url);
      expect(response.statusCode, url).toBe(200);
      return response.body;
    };

    // It comments, likes and follows: the reader's post, its comments and notifications.
    const comment = await business.client.post(`/api/posts/${post.id}/comments`, { content: "Come by for a coffee" });
    expect(comment.statusCode).toBe(201);
    check("the new comment", comment.body);
    const edited = await business.client.patch(`/api/comments/${comment.json().id}`, { content: "Come by!" });
    check("the edited comment", edited.body);
    check("the comments", await get(reader.client, `/api/posts/${post.id}/comments`));
    expect((await business.client.post("/api/likes", { postId: post.id })).statusCode).toBeLessThan(300);
    expect((await business.client.post("/api/follows", { followingId: reader.user.id })).statusCode).toBeLessThan(300);
    const notifications = await get(reader.client, "/api/notifications");
    check("the notifications", notifications);
    const texts = JSON.parse(notifications).map((row: { text: string }) => row.text);
    expect(texts).toEqual(
      expect.arrayContaining([
        `${BUSINESS_NAME} liked “Morning walk”`,
        `${BUSINESS_NAME} commented on “Morning walk”`,
        `${BUSINESS_NAME} started following you`,
      ]),
    );

    // Its posts already spoke as the business; they still do.
    const own = await buildPost(business.client, { content: "Fresh beans today" });
    check("its post", await get(reader.client, `/api/posts/${own.id}`));

    // Lists of people: who follows the reader, whom it follows, suggestions (a business in the reader's city),
    // search, the reader's block list.
    check("the followers", await get(reader.client, `/api/users/${reader.user.id}/followers`));
    const neighbour = await buildUser(harness.app, { firstName: "Nia", lastName: "Near" });
    await setUserLocation(harness.context, business.user.id, { city: "Lyon" });
    await setUserLocation(harness.context, neighbour.user.id, { city: "Lyon" });
    expect((await neighbour.client.post("/api/follows", { followingId: business.user.id })).statusCode).toBeLessThan(
      300,
    );
    check("the following", await get(reader.client, `/api/users/${neighbour.user.id}/following`));
    expect((await neighbour.client.delete(`/api/follows/${business.user.id}`)).statusCode).toBeLessThan(300);
    check("the suggestions", await get(neighbour.client, "/api/users/suggested?limit=20"));
    check("the search", await get(reader.client, `/api/search?q=${encodeURIComponent(business.user.username)}`));
    check("the people search", await get(reader.client, `/api/users/search?q=${business.user.username}`));
    const byOwnerName = JSON.parse(await get(reader.client, "/api/search?q=Fischer&type=people"));
    expect(accountsIn(byOwnerName, business.user.id)).toEqual([]);
    check("its profile", await get(reader.client, `/api/users/${business.user.id}`));

    // A conversation: the business writes, with its owner active a minute ago; neither presence nor the owner shows.
    await harness.context.db
      .update(users)
      .set({ lastActiveAt: harness.clock.now() })
      .where(eq(users.id, business.user.id));
    const sent = await business.client.post("/api/messages", { recipientId: reader.user.id, content: "Hello!" });
    expect(sent.statusCode).toBe(201);
    const conversations = await get(reader.client, "/api/conversations");
    check("the conversations", conversations);
    const [conversation] = JSON.parse(conversations);
    expect(conversation).toMatchObject({ isOnline: null, lastActiveAt: null });
    const profile = JSON.parse(await get(reader.client, `/api/users/${business.user.id}`));
    expect(profile).toMatchObject({ isOnline: null, lastActiveAt: null });

    // The mail about the unread message names the business.
    harness.clock.advance(16 * MINUTE);
    expect(await mailUnreadMessages(harness.context)).toBe(1);
    const mail = await inbox.waitForMail(reader.user.email, /message/);
    expect(mail.subject).toBe(`${BUSINESS_NAME} sent you a message · Plaza`);
    for (const name of OWNER_NAMES) expect(`${mail.subject}\n${mail.text}`).not.toContain(name);

    // Its check-in at another café lists it as the business too.
    const other = await buildBusiness(harness.app, { publish: true });
    await checkInAt(business.client, other.owner, other.business.id, { rating: 5, review: "Lovely" });
    check("the reviews", await get(reader.client, `/api/businesses/${other.business.id}/reviews`));

    // The reader blocks it: the block list shows the business.
    expect((await reader.client.post("/api/blocks", { blockedId: business.user.id })).statusCode).toBeLessThan(300);
    check("the block list", await get(reader.client, `/api/users/${reader.user.id}/blocked`));

    // The owner still sees and edits their own names.
    expect(JSON.parse(await get(business.client, `/api/users/${business.user.id}`))).toMatchObject({
      firstName: "Owen",
      lastName: "Fischer",
    });
  });
});
