import type { CommentView, PostView } from "@plaza/contracts/posts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertUnlock } from "../../../test/factories/payments";
import { buildPost } from "../../../test/factories/posts";
import { buildUser } from "../../../test/factories/users";
import { buildTestApp, type TestApp, TestClient } from "../../../test/test-app";

let harness: TestApp;

beforeAll(async () => {
  harness = await buildTestApp();
});
afterAll(() => harness.close());

const anonymous = () => new TestClient(harness.app);

describe("PATCH /api/posts/{id}", () => {
  it("lets the author change title, text, tags and place, and stamps editedAt", async () => {
    const { client: author } = await buildUser(harness.app);
    const { client: reader } = await buildUser(harness.app);
    const post = await buildPost(author, {
      tags: ["old"],
      location: { city: "Hood River", latitude: 45.7, longitude: -121.5 },
    });
    expect(post.editedAt).toBeNull();
    expect(post.abilities.canEdit).toBe(true);
    harness.clock.advance(60_000);

    const response = await author.patch(`/api/posts/${post.id}`, {
      title: "  New title ",
      content: "New text",
      tags: ["fresh", "fresh", " local "],
      location: { city: "Portland", state: "Oregon", latitude: 45.5152, longitude: -122.6784 },
    });
    expect(response.statusCode).toBe(200);
    const edited = response.json<PostView>();
    expect(edited).toMatchObject({
      title: "New title",
      content: "New text",
      tags: ["fresh", "local"],
      city: "Portland",
      state: "Oregon",
      editedAt: harness.clock.now().toISOString(),
      createdAt: post.createdAt,
    });
    const read = (await reader.get(`/api/posts/${post.id}`)).json<PostView>();
    expect(read).toMatchObject({ title: "New title", editedAt: edited.editedAt });
    expect(read.abilities.canEdit).toBe(false);

    // Removing the place and the title.
    const cleared = (await author.patch(`/api/posts/${post.id}`, { title: null, location: null })).json<PostView>();
    // Fields left out stay as they were (the tags here).
    expect(cleared).toMatchObject({ title: null, city: null, state: null, tags: ["fresh", "local"] });

    // Sending what is already there changes nothing, editedAt included.
    harness.clock.advance(60_000);
    const same = (await author.patch(`/api/posts/${post.id}`, { content: "New text" })).json<PostView>();
    expect(same.editedAt).toBe(cleared.editedAt);
  });

  it("401 signed out, 400 for bad input, 404 for a missing post, 403 for someone else's", async () => {
    const { client: author } = await buildUser(harness.app);
    const { client: other } = await buildUser(harness.app);
    const post = await buildPost(author);
    expect((await anonymous().patch(`/api/posts/${post.id}`, { content: "x" })).statusCode).toBe(401);
    const empty = await author.patch(`/api/posts/${post.id}`, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe("Nothing to change");
    const blank = await author.patch(`/api/posts/${post.id}`, { content: "  " });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe("Content is required");
    expect(
      (
        await author.patch(`/api/posts/${post.id}`, {
          tags: Array(11)
            .fill(0)
            .map((_, i) => `t${i}`),
        })
      ).statusCode,
    ).toBe(400);
    const missing = await author.patch(`/api/posts/${crypto.randomUUID()}`, { content: "x" });
    expect(missing.statusCode).toBe(404);
    const foreign = await other.patch(`/api/posts/${post.id}`, { content: "Hijacked" });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().message).toBe("Only the author can edit this post");
    expect((await author.get(`/api/posts/${post.id}`)).json().content).toBe(post.content);
  });

  it("fixes type and price once someone paid; before that the creator may change them", async () => {
    const { client: creator, user: creatorUser } = await buildUser(harness.app, { profileType: "creator" });
    const { user: fan } = await buildUser(harness.app);
    const post = await buildPost(creator, { postType: "ppv", price: 5 });

    // Nobody paid yet: the author's read says the type and price may change.
    expect((await creator.get(`/api/posts/${post.id}`)).json<PostView>().priceLocked).toBe(false);
    const cheaper = await creator.patch(`/api/posts/${post.id}`, { price: 3 });
    expect(cheaper.statusCode).toBe(200);
    expect(cheaper.json()).toMatchObject({ postType: "ppv", price: 3 });
    const noPrice = await creator.patch(`/api/posts/${post.id}`, { postType: "ppv", price: 0 });
    expect(noPrice.statusCode).toBe(400);
    expect(noPrice.json().message).toBe("Enter a price above 0 for pay-per-view");

    await insertUnlock(harness.context, fan.id, post.id, creatorUser.id);
    for (const change of [{ price: 9 }, { postType: "regular" }, { postType: "premium", price: null }]) {
      const refused = await creator.patch(`/api/posts/${post.id}`, change);
      expect(refused.statusCode, JSON.stringify(change)).toBe(409);
      expect(refused.json().message).toBe("People have paid for this post: its type and price can no longer change");
    }
    const unchanged = (await creator.get(`/api/posts/${post.id}`)).json<PostView>();
    expect(unchanged).toMatchObject({ postType: "ppv", price: 3, priceLocked: true });
    // The author's lists say so too (read in the list's one query); nobody else learns that someone paid.
    const own = (await creator.get(`/api/users/${creatorUser.id}/posts`)).json<PostView[]>();
    expect(own.find((row) => row.id === post.id)?.priceLocked).toBe(true);
    const { client: stranger } = await buildUser(harness.app);
    expect((await stranger.get(`/api/posts/${post.id}`)).json<PostView>().priceLocked).toBe(false);
    const fanView = await anonymous().get(`/api/posts/${post.id}`);
    if (fanView.statusCode === 200) expect(fanView.json<PostView>().priceLocked).toBe(false);
    // The same type and price and the title still change; the text buyers paid for does not (no bait and switch).
    const title = await creator.patch(`/api/posts/${post.id}`, { title: "Renamed", postType: "ppv", price: 3 });
    expect(title.statusCode).toBe(200);
    expect(title.json().title).toBe("Renamed");
    const text = await creator.patch(`/api/posts/${post.id}`, { content: "Updated recipe", postType: "ppv", price: 3 });
    expect(text.statusCode).toBe(409);
    expect(text.json().message).toBe("This post has buyers, so it can no longer be edited");
    expect((await creator.get(`/api/posts/${post.id}`)).json<PostView>().content).toBe(unchanged.content);
  });

  it("keeps a pay-per-view post's text once someone bought it (409); before that it changes", async () => {
    const { client: creator, user: creatorUser } = await buildUser(harness.app, { profileType: "creator" });
    const { user: fan } = await buildUser(harness.app);
    const post = await buildPost(creator, { postType: "ppv", price: 5, content: "The recipe as sold" });
    const before = await creator.patch(`/api/posts/${post.id}`, { content: "The recipe, fixed typo" });
    expect(before.statusCode).toBe(200);
    await insertUnlock(harness.context, fan.id, post.id, creatorUser.id);
    const after = await creator.patch(`/api/posts/${post.id}`, { content: "Something else entirely" });
    expect(after.statusCode).toBe(409);
    expect(after.json()).toMatchObject({ message: "This post has buyers, so it can no longer be edited" });
    const read = (await creator.get(`/api/posts/${post.id}`)).json<PostView>();
    expect(read.content).toBe("The recipe, fixed typo");
    // Sending the same text is no change, so it passes.
    expect((await creator.patch(`/api/posts/${post.id}`, { content: "The recipe, fixed typo" })).statusCode).toBe(200);
  });

  it("keeps paid types to creator profiles", async () => {
    const { client: person } = await buildUser(harness.app);
    const post = await buildPost(person);
    const refused = await person.patch(`/api/posts/${post.id}`, { postType: "premium", price: 4 });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe("Only creator profiles can publish pay-per-view or subscriber posts");
  });
});

