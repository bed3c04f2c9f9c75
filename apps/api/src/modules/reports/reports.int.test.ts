import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { insertReview } from "../../../test/factories/businesses";
import { insertMessage } from "../../../test/factories/messaging";
import { insertPost } from "../../../test/factories/posts";
import { buildUser } from "../../../test/factories/users";
import { buildTestApp, type TestApp, TestClient } from "../../../test/test-app";
import { businesses } from "../../db/schema/businesses";
import { checkins } from "../../db/schema/checkins";
import { messages } from "../../db/schema/messaging";
import { posts } from "../../db/schema/posts";

let harness: TestApp;
let boss: Awaited<ReturnType<typeof buildUser>>;
const SOME_ID = "0b7c1f7e-5c5e-4d8a-9b59-3c3a1e1d2f00";

beforeAll(async () => {
  harness = await buildTestApp({ SUPERUSER_EMAILS: "boss@example.test" });
  boss = await buildUser(harness.app, { email: "boss@example.test" });
});
afterAll(() => harness.close());
beforeEach(() => harness.clock.advance(1000));

describe("POST /api/reports", () => {
  it("answers 401 signed out, before looking at the body", async () => {
    const response = await new TestClient(harness.app).post("/api/reports", { junk: true });
    expect(response.statusCode).toBe(401);
  });

  it("answers 400 with the rule's message", async () => {
    const { client } = await buildUser(harness.app);
    const noReason = await client.post("/api/reports", { targetType: "post", targetId: SOME_ID, reason: "  " });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toBe("Please give a reason");
    const badType = await client.post("/api/reports", { targetType: "planet", targetId: SOME_ID, reason: "x" });
    expect(badType.json().message).toBe("Choose what you are reporting");
    const badId = await client.post("/api/reports", { targetType: "post", targetId: "1", reason: "x" });
    expect(badId.json().message).toBe("Invalid target");
    const { user } = await buildUser(harness.app);
    const self = await client.post("/api/reports", {
      targetType: "user",
      targetId: (await client.get("/api/auth/user")).json().id,
      reason: "x",
    });
    expect(self.json().message).toBe("You cannot report yourself.");
    expect(user.id).toBeTruthy();
  });

  it("answers 404 for a missing target, and for a message of someone else's conversation", async () => {
    const { client } = await buildUser(harness.app);
    const missing = await client.post("/api/reports", { targetType: "post", targetId: SOME_ID, reason: "spam" });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe("The content you are reporting no longer exists.");
    const alice = await buildUser(harness.app);
    const bob = await buildUser(harness.app);
    const { messageId } = await insertMessage(harness.context, alice.user.id, bob.user.id, "buy my stuff");
    const outsider = await client.post("/api/reports", { targetType: "message", targetId: messageId, reason: "spam" });
    expect(outsider.statusCode).toBe(404);
    const recipient = await bob.client.post("/api/reports", {
      targetType: "message",
      targetId: messageId,
      reason: "spam",
    });
    expect(recipient.statusCode).toBe(201);
  });

  it("files one open report per reporter and target (409 for a second)", async () => {
    const author = await buildUser(harness.app);
    const postId = await insertPost(harness.context.db, author.user.id);
    const { client } = await buildUser(harness.app);
    const first = await client.post("/api/reports", { targetType: "post", targetId: postId, reason: "Spam" });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ status: "open" });
    const second = await client.post("/api/reports", { targetType: "post", targetId: postId, reason: "Spam again" });
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe("You have already reported this.");
  });
});

describe("report rate limit", () => {
  it("answers 429 after 20 reports in an hour, and accepts again an hour later", async () => {
    const author = await buildUser(harness.app);
    const { client } = await buildUser(harness.app);
    const postIds = [];
    for (let index = 0; index < 22; index += 1) postIds.push(await insertPost(harness.context.db, author.user.id));
    for (const postId of postIds.slice(0, 20)) {
      expect(
        (await client.post("/api/reports", { targetType: "post", targetId: postId, reason: "x" })).statusCode,
      ).toBe(201);
    }
    const refused = await client.post("/api/reports", { targetType: "post", targetId: postIds[20], reason: "x" });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe("You are sending reports too quickly. Please wait a moment.");
    harness.clock.advance(60 * 60 * 1000 + 1000);
    expect(
      (await client.post("/api/reports", { targetType: "post", targetId: postIds[21], reason: "x" })).statusCode,
    ).toBe(201);
  });
});

