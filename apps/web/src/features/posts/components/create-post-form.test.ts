import { POST_ALT_TEXT_TOO_LONG, POST_MESSAGES } from "@plaza/contracts/posts";
import { describe, expect, test } from "vitest";
import { composerSchema, EMPTY_COMPOSER, firstMessage } from "./create-post-form";

const issues = (values: Partial<typeof EMPTY_COMPOSER>) =>
  composerSchema
    .safeParse({ ...EMPTY_COMPOSER, ...values })
    .error?.issues.map((issue) => [issue.path.join("."), issue.message]);

describe("the composer's schema (the contract's createPostBody on the screen's values)", () => {
  test("reports the contract's rules on the payload's paths, the price rule included", () => {
    expect(issues({ access: "ppv" })).toEqual([
      ["title", "Title is required"],
      ["content", "Content is required"],
      ["price", POST_MESSAGES.ppvPriceRequired],
    ]);
    const media = [{ type: "image" as const, objectUrl: "u", previewUrl: "p", alt: "x".repeat(301) }];
    expect(issues({ title: "a", content: "b", media })).toEqual([["media.0.alt", POST_ALT_TEXT_TOO_LONG]]);
  });

  test("maps access to the API's types and leaves blanks out", () => {
    const base = { ...EMPTY_COMPOSER, title: "t", content: "c", category: "food" as const };
    expect(composerSchema.parse({ ...base, access: "ppv", price: "4.5" })).toMatchObject({
      postType: "ppv",
      price: 4.5,
    });
    expect(composerSchema.parse({ ...base, access: "subscriber", price: "4.5" })).toMatchObject({
      postType: "premium",
      price: null,
    });
    expect(composerSchema.parse(base)).toMatchObject({ postType: "regular", category: "food", location: null });
  });

  test("firstMessage finds a nested field's message", () => {
    expect(firstMessage({ latitude: { type: "x", message: "Bad latitude" } })).toBe("Bad latitude");
    expect(firstMessage(undefined)).toBeUndefined();
  });
});