describe("PATCH and DELETE /api/comments/{id}", () => {
  async function setUp() {
    const author = await buildUser(harness.app);
    const commenter = await buildUser(harness.app);
    const bystander = await buildUser(harness.app);
    const post = await buildPost(author.client);
    const created = await commenter.client.post(`/api/posts/${post.id}/comments`, { content: "First!" });
    expect(created.statusCode).toBe(201);
    return { author, commenter, bystander, post, comment: created.json<CommentView>() };
  }

  it("lets only the comment's author edit it, and shows editedAt", async () => {
    const { author, commenter, bystander, post, comment } = await setUp();
    expect(comment).toMatchObject({ editedAt: null, abilities: { canEdit: true, canDelete: true } });
    harness.clock.advance(5000);
    expect((await anonymous().patch(`/api/comments/${comment.id}`, { content: "x" })).statusCode).toBe(401);
    for (const client of [author.client, bystander.client]) {
      const refused = await client.patch(`/api/comments/${comment.id}`, { content: "Changed" });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe("Only the author can edit this comment");
    }
    expect((await commenter.client.patch(`/api/comments/${comment.id}`, { content: " " })).statusCode).toBe(400);
    expect((await commenter.client.patch(`/api/comments/${crypto.randomUUID()}`, { content: "x" })).statusCode).toBe(
      404,
    );
    const edited = await commenter.client.patch(`/api/comments/${comment.id}`, { content: "First, and edited" });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ content: "First, and edited", editedAt: harness.clock.now().toISOString() });

    // Abilities as each one reads the list: the post's author may delete, not edit; a bystander neither.
    const asAuthor = (await author.client.get(`/api/posts/${post.id}/comments`)).json<CommentView[]>();
    expect(asAuthor[0]).toMatchObject({ content: "First, and edited", abilities: { canEdit: false, canDelete: true } });
    const asBystander = (await bystander.client.get(`/api/posts/${post.id}/comments`)).json<CommentView[]>();
    expect(asBystander[0]?.abilities).toEqual({ canEdit: false, canDelete: false });
  });

  it("lets the comment's author or the post's author delete it, and uncounts it", async () => {
    const { author, commenter, bystander, post, comment } = await setUp();
    const second = (
      await bystander.client.post(`/api/posts/${post.id}/comments`, { content: "Second" })
    ).json<CommentView>();
    expect((await author.client.get(`/api/posts/${post.id}`)).json().commentCount).toBe(2);

    expect((await anonymous().delete(`/api/comments/${comment.id}`)).statusCode).toBe(401);
    const refused = await bystander.client.delete(`/api/comments/${comment.id}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe("Only the comment's author or the post's author can delete this comment");

    // The post's author removes someone else's comment.
    expect((await author.client.delete(`/api/comments/${comment.id}`)).statusCode).toBe(204);
    expect((await author.client.delete(`/api/comments/${comment.id}`)).statusCode).toBe(404);
    // The comment's author removes their own.
    expect((await bystander.client.delete(`/api/comments/${second.id}`)).statusCode).toBe(204);
    const after = await commenter.client.get(`/api/posts/${post.id}/comments`);
    expect(after.json()).toEqual([]);
    expect((await author.client.get(`/api/posts/${post.id}`)).json().commentCount).toBe(0);
  });
});
