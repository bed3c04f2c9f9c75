import { LOCKED_PREVIEW_LENGTH } from "@plaza/contracts/constants";
import { describe, expect, it } from "vitest";
import { canSeeAuthorPosts, canViewFull } from "./posts.policy";
import { lockedPreview } from "./posts.presenter";

const author = "00000000-0000-4000-8000-000000000001";
const viewer = "00000000-0000-4000-8000-000000000002";
const nothingPaid = { isUnlocked: false, isSubscribed: false };

describe("canViewFull (locked content)", () => {
  it("opens free posts to everyone and every post to its author", () => {
    expect(canViewFull(null, { authorId: author, postType: "free" }, nothingPaid)).toBe(true);
    expect(canViewFull(author, { authorId: author, postType: "ppv" }, nothingPaid)).toBe(true);
    expect(canViewFull(author, { authorId: author, postType: "subscriber" }, nothingPaid)).toBe(true);
  });

  it("needs an unlock for ppv and a subscription for subscriber posts", () => {
    expect(canViewFull(viewer, { authorId: author, postType: "ppv" }, nothingPaid)).toBe(false);
    expect(canViewFull(viewer, { authorId: author, postType: "ppv" }, { ...nothingPaid, isUnlocked: true })).toBe(true);
    expect(canViewFull(viewer, { authorId: author, postType: "ppv" }, { ...nothingPaid, isSubscribed: true })).toBe(
      false,
    );
    expect(canViewFull(viewer, { authorId: author, postType: "subscriber" }, nothingPaid)).toBe(false);
    expect(
      canViewFull(viewer, { authorId: author, postType: "subscriber" }, { ...nothingPaid, isSubscribed: true }),
    ).toBe(true);
    expect(canViewFull(null, { authorId: author, postType: "subscriber" }, nothingPaid)).toBe(false);
  });
});

describe("canSeeAuthorPosts (accountVisibility)", () => {
  const profile = (accountVisibility: "public" | "private" | "custom", customVisibleUsers: string[] = []) => ({
    id: author,
    accountVisibility,
    customVisibleUsers,
    isLimited: false,
  });
  const someone = { id: viewer, isSuperuser: false };

  it("public: everyone, signed out too", () => {
    expect(canSeeAuthorPosts(null, profile("public"), false)).toBe(true);
    expect(canSeeAuthorPosts(someone, profile("public"), false)).toBe(true);
  });

  it("private: followers only; custom: the listed users only", () => {
    expect(canSeeAuthorPosts(someone, profile("private"), false)).toBe(false);
    expect(canSeeAuthorPosts(someone, profile("private"), true)).toBe(true);
    expect(canSeeAuthorPosts(null, profile("private"), false)).toBe(false);
    expect(canSeeAuthorPosts(someone, profile("custom", [viewer]), false)).toBe(true);
    expect(canSeeAuthorPosts(someone, profile("custom"), true)).toBe(false);
  });

  it("limited: followers only, whatever the account's setting; the owner still", () => {
    const limited = { ...profile("public"), isLimited: true };
    expect(canSeeAuthorPosts(null, limited, false)).toBe(false);
    expect(canSeeAuthorPosts(someone, limited, false)).toBe(false);
    expect(canSeeAuthorPosts(someone, limited, true)).toBe(true);
    expect(canSeeAuthorPosts({ id: author, isSuperuser: false }, limited, false)).toBe(true);
  });

  it("the owner and superusers always", () => {
    expect(canSeeAuthorPosts({ id: author, isSuperuser: false }, profile("custom"), false)).toBe(true);
    expect(canSeeAuthorPosts({ id: viewer, isSuperuser: true }, profile("private"), false)).toBe(true);
  });
});

describe("lockedPreview", () => {
  it("cuts long content to the preview length, and never shows more than half of short content", () => {
    const preview = lockedPreview("x".repeat(500));
    expect(preview).toBe(`${"x".repeat(LOCKED_PREVIEW_LENGTH)}…`);
    expect(lockedPreview("short")).toBe("sh…");
    // Shorter than the preview length, once given away whole.
    const secret = "Pay-per-view secret: the hidden waterfall trail starts behind the old mill.";
    expect(lockedPreview(secret)).toBe("Pay-per-view secret: the hidden water…");
    expect(lockedPreview("x".repeat(LOCKED_PREVIEW_LENGTH + 2))).toBe(`${"x".repeat(LOCKED_PREVIEW_LENGTH / 2 + 1)}…`);
  });
});
