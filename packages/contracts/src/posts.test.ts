import { describe, expect, it } from "vitest";
import { createPostBody, resolvePostType } from "./posts";

describe("create post (docs/PRODUCT.md §5)", () => {
  const valid = { title: "Hello", content: "World" };
  const firstError = (overrides: Record<string, unknown>) =>
    createPostBody.safeParse({ ...valid, ...overrides }).error?.issues[0]?.message;

  it("uses the contract's messages", () => {
    expect(firstError({ title: "" })).toBe("Title is required");
    expect(firstError({ title: "x".repeat(201) })).toBe("Title too long");
    expect(firstError({ content: "" })).toBe("Content is required");
    expect(firstError({ content: "x".repeat(2001) })).toBe("Content too long");
    expect(firstError({ tags: Array.from({ length: 11 }, (_, index) => `t${index}`) })).toBe("At most 10 tags");
  });

  it("trims tags, drops empty ones and duplicates", () => {
    expect(createPostBody.parse({ ...valid, tags: [" food ", "", "food", "bar"] }).tags).toEqual(["food", "bar"]);
  });

  it("defaults to regular, commentable and likeable", () => {
    expect(createPostBody.parse(valid)).toMatchObject({ postType: "regular", isCommentable: true, isLikeable: true });
  });

  it("maps the form's types to stored types (docs/PRODUCT.md 'Social')", () => {
    expect(resolvePostType({ postType: "regular", price: null })).toBe("free");
    expect(resolvePostType({ postType: "premium", price: 4.99 })).toBe("ppv");
    expect(resolvePostType({ postType: "premium", price: null })).toBe("subscriber");
    expect(resolvePostType({ postType: "premium", price: 0 })).toBe("subscriber");
  });
});

describe("feed query", () => {
  it("accepts a text filter or a complete radius filter (1–50 miles)", async () => {
    const { feedQuery } = await import("./posts");
    expect(feedQuery.parse({ city: " Porto " })).toMatchObject({ city: "Porto", limit: 20 });
    expect(feedQuery.parse({ latitude: "38.7", longitude: "-9.1", radius: "10" })).toMatchObject({
      latitude: 38.7,
      longitude: -9.1,
      radius: 10,
    });
    const message = (query: Record<string, string>) => feedQuery.safeParse(query).error?.issues[0]?.message;
    expect(message({ latitude: "1", longitude: "1", radius: "0" })).toBe("Radius must be at least 1 mile");
    expect(message({ latitude: "1", longitude: "1", radius: "51" })).toBe("Radius must be at most 50 miles");
    expect(message({ radius: "5" })).toBe("A radius filter needs latitude, longitude and radius");
    expect(message({ latitude: "1" })).toBe("A radius filter needs latitude, longitude and radius");
  });
});
