import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildBusiness, checkInAt } from "../../../test/factories/businesses";
import { buildEvent } from "../../../test/factories/events";
import { insertUnlock } from "../../../test/factories/payments";
import { buildPost } from "../../../test/factories/posts";
import { buildUser } from "../../../test/factories/users";
import { buildTestApp, type TestApp, TestClient } from "../../../test/test-app";
import { sessions } from "../../db/schema/auth";

let harness: TestApp;

beforeAll(async () => {
  harness = await buildTestApp();
});
afterAll(() => harness.close());

const ok = <T extends { statusCode: number; body: string }>(response: T): T => {
  expect(response.statusCode, response.body).toBeLessThan(300);
  return response;
};

describe("GET /api/users/export holds everything Plaza keeps about the person (docs/PRODUCT.md 'The data export')", () => {
  it("has messages both ways, notifications, follows both ways, payments both ways, check-ins and reviews, coupons, partnerships, reports and sessions", async () => {
    const { client: person, user, password } = await buildUser(harness.app, { profileType: "creator" });
    const { client: friend, user: friendUser } = await buildUser(harness.app);
    const { owner, ownerId, business, coupon } = await buildBusiness(harness.app, { publish: true });
    if (!coupon) throw new Error("no coupon");

    // Messages sent and received.
    ok(await person.post("/api/messages", { recipientId: friendUser.id, content: "Hello from me" }));
    ok(await friend.post("/api/messages", { recipientId: user.id, content: "Hello back to you" }));
    // Follows both ways; the friend's follow notifies the person.
    ok(await person.post("/api/follows", { followingId: friendUser.id }));
    ok(await friend.post("/api/follows", { followingId: user.id }));
    // Payments both ways.
    const friendPost = await buildPost(friend);
    const ownPost = await buildPost(person);
    await insertUnlock(harness.context, user.id, friendPost.id, friendUser.id);
    await insertUnlock(harness.context, friendUser.id, ownPost.id, user.id);
    // A check-in with a review, and a coupon redeemed there.
    await checkInAt(person, owner, business.id, { rating: 4, review: "Lovely espresso" });
    ok(await person.post(`/api/coupons/${coupon.id}/redeem`, {}));
    // A partnership the business offered the creator.
    ok(await owner.post("/api/partnerships", { businessId: business.id, creatorId: user.id }));
    // A report made.
    ok(await person.post("/api/reports", { targetType: "post", targetId: friendPost.id, reason: "Spam" }));
    // An event hosted, and an answer to someone else's.
    const hosted = await buildEvent(person, { title: "My picnic" });
    const friendsEvent = await buildEvent(friend, { title: "Friend's concert" });
    ok(await person.put(`/api/events/${friendsEvent.id}/rsvp`, { status: "going" }));
    // A second session.
    ok(await new TestClient(harness.app).post("/api/auth/login", { email: user.email, password }));

    const response = ok(await person.get("/api/users/export"));
    const data = response.json();
    expect(data.sentMessages).toEqual([expect.objectContaining({ senderId: user.id, content: "Hello from me" })]);
    expect(data.receivedMessages).toEqual([
      expect.objectContaining({ senderId: friendUser.id, content: "Hello back to you" }),
    ]);
    expect(data.notifications).toEqual(
      expect.arrayContaining([expect.objectContaining({ userId: user.id, type: "follow" })]),
    );
    expect(data.following).toEqual([expect.objectContaining({ userId: friendUser.id })]);
    expect(data.followers).toEqual([expect.objectContaining({ userId: friendUser.id })]);
    expect(data.payments).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ payerId: user.id, payeeId: friendUser.id }),
        expect.objectContaining({ payerId: friendUser.id, payeeId: user.id }),
      ]),
    );
    expect(data.unlocks).toEqual([expect.objectContaining({ postId: friendPost.id })]);
    expect(data.checkins).toEqual([expect.objectContaining({ businessId: business.id })]);
    expect(data.reviews).toEqual([
      expect.objectContaining({ businessId: business.id, rating: 4, review: "Lovely espresso" }),
    ]);
    expect(data.couponRedemptions).toEqual([expect.objectContaining({ couponId: coupon.id })]);
    expect(data.partnerships).toEqual([
      expect.objectContaining({ businessId: business.id, creatorId: user.id, status: "pending" }),
    ]);
    expect(data.reports).toEqual([
      expect.objectContaining({ targetType: "post", targetId: friendPost.id, reason: "Spam" }),
    ]);
    expect(data.events).toEqual([
      expect.objectContaining({ id: hosted.id, title: "My picnic", isCreator: true, isAccepted: true }),
    ]);
    expect(data.eventRsvps).toEqual([
      expect.objectContaining({ eventId: friendsEvent.id, eventTitle: "Friend's concert", status: "going" }),
    ]);
    expect(data.sessions).toHaveLength(2);
    expect(data.sessions[0]).toEqual({
      id: expect.any(String),
      createdAt: expect.any(String),
      lastSeenAt: expect.any(String),
      expiresAt: expect.any(String),
      userAgent: expect.anything(),
    });

    // The business owner's export has the coupons and the partnership from the other side.
    const ownerData = ok(await owner.get("/api/users/export")).json();
    expect(ownerData.coupons).toEqual([expect.objectContaining({ id: coupon.id, businessId: business.id })]);
    expect(ownerData.partnerships).toEqual([expect.objectContaining({ creatorId: user.id })]);
    expect(ownerId).toBe(ownerData.account.id);

    // Session ids (hashes of the cookie) never leave.
    for (const row of await harness.context.db.select({ id: sessions.id }).from(sessions)) {
      expect(response.body).not.toContain(row.id);
    }
  });
});
