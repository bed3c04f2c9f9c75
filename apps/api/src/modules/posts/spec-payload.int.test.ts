import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildUser } from "../../../test/factories/users";
import { buildTestApp, type TestApp } from "../../../test/test-app";

/** docs/PRODUCT.md "Fidelity fixes": `POST /api/posts` accepts the first API's payload exactly; `title` is optional. */
let harness: TestApp;

beforeAll(async () => {
  harness = await buildTestApp();
});
afterAll(() => harness.close());

describe("POST /api/posts with the first API's payload", () => {
  it("publishes a post without a title, read back with title null everywhere (never 'undefined')", async () => {
    const { client, user } = await buildUser(harness.app);
    // docs/PRODUCT.md §"New post payload": content, postType, price, category, tags, isCommentable, isLikeable.
    const created = await client.post("/api/posts", {
      content: "Sunset at the pier",
      postType: "regular",
      price: null,
      category: "lifestyle",
      tags: ["sunset"],
      isCommentable: true,
      isLikeable: true,
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ title: null, content: "Sunset at the pier", postType: "free" });
    const id = created.json().id;
    for (const url of [`/api/posts/${id}`, `/api/users/${user.id}/posts`, "/api/posts/feed", "/api/posts/trending"]) {
      const response = await client.get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).not.toContain("undefined");
    }
    const read = await client.get(`/api/posts/${id}`);
    expect(read.json().title).toBeNull();
    expect((await client.post("/api/posts", { title: null, content: "No title either" })).statusCode).toBe(201);
  });

  it("a title that is sent must still be one: blank is 'Title is required', as the create form says", async () => {
    const { client } = await buildUser(harness.app);
    const blank = await client.post("/api/posts", { title: "  ", content: "Body" });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe("Title is required");
    const titled = await client.post("/api/posts", { title: " Pier ", content: "Body" });
    expect(titled.json().title).toBe("Pier");
  });
});
