import type { AdminPostView } from "@plaza/contracts/admin";
import { POST_ALT_TEXT_MAX_LENGTH, POST_ALT_TEXT_TOO_LONG, type PostView } from "@plaza/contracts/posts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { uploadTestImage } from "../../../test/factories/uploads";
import { buildUser } from "../../../test/factories/users";
import { buildTestApp, type TestApp } from "../../../test/test-app";

let harness: TestApp;
const ADMIN_EMAIL = "alt-text-admin@example.test";

beforeAll(async () => {
  harness = await buildTestApp({ SUPERUSER_EMAILS: ADMIN_EMAIL });
});
afterAll(() => harness.close());

const validPost = { title: "Harbour at dusk", content: "Boats coming home." };

describe("post alt text (POST /api/posts altText)", () => {
  it("answers 400 with the contract's message for a description that is too long or not text", async () => {
    const { client } = await buildUser(harness.app);
    const upload = await uploadTestImage(client);
    const tooLong = await client.post("/api/posts", {
      ...validPost,
      mediaUrls: [upload],
      altText: "x".repeat(POST_ALT_TEXT_MAX_LENGTH + 1),
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toBe(POST_ALT_TEXT_TOO_LONG);
    const notText = await client.post("/api/posts", { ...validPost, mediaUrls: [upload], altText: 42 });
    expect(notText.statusCode).toBe(400);
  });

  it("stores a trimmed description and returns it in the post, the feed, the author's list and the admin list", async () => {
    const { client, user } = await buildUser(harness.app);
    const upload = await uploadTestImage(client);
    const description = "Three fishing boats at the pier, orange sky";
    const created = await client.post("/api/posts", {
      ...validPost,
      mediaUrls: [upload],
      altText: `  ${description}  `,
    });
    expect(created.statusCode).toBe(201);
    const post = created.json<PostView>();
    expect(post).toMatchObject({ imageUrl: upload, altText: description });

    const exactlyMax = await client.post("/api/posts", {
      ...validPost,
      mediaUrls: [upload],
      altText: "y".repeat(POST_ALT_TEXT_MAX_LENGTH),
    });
    expect(exactlyMax.statusCode).toBe(201);

    const single = await client.get(`/api/posts/${post.id}`);
    expect(single.json<PostView>().altText).toBe(description);
    const feed = await client.get("/api/posts/feed");
    expect(feed.json<PostView[]>().find((item) => item.id === post.id)?.altText).toBe(description);
    const list = await client.get(`/api/users/${user.id}/posts`);
    expect(list.json<PostView[]>().find((item) => item.id === post.id)?.altText).toBe(description);

    const { client: admin } = await buildUser(harness.app, { email: ADMIN_EMAIL });
    const adminPosts = await admin.get("/api/admin/posts");
    expect(adminPosts.statusCode).toBe(200);
    expect(adminPosts.json<AdminPostView[]>().find((item) => item.id === post.id)?.altText).toBe(description);
  });

  it("answers null without media, for a blank description, and when the post is locked for the viewer", async () => {
    const { client } = await buildUser(harness.app, { profileType: "creator" });
    const upload = await uploadTestImage(client);
    const withoutMedia = await client.post("/api/posts", { ...validPost, altText: "A picture that is not there" });
    expect(withoutMedia.statusCode).toBe(201);
    expect(withoutMedia.json<PostView>().altText).toBeNull();
    const blank = await client.post("/api/posts", { ...validPost, mediaUrls: [upload], altText: "   " });
    expect(blank.json<PostView>().altText).toBeNull();
    const omitted = await client.post("/api/posts", { ...validPost, mediaUrls: [upload] });
    expect(omitted.json<PostView>().altText).toBeNull();

    const locked = await client.post("/api/posts", {
      ...validPost,
      postType: "premium",
      price: 3,
      mediaUrls: [upload],
      altText: "What the buyer will see",
    });
    expect(locked.statusCode).toBe(201);
    const lockedId = locked.json<PostView>().id;
    const { client: stranger } = await buildUser(harness.app);
    const seen = (await stranger.get(`/api/posts/${lockedId}`)).json<PostView>();
    expect(seen).toMatchObject({ isLocked: true, imageUrl: null, altText: null });
  });
});