describe("concurrent reports (meaningful on PostgreSQL)", () => {
  it("keeps one open report when the same person sends the same report at once", async () => {
    const author = await buildUser(harness.app);
    const postId = await insertPost(harness.context.db, author.user.id);
    const { client } = await buildUser(harness.app);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        client.post("/api/reports", { targetType: "post", targetId: postId, reason: "Spam" }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409, 409]);
    for (const answer of answers.filter((item) => item.statusCode === 409)) {
      expect(answer.json().message).toBe("You have already reported this.");
    }
  });
});

describe("GET /api/admin/reports and POST /api/admin/reports/{id}/resolve", () => {
  it("answers 400 for a bad status, action or missing reason, 404 for an unknown report", async () => {
    expect((await boss.client.get("/api/admin/reports?status=maybe")).statusCode).toBe(400);
    const badAction = await boss.client.post(`/api/admin/reports/${SOME_ID}/resolve`, { action: "burn", reason: "x" });
    expect(badAction.json().message).toBe("Choose an action");
    const noReason = await boss.client.post(`/api/admin/reports/${SOME_ID}/resolve`, { action: "dismiss" });
    expect(noReason.json().message).toBe("Please give a reason");
    const unknown = await boss.client.post(`/api/admin/reports/${SOME_ID}/resolve`, { action: "dismiss", reason: "x" });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe("Report not found");
  });

  it("deletes a reported post, closes every open report of it, logs it and tells each reporter", async () => {
    const author = await buildUser(harness.app, { firstName: "Spammy" });
    const postId = await insertPost(harness.context.db, author.user.id, {
      content: "Cheap watches here",
      mediaUrls: ["/objects/uploads/watches.jpg"],
      mediaType: "image",
      altText: "A pile of watches",
    });
    const reporter = await buildUser(harness.app);
    const other = await buildUser(harness.app);
    const filed = await reporter.client.post("/api/reports", { targetType: "post", targetId: postId, reason: "Spam" });
    await other.client.post("/api/reports", { targetType: "post", targetId: postId, reason: "Ads" });

    const open = await boss.client.get("/api/admin/reports?status=open");
    expect(open.statusCode).toBe(200);
    const listed = open.json().find((report: { id: string }) => report.id === filed.json().id);
    expect(listed).toMatchObject({
      targetType: "post",
      targetId: postId,
      reason: "Spam",
      status: "open",
      targetPreview: "Hello: Cheap watches here",
      targetOwner: { id: author.user.id, firstName: "Spammy" },
      // The reported picture, so the moderator sees what was reported.
      targetImageUrl: "/objects/uploads/watches.jpg",
      targetImageAlt: "A pile of watches",
      reporter: { id: reporter.user.id },
    });

    const resolved = await boss.client.post(`/api/admin/reports/${filed.json().id}/resolve`, {
      action: "delete_content",
      reason: "Advertising is not allowed",
    });
    expect(resolved.statusCode).toBe(200);
    expect(resolved.json()).toMatchObject({ status: "actioned" });
    expect(await harness.context.db.select().from(posts).where(eq(posts.id, postId))).toEqual([]);
    const stillOpen = (await boss.client.get("/api/admin/reports?status=open")).json();
    expect(stillOpen.filter((report: { targetId: string }) => report.targetId === postId)).toEqual([]);

    const logs = (await boss.client.get("/api/admin/logs")).json();
    expect(logs.map((log: { action: string }) => log.action)).toEqual(
      expect.arrayContaining(["delete_post", "resolve_report"]),
    );
    expect(logs.find((log: { action: string }) => log.action === "resolve_report")).toMatchObject({
      targetType: "report",
      targetId: filed.json().id,
      details: { action: "delete_content", reason: "Advertising is not allowed", closedReports: 2 },
    });

    for (const person of [reporter, other]) {
      const notifications = (await person.client.get("/api/notifications")).json();
      expect(notifications[0]).toMatchObject({
        type: "report_outcome",
        actor: null,
        isRead: false,
        link: null,
        data: { outcome: "delete_content", targetType: "post" },
      });
    }
    const again = await boss.client.post(`/api/admin/reports/${filed.json().id}/resolve`, {
      action: "dismiss",
      reason: "x",
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("This report has already been resolved.");
  });

  it("suspends the person behind a reported review, with the reason stored", async () => {
    const owner = await buildUser(harness.app, { profileType: "business" });
    const reviewer = await buildUser(harness.app);
    const { checkinId } = await insertReview(harness.context, owner.user.id, reviewer.user.id, 1);
    const filed = await owner.client.post("/api/reports", {
      targetType: "review",
      targetId: checkinId,
      reason: "Fake",
    });
    expect(filed.statusCode).toBe(201);
    const resolved = await boss.client.post(`/api/admin/reports/${filed.json().id}/resolve`, {
      action: "suspend_user",
      reason: "Fake reviews",
    });
    expect(resolved.statusCode).toBe(200);
    const reviewerNow = (await boss.client.get(`/api/admin/users/${reviewer.user.id}`)).json();
    expect(reviewerNow).toMatchObject({ isSuspended: true, suspensionReason: "Fake reviews" });
    const write = await reviewer.client.post("/api/notifications/read-all");
    expect(write.statusCode).toBe(403);
  });

  it("removes a reported review's rating from the business and redacts a reported message", async () => {
    const owner = await buildUser(harness.app, { profileType: "business" });
    const reviewer = await buildUser(harness.app);
    const { checkinId, businessId } = await insertReview(harness.context, owner.user.id, reviewer.user.id, 2);
    const review = await owner.client.post("/api/reports", {
      targetType: "review",
      targetId: checkinId,
      reason: "Fake",
    });
    await boss.client.post(`/api/admin/reports/${review.json().id}/resolve`, {
      action: "delete_content",
      reason: "Fake",
    });
    const [checkin] = await harness.context.db.select().from(checkins).where(eq(checkins.id, checkinId));
    expect(checkin).toMatchObject({ review: null, rating: null });
    const [business] = await harness.context.db.select().from(businesses).where(eq(businesses.id, businessId));
    expect(business).toMatchObject({ totalReviews: 0, ratingSum: 0, averageRating: 0 });

    const { messageId } = await insertMessage(harness.context, reviewer.user.id, owner.user.id, "you will regret this");
    const message = await owner.client.post("/api/reports", {
      targetType: "message",
      targetId: messageId,
      reason: "Threat",
    });
    await boss.client.post(`/api/admin/reports/${message.json().id}/resolve`, {
      action: "delete_content",
      reason: "Threat",
    });
    const [redacted] = await harness.context.db.select().from(messages).where(eq(messages.id, messageId));
    expect(redacted?.content).toBe("[removed by a moderator]");
  });

  it("dismisses a report with a reason; delete_content on a user report is refused", async () => {
    const target = await buildUser(harness.app);
    const reporter = await buildUser(harness.app);
    const filed = await reporter.client.post("/api/reports", {
      targetType: "user",
      targetId: target.user.id,
      reason: "Rude",
    });
    const refused = await boss.client.post(`/api/admin/reports/${filed.json().id}/resolve`, {
      action: "delete_content",
      reason: "x",
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe("A reported user has no content to delete; suspend the user instead.");
    const dismissed = await boss.client.post(`/api/admin/reports/${filed.json().id}/resolve`, {
      action: "dismiss",
      reason: "Not a violation",
    });
    expect(dismissed.json()).toMatchObject({ status: "dismissed" });
    const listed = (await boss.client.get("/api/admin/reports?status=dismissed")).json();
    expect(listed[0]).toMatchObject({
      id: filed.json().id,
      resolution: "Not a violation",
      targetPreview: `@${target.user.username}`,
    });
    const [notification] = (await reporter.client.get("/api/notifications")).json();
    expect(notification).toMatchObject({ type: "report_outcome", data: { outcome: "dismiss" } });
  });
});
