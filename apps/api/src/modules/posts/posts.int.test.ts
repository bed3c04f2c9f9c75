import { LOCKED_PREVIEW_LENGTH } from "@plaza/contracts/constants";
import { POST_MESSAGES, type PostView } from "@plaza/contracts/posts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertBlock } from "../../../test/factories/blocks";
import { insertFollow } from "../../../test/factories/follows";
import { insertSubscription, insertUnlock } from "../../../test/factories/payments";
import { buildPost } from "../../../test/factories/posts";
import { uploadTestImage } from "../../../test/factories/uploads";
import { buildUser, setVisibility } from "../../../test/factories/users";
import { buildTestApp, type TestApp, TestClient } from "../../../test/test-app";
import { POSTS_PER_HOUR, removePost } from "./posts.service";

let harness: TestApp;

beforeAll(async () => {
  harness = await buildTestApp({ SUPERUSER_EMAILS: "posts-boss@example.test" });
});
afterAll(() => harness.close());

const anonymous = () => new TestClient(harness.app);
const validPost = { title: "Sunset at the pier", content: "Best view in town tonight." };

describe("POST /api/posts", () => {
  it("answers 401 without a session, even for a bad body", async () => {
    const response = await anonymous().post("/api/posts", { title: "" });
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe("Unauthorized");
  });

  it("answers 400 with the §5 messages", async () => {
    const { client } = await buildUser(harness.app);
    const cases: [Record<string, unknown>, string][] = [
      [{ ...validPost, title: "" }, "Title is required"],
      [{ ...validPost, title: "   " }, "Title is required"],
      [{ ...validPost, title: "x".repeat(201) }, "Title too long"],
      [{ ...validPost, content: "" }, "Content is required"],
      [{ ...validPost, content: "x".repeat(2001) }, "Content too long"],
      [{ ...validPost, tags: Array.from({ length: 11 }, (_, index) => `tag${index}`) }, "At most 10 tags"],
      [{ ...validPost, price: -1, postType: "premium" }, "Price must be at least 0"],
      [{ ...validPost, category: "weapons" }, "Invalid category"],
    ];
    for (const [body, message] of cases) {
      const response = await client.post("/api/posts", body);
      expect(response.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(response.json().message).toBe(message);
    }
  });

  it("refuses media that is not the author's own finished upload (400)", async () => {
    const { client } = await buildUser(harness.app);
    const { client: other } = await buildUser(harness.app);
    const foreign = await uploadTestImage(other);
    const pending = await uploadTestImage(client, { finish: false });
    for (const mediaUrl of ["https://evil.example/x.png", "javascript:alert(1)", foreign, pending]) {
      const response = await client.post("/api/posts", { ...validPost, mediaUrls: [mediaUrl] });
      expect(response.statusCode, mediaUrl).toBe(400);
      expect(response.json().message).toBe("Only photos uploaded to Plaza can be used");
    }
    const me = await client.get("/api/auth/user");
    expect(me.json().postsCount).toBe(0);
  });

  it("answers 403 for a suspended author", async () => {
    const { client, user } = await buildUser(harness.app);
    const { users } = await import("../../db/schema/users");
    const { eq } = await import("drizzle-orm");
    await harness.context.db.update(users).set({ isSuspended: true }).where(eq(users.id, user.id));
    const response = await client.post("/api/posts", validPost);
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe("Your account is suspended");
  });

  it("publishes a post with title, media, location, tags; maps types and prices; counts it on the author", async () => {
    const { client, user } = await buildUser(harness.app, { profileType: "creator" });
    const upload = await uploadTestImage(client);
    const response = await client.post("/api/posts", {
      ...validPost,
      category: "food",
      tags: [" pier ", "sunset", "pier", ""],
      mediaUrls: [upload],
      location: { city: "Lisbon", country: "Portugal", countryCode: "pt", latitude: 38.72, longitude: -9.14 },
      isCommentable: false,
    });
    expect(response.statusCode).toBe(201);
    const post = response.json<PostView>();
    expect(post).toMatchObject({
      authorId: user.id,
      title: "Sunset at the pier",
      content: "Best view in town tonight.",
      postType: "free",
      price: null,
      category: "food",
      tags: ["pier", "sunset"],
      mediaUrl: upload,
      imageUrl: upload,
      mediaType: "image",
      city: "Lisbon",
      country: "Portugal",
      isLocked: false,
      isCommentable: false,
      isLikeable: true,
      likeCount: 0,
      commentCount: 0,
      isLiked: false,
    });
    expect(post.author).toMatchObject({ id: user.id, username: user.username });
    expect(post.abilities).toEqual({ canLike: true, canComment: false, canDelete: true, canEdit: true });
    expect(post.authorName).toBe(`${user.firstName} ${user.lastName}`);

    const ppv = await buildPost(client, { postType: "premium", price: 4.99 });
    expect(ppv).toMatchObject({ postType: "ppv", price: 4.99, isPpv: true, ppvPrice: 4.99, isLocked: false });
    const subscriber = await buildPost(client, { postType: "premium", price: null });
    expect(subscriber).toMatchObject({ postType: "subscriber", price: null, isPpv: false });
    const regularWithPrice = await buildPost(client, { postType: "regular", price: 3 });
    expect(regularWithPrice).toMatchObject({ postType: "free", price: null });

    expect((await client.get("/api/auth/user")).json().postsCount).toBe(4);
  });
});

describe("POST /api/posts: who sells access, and at what price", () => {
  it("lets only creator profiles publish pay-per-view or subscriber posts (403); everyone posts for free", async () => {
    for (const profileType of ["personal", "business"] as const) {
      const { client } = await buildUser(harness.app, { profileType });
      for (const paid of [
        { postType: "premium", price: 4.99 },
        { postType: "premium", price: null },
        { postType: "ppv", price: 2 },
        { postType: "subscriber" },
      ]) {
        const response = await client.post("/api/posts", { ...validPost, ...paid });
        expect(response.statusCode, `${profileType} ${JSON.stringify(paid)}`).toBe(403);
        expect(response.json()).toMatchObject({ code: "CREATORS_ONLY", message: POST_MESSAGES.paidPostsCreatorsOnly });
      }
      expect((await client.post("/api/posts", { ...validPost, postType: "regular" })).statusCode).toBe(201);
      expect((await client.get("/api/auth/user")).json().postsCount).toBe(1);
    }
  });

  it("needs a pay-per-view price above 0 with at most 2 decimals (400), never one nobody can pay", async () => {
    const { client } = await buildUser(harness.app, { profileType: "creator" });
    const cases: [Record<string, unknown>, string][] = [
      [{ postType: "ppv", price: 0 }, POST_MESSAGES.ppvPriceRequired],
      [{ postType: "ppv", price: null }, POST_MESSAGES.ppvPriceRequired],
      [{ postType: "ppv" }, POST_MESSAGES.ppvPriceRequired],
      [{ postType: "ppv", price: 0.001 }, "Prices have at most 2 decimals"],
      [{ postType: "premium", price: 0.001 }, "Prices have at most 2 decimals"],
      [{ postType: "premium", price: 4.999 }, "Prices have at most 2 decimals"],
    ];
    for (const [paid, message] of cases) {
      const response = await client.post("/api/posts", { ...validPost, ...paid });
      expect(response.statusCode, JSON.stringify(paid)).toBe(400);
      expect(response.json().message).toBe(message);
    }
    expect((await client.get("/api/auth/user")).json().postsCount).toBe(0);
    // The contract's mapping: premium with a price above 0 is pay-per-view, premium at 0 is for subscribers.
    expect(await buildPost(client, { postType: "ppv", price: 0.01 })).toMatchObject({ postType: "ppv", price: 0.01 });
    expect(await buildPost(client, { postType: "premium", price: 0 })).toMatchObject({ postType: "subscriber" });
  });
});

describe("POST /api/posts abuse", () => {
  it("ignores fields the payload does not have (mass assignment)", async () => {
    const { client, user } = await buildUser(harness.app);
    const { user: victim } = await buildUser(harness.app);
    const post = await buildPost(client, {
      ...validPost,
      ...({ authorId: victim.id, likeCount: 999, commentCount: 5, priceCents: 1, isLocked: true } as object),
    });
    expect(post).toMatchObject({ authorId: user.id, likeCount: 0, commentCount: 0, price: null, isLocked: false });
  });

  it("answers 429 after the hourly post quota", async () => {
    const { client } = await buildUser(harness.app);
    for (let index = 0; index < POSTS_PER_HOUR; index += 1) await buildPost(client, { title: `quota ${index}` });
    const refused = await client.post("/api/posts", validPost);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe("Too many requests. Please wait a moment.");
    harness.clock.advance(60 * 60 * 1000 + 1);
    expect((await client.post("/api/posts", validPost)).statusCode).toBe(201);
  });
});

describe("GET /api/posts/{id}", () => {
  it("answers 400 for a malformed id and 404 for an unknown one", async () => {
    const bad = await anonymous().get("/api/posts/not-a-uuid");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe("Invalid post id");
    const missing = await anonymous().get(`/api/posts/${crypto.randomUUID()}`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe("Post not found");
  });

  it("answers 403 across a block (both directions) and for a private author's non-followers", async () => {
    const { client: author, user: authorUser } = await buildUser(harness.app);
    const { client: blocked, user: blockedUser } = await buildUser(harness.app);
    const { client: blocker, user: blockerUser } = await buildUser(harness.app);
    const post = await buildPost(author);
    await insertBlock(harness.context, authorUser.id, blockedUser.id);
    await insertBlock(harness.context, blockerUser.id, authorUser.id);
    for (const client of [blocked, blocker]) {
      const response = await client.get(`/api/posts/${post.id}`);
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe("You cannot see this content");
    }
    await setVisibility(harness.context, authorUser.id, "private");
    expect((await anonymous().get(`/api/posts/${post.id}`)).statusCode).toBe(403);
    const { client: follower, user: followerUser } = await buildUser(harness.app);
    expect((await follower.get(`/api/posts/${post.id}`)).statusCode).toBe(403);
    await insertFollow(harness.context, followerUser.id, authorUser.id);
    expect((await follower.get(`/api/posts/${post.id}`)).statusCode).toBe(200);
  });

  it("shows a public post to signed-out visitors", async () => {
    const { client } = await buildUser(harness.app);
    const post = await buildPost(client);
    const response = await anonymous().get(`/api/posts/${post.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: post.id, content: post.content, isLiked: false });
    expect(response.json().abilities).toEqual({ canLike: false, canComment: false, canDelete: false, canEdit: false });
    const { client: reader } = await buildUser(harness.app);
    expect((await reader.get(`/api/posts/${post.id}`)).json().abilities).toEqual({
      canLike: true,
      canComment: true,
      canDelete: false,
      canEdit: false,
    });
  });
});

describe("locked posts (docs/PRODUCT.md 'Privacy')", () => {
  it("redacts ppv and subscriber posts until unlocked or subscribed; the author always sees all", async () => {
    const { client: creator, user: creatorUser } = await buildUser(harness.app, { profileType: "creator" });
    const upload = await uploadTestImage(creator);
    const longContent = `Secret recipe: ${"x".repeat(300)}`;
    const ppv = await buildPost(creator, {
      postType: "premium",
      price: 5,
      content: longContent,
      mediaUrls: [upload],
    });
    const subscriberOnly = await buildPost(creator, { postType: "premium", content: longContent });
    const { client: fan, user: fanUser } = await buildUser(harness.app);

    const locked = (await fan.get(`/api/posts/${ppv.id}`)).json<PostView>();
    expect(locked).toMatchObject({ isLocked: true, mediaUrl: null, imageUrl: null, mediaUrls: [], mediaType: null });
    expect(locked.content.length).toBeLessThanOrEqual(LOCKED_PREVIEW_LENGTH + 1);
    expect(longContent.startsWith(locked.content.replace(/…$/, ""))).toBe(true);
    expect(JSON.stringify(locked)).not.toContain(upload);
    expect((await anonymous().get(`/api/posts/${ppv.id}`)).json().isLocked).toBe(true);

    const own = (await creator.get(`/api/posts/${ppv.id}`)).json<PostView>();
    expect(own).toMatchObject({ isLocked: false, content: longContent, mediaUrl: upload });

    await insertUnlock(harness.context, fanUser.id, ppv.id, creatorUser.id);
    expect((await fan.get(`/api/posts/${ppv.id}`)).json()).toMatchObject({ isLocked: false, content: longContent });

    expect((await fan.get(`/api/posts/${subscriberOnly.id}`)).json().isLocked).toBe(true);
    const periodEnd = new Date(harness.clock.now().getTime() + 24 * 60 * 60 * 1000);
    await insertSubscription(harness.context, fanUser.id, creatorUser.id, periodEnd);
    expect((await fan.get(`/api/posts/${subscriberOnly.id}`)).json()).toMatchObject({ isLocked: false });
    // The subscription period ends: locked again.
    harness.clock.advance(2 * 24 * 60 * 60 * 1000);
    expect((await fan.get(`/api/posts/${subscriberOnly.id}`)).json().isLocked).toBe(true);

    const list = (await fan.get(`/api/users/${creatorUser.id}/posts`)).json<PostView[]>();
    expect(list.find((post) => post.id === subscriberOnly.id)).toMatchObject({ isLocked: true, mediaUrl: null });
    expect(list.find((post) => post.id === ppv.id)).toMatchObject({ isLocked: false });
  });
});

describe("GET /api/users/{userId}/posts", () => {
  it("answers 400 for a malformed id and 404 for an unknown user", async () => {
    expect((await anonymous().get("/api/users/nope/posts")).json().message).toBe("Invalid user id");
    const missing = await anonymous().get(`/api/users/${crypto.randomUUID()}/posts`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe("User not found");
  });

  it("respects public, private and custom visibility and blocks; owner and superusers see all", async () => {
    const { client: owner, user: ownerUser } = await buildUser(harness.app);
    await buildPost(owner);
    await buildPost(owner);
    const { client: stranger, user: strangerUser } = await buildUser(harness.app);
    const { client: follower, user: followerUser } = await buildUser(harness.app);
    const { client: chosen, user: chosenUser } = await buildUser(harness.app);
    const { client: boss } = await buildUser(harness.app, { email: "posts-boss@example.test" });
    await insertFollow(harness.context, followerUser.id, ownerUser.id);
    const url = `/api/users/${ownerUser.id}/posts`;

    expect((await anonymous().get(url)).json()).toHaveLength(2);
    expect((await stranger.get(url)).json()).toHaveLength(2);

    await setVisibility(harness.context, ownerUser.id, "private");
    const hidden = await stranger.get(url);
    expect(hidden.statusCode).toBe(403);
    expect(hidden.json().message).toBe("You cannot see this content");
    expect((await anonymous().get(url)).statusCode).toBe(403);
    expect((await follower.get(url)).json()).toHaveLength(2);
    expect((await owner.get(url)).json()).toHaveLength(2);
    expect((await boss.get(url)).json()).toHaveLength(2);

    await setVisibility(harness.context, ownerUser.id, "custom", [chosenUser.id]);
    expect((await chosen.get(url)).json()).toHaveLength(2);
    expect((await follower.get(url)).statusCode).toBe(403);

    await setVisibility(harness.context, ownerUser.id, "public");
    await insertBlock(harness.context, strangerUser.id, ownerUser.id);
    expect((await stranger.get(url)).statusCode).toBe(403);
    const blockedByOwner = await owner.get(`/api/users/${strangerUser.id}/posts`);
    expect(blockedByOwner.statusCode).toBe(403);
  });

  it("pages with X-Next-Cursor", async () => {
    const { client, user } = await buildUser(harness.app);
    for (let index = 0; index < 5; index += 1) await buildPost(client, { title: `p${index}` });
    const first = await anonymous().get(`/api/users/${user.id}/posts?limit=3`);
    expect(first.json()).toHaveLength(3);
    const cursor = first.headers["x-next-cursor"];
    expect(typeof cursor).toBe("string");
    const second = await anonymous().get(`/api/users/${user.id}/posts?limit=3&cursor=${cursor}`);
    expect(second.json()).toHaveLength(2);
    expect(second.headers["x-next-cursor"]).toBeUndefined();
    const titles = [...first.json<PostView[]>(), ...second.json<PostView[]>()].map((post) => post.title);
    expect(new Set(titles).size).toBe(5);
    expect((await anonymous().get(`/api/users/${user.id}/posts?cursor=garbage`)).statusCode).toBe(400);
  });
});

describe("DELETE /api/posts/{id}", () => {
  it("401 → 400 → 404 → 403 → 204, and postsCount follows", async () => {
    const { client: author } = await buildUser(harness.app);
    const { client: other } = await buildUser(harness.app);
    const post = await buildPost(author);
    expect((await anonymous().delete(`/api/posts/${post.id}`)).statusCode).toBe(401);
    expect((await author.delete("/api/posts/nope")).statusCode).toBe(400);
    expect((await author.delete(`/api/posts/${crypto.randomUUID()}`)).statusCode).toBe(404);
    const refused = await other.delete(`/api/posts/${post.id}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe("Only the author can delete this post");
    expect((await author.get("/api/auth/user")).json().postsCount).toBe(1);
    expect((await author.delete(`/api/posts/${post.id}`)).statusCode).toBe(204);
    expect((await author.get(`/api/posts/${post.id}`)).statusCode).toBe(404);
    expect((await author.get("/api/auth/user")).json().postsCount).toBe(0);
  });

  it("answers 409 for a post someone paid for (the append-only ledger points at it)", async () => {
    const { client: author, user: authorUser } = await buildUser(harness.app, { profileType: "creator" });
    const { user: buyer } = await buildUser(harness.app);
    const post = await buildPost(author, { postType: "premium", price: 3 });
    await insertUnlock(harness.context, buyer.id, post.id, authorUser.id);
    const refused = await author.delete(`/api/posts/${post.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe("This post has been paid for and cannot be deleted");
    expect((await author.get(`/api/posts/${post.id}`)).statusCode).toBe(200);

    // Moderation (removePost, reused by the admin module) still removes it; the ledger keeps its history.
    const removed = await harness.context.db.transaction((tx) => removePost(tx, post.id));
    expect(removed?.id).toBe(post.id);
    expect((await author.get(`/api/posts/${post.id}`)).statusCode).toBe(404);
    expect((await author.get("/api/auth/user")).json().postsCount).toBe(0);
  });
});
