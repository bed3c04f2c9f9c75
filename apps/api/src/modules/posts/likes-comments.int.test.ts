import type { CommentView, PostView } from "@plaza/contracts/posts";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertBlock } from "../../../test/factories/blocks";
import { insertSubscription, insertUnlock } from "../../../test/factories/payments";
import { buildPost } from "../../../test/factories/posts";
import { buildUser, setVisibility } from "../../../test/factories/users";
import { buildTestApp, type TestApp, TestClient } from "../../../test/test-app";
import { notifications } from "../../db/schema/notifications";

let harness: TestApp;

beforeAll(async () => {
  harness = await buildTestApp();
});
afterAll(() => harness.close());

const anonymous = () => new TestClient(harness.app);

async function notificationsOf(userId: string, type: string) {
  return harness.context.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.type, type)));
}

describe("POST /api/likes", () => {
  it("401 → 400 → 404 → 403 (not likeable, blocked) → 200", async () => {
    const { client: author, user: authorUser } = await buildUser(harness.app);
    const { client: fan, user: fanUser } = await buildUser(harness.app);
    const post = await buildPost(author);
    const closed = await buildPost(author, { isLikeable: false });

    expect((await anonymous().post("/api/likes", { postId: "x" })).statusCode).toBe(401);
    const bad = await fan.post("/api/likes", { postId: "x" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe("Invalid post id");
    const missing = await fan.post("/api/likes", { postId: crypto.randomUUID() });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe("Post not found");
    const notLikeable = await fan.post("/api/likes", { postId: closed.id });
    expect(notLikeable.statusCode).toBe(403);
    expect(notLikeable.json().message).toBe("Likes are turned off for this post");

    const { client: blocked, user: blockedUser } = await buildUser(harness.app);
    await insertBlock(harness.context, authorUser.id, blockedUser.id);
    expect((await blocked.post("/api/likes", { postId: post.id })).statusCode).toBe(403);

    const liked = await fan.post("/api/likes", { postId: post.id });
    expect(liked.statusCode).toBe(200);
    expect(liked.json()).toEqual({ postId: post.id, isLiked: true, likeCount: 1 });
    // Idempotent: a repeat changes nothing.
    expect((await fan.post("/api/likes", { postId: post.id })).json()).toEqual({
      postId: post.id,
      isLiked: true,
      likeCount: 1,
    });
    expect((await fan.get(`/api/posts/${post.id}`)).json()).toMatchObject({ likeCount: 1, isLiked: true });
    expect((await author.get(`/api/posts/${post.id}`)).json()).toMatchObject({ likeCount: 1, isLiked: false });
    const likeNotes = await notificationsOf(authorUser.id, "like");
    expect(likeNotes).toHaveLength(1);
    expect(likeNotes[0]).toMatchObject({ actorId: fanUser.id, entityId: post.id });

    // Unlike and like again: counted again, but the author is not notified twice.
    await fan.delete(`/api/likes/${post.id}`);
    expect((await fan.post("/api/likes", { postId: post.id })).json().likeCount).toBe(1);
    expect(await notificationsOf(authorUser.id, "like")).toHaveLength(1);

    // Liking one's own post never notifies oneself.
    await author.post("/api/likes", { postId: post.id });
    expect(await notificationsOf(authorUser.id, "like")).toHaveLength(1);
  });
});

describe("DELETE /api/likes/{postId}", () => {
  it("401 → 400 → 404 → 200, idempotent, counter follows", async () => {
    const { client: author } = await buildUser(harness.app);
    const { client: fan } = await buildUser(harness.app);
    const post = await buildPost(author);
    await fan.post("/api/likes", { postId: post.id });
    expect((await anonymous().delete(`/api/likes/${post.id}`)).statusCode).toBe(401);
    expect((await fan.delete("/api/likes/nope")).statusCode).toBe(400);
    expect((await fan.delete(`/api/likes/${crypto.randomUUID()}`)).statusCode).toBe(404);
    const unliked = await fan.delete(`/api/likes/${post.id}`);
    expect(unliked.statusCode).toBe(200);
    expect(unliked.json()).toEqual({ postId: post.id, isLiked: false, likeCount: 0 });
    expect((await fan.delete(`/api/likes/${post.id}`)).json()).toEqual({
      postId: post.id,
      isLiked: false,
      likeCount: 0,
    });
    expect((await fan.get(`/api/posts/${post.id}`)).json()).toMatchObject({ likeCount: 0, isLiked: false });
  });
});

describe("POST /api/posts/{id}/comments", () => {
  it("401 → 400 → 404 → 403 (comments off, private author) → 201, counter and notification follow", async () => {
    const { client: author, user: authorUser } = await buildUser(harness.app);
    const { client: fan, user: fanUser } = await buildUser(harness.app);
    const post = await buildPost(author);
    const closed = await buildPost(author, { isCommentable: false });
    const url = `/api/posts/${post.id}/comments`;

    expect((await anonymous().post(url, { content: "" })).statusCode).toBe(401);
    const empty = await fan.post(url, { content: "   " });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe("Comment is required");
    expect((await fan.post(url, { content: "x".repeat(1001) })).json().message).toBe("Comment too long");
    expect((await fan.post("/api/posts/nope/comments", { content: "hi" })).statusCode).toBe(400);
    expect((await fan.post(`/api/posts/${crypto.randomUUID()}/comments`, { content: "hi" })).statusCode).toBe(404);
    const refused = await fan.post(`/api/posts/${closed.id}/comments`, { content: "hi" });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe("Comments are turned off for this post");

    const created = await fan.post(url, { content: "  Lovely!  " });
    expect(created.statusCode).toBe(201);
    expect(created.json<CommentView>()).toMatchObject({
      postId: post.id,
      authorId: fanUser.id,
      content: "Lovely!",
      author: { id: fanUser.id, username: fanUser.username },
    });
    expect((await fan.get(`/api/posts/${post.id}`)).json<PostView>().commentCount).toBe(1);
    expect(await notificationsOf(authorUser.id, "comment")).toHaveLength(1);

    await setVisibility(harness.context, authorUser.id, "private");
    expect((await fan.post(url, { content: "still here?" })).statusCode).toBe(403);
  });
});

describe("GET /api/posts/{id}/comments", () => {
  it("400 → 404 → 403 → 200: oldest first, paged, without blocked commenters", async () => {
    const { client: author, user: authorUser } = await buildUser(harness.app);
    const post = await buildPost(author);
    const url = `/api/posts/${post.id}/comments`;
    expect((await anonymous().get("/api/posts/nope/comments")).statusCode).toBe(400);
    expect((await anonymous().get(`/api/posts/${crypto.randomUUID()}/comments`)).statusCode).toBe(404);

    const commenters = await Promise.all([buildUser(harness.app), buildUser(harness.app), buildUser(harness.app)]);
    for (const [index, commenter] of commenters.entries()) {
      harness.clock.advance(1000);
      await commenter.client.post(url, { content: `comment ${index}` });
    }
    const first = await anonymous().get(`${url}?limit=2`);
    expect(first.statusCode).toBe(200);
    expect(first.json<CommentView[]>().map((comment) => comment.content)).toEqual(["comment 0", "comment 1"]);
    const cursor = first.headers["x-next-cursor"];
    const second = await anonymous().get(`${url}?limit=2&cursor=${cursor}`);
    expect(second.json<CommentView[]>().map((comment) => comment.content)).toEqual(["comment 2"]);

    const { client: viewer, user: viewerUser } = await buildUser(harness.app);
    const blockedCommenter = commenters[1];
    if (!blockedCommenter) throw new Error("missing commenter");
    await insertBlock(harness.context, viewerUser.id, blockedCommenter.user.id);
    expect((await viewer.get(url)).json<CommentView[]>().map((comment) => comment.content)).toEqual([
      "comment 0",
      "comment 2",
    ]);

    await setVisibility(harness.context, authorUser.id, "private");
    const hidden = await viewer.get(url);
    expect(hidden.statusCode).toBe(403);
    expect(hidden.json().message).toBe("You cannot see this content");
  });
});

describe("comments of a locked post", () => {
  it("are read, written and edited only by those who see the whole post: author, buyer; not a subscriber of a pay-per-view post", async () => {
    const { client: creator, user: creatorUser } = await buildUser(harness.app, { profileType: "creator" });
    const { client: buyer, user: buyerUser } = await buildUser(harness.app);
    const { client: subscriber, user: subscriberUser } = await buildUser(harness.app);
    const { client: stranger } = await buildUser(harness.app);
    const ppv = await buildPost(creator, { postType: "ppv", price: 4, content: "The paid part" });
    const members = await buildPost(creator, { postType: "premium", content: "For members" });
    const periodEnd = new Date(harness.clock.now().getTime() + 24 * 60 * 60 * 1000);
    await insertSubscription(harness.context, subscriberUser.id, creatorUser.id, periodEnd);
    await insertUnlock(harness.context, buyerUser.id, ppv.id, creatorUser.id);
    const ppvUrl = `/api/posts/${ppv.id}/comments`;

    const byAuthor = await creator.post(ppvUrl, { content: "Spoiler: the secret is salt" });
    expect(byAuthor.statusCode).toBe(201);
    const byBuyer = await buyer.post(ppvUrl, { content: "Worth it" });
    expect(byBuyer.statusCode).toBe(201);
    expect((await buyer.get(ppvUrl)).json<CommentView[]>()).toHaveLength(2);
    for (const client of [subscriber, stranger, anonymous()]) {
      const read = await client.get(ppvUrl);
      expect(read.statusCode).toBe(403);
      expect(read.json().message).toBe("Only people who can see the whole post can read and write its comments");
      expect(read.body).not.toContain("salt");
    }
    for (const client of [subscriber, stranger]) {
      const write = await client.post(ppvUrl, { content: "Let me in" });
      expect(write.statusCode).toBe(403);
      expect(write.json().message).toBe("Only people who can see the whole post can read and write its comments");
      // The card knows before anyone types.
      expect((await client.get(`/api/posts/${ppv.id}`)).json<PostView>().abilities.canComment).toBe(false);
    }
    expect((await buyer.get(`/api/posts/${ppv.id}`)).json<PostView>().abilities.canComment).toBe(true);
    // A subscribers-only post: its subscribers read and write, strangers don't.
    const membersUrl = `/api/posts/${members.id}/comments`;
    expect((await subscriber.post(membersUrl, { content: "Member here" })).statusCode).toBe(201);
    expect((await stranger.get(membersUrl)).statusCode).toBe(403);
    expect((await stranger.post(membersUrl, { content: "Me too" })).statusCode).toBe(403);
    // Someone who lost access (their subscription lapsed) can no longer edit what they wrote there.
    const mine = (await subscriber.get(membersUrl)).json<CommentView[]>()[0];
    harness.clock.advance(2 * 24 * 60 * 60 * 1000);
    const edit = await subscriber.patch(`/api/comments/${mine?.id}`, { content: "Edited later" });
    expect(edit.statusCode).toBe(403);
  });
});
