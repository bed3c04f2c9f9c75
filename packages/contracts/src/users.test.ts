import { describe, expect, it } from "vitest";
import { SOCIAL_PLATFORMS, socialLinkError, socialLinkHost, socialLinksBody } from "./social-links";
import {
  DEFAULT_PREFERENCES,
  isNewcomer,
  NEWCOMER_DAYS,
  NEWCOMER_FOLLOWS,
  preferences,
  profileFormBody,
} from "./users";

describe("preferences (docs/PRODUCT.md §5 'Preferences defaults')", () => {
  it("spells out the schema's defaults", () => {
    expect(DEFAULT_PREFERENCES).toEqual(preferences.parse({}));
  });
});

describe("profile form (docs/PRODUCT.md §5)", () => {
  const valid = { firstName: "Ada", lastName: "Lovelace", username: "ada_l" };
  const firstError = (overrides: Record<string, unknown>) =>
    profileFormBody.safeParse({ ...valid, ...overrides }).error?.issues[0]?.message;

  it("applies the defaults", () => {
    expect(profileFormBody.parse(valid)).toMatchObject({
      accountVisibility: "public",
      locationPrivacy: "city",
      allowLocationTracking: false,
    });
  });

  it("uses the contract's messages", () => {
    expect(firstError({ firstName: "" })).toBe("First name is required");
    expect(firstError({ lastName: " " })).toBe("Last name is required");
    expect(firstError({ username: "ab" })).toBe("Username must be at least 3 characters");
    expect(firstError({ username: "a b c" })).toBe("Username can only contain letters, numbers, and underscores");
    expect(firstError({ bio: "x".repeat(501) })).toBe("Bio must be less than 500 characters");
    const elevenUsers = Array.from(
      { length: 11 },
      (_, index) => `00000000-0000-4000-8000-${String(index).padStart(12, "0")}`,
    );
    expect(firstError({ accountVisibility: "custom", customVisibleUsers: elevenUsers })).toBe(
      "Maximum 10 users allowed",
    );
  });
});

describe("social links (docs/PRODUCT.md §5)", () => {
  it("has the 23 platforms", () => {
    expect(SOCIAL_PLATFORMS).toHaveLength(23);
  });

  it("accepts empty values and unknown platforms", () => {
    expect(socialLinkError("instagram", "")).toBeNull();
    expect(socialLinkError("myspace", "anything")).toBeNull();
  });

  it("checks each platform's address shape", () => {
    expect(socialLinkError("instagram", "https://www.instagram.com/ada/")).toBeNull();
    expect(socialLinkError("instagram", "https://evil.example/ada")).toBe("Please enter a valid Instagram URL");
    expect(socialLinkError("tiktok", "https://tiktok.com/@ada")).toBeNull();
    expect(socialLinkError("tiktok", "https://tiktok.com/ada")).not.toBeNull();
    expect(socialLinkError("linkedin", "https://linkedin.com/company/acme")).toBeNull();
    expect(socialLinkError("youtube", "https://youtube.com/@ada")).toBeNull();
    expect(socialLinkError("twitter", "https://x.com/ada")).toBeNull();
    expect(socialLinkError("whatsapp", "https://wa.me/15551234567")).toBeNull();
    expect(socialLinkError("whatsapp", "https://wa.me/abc")).not.toBeNull();
    expect(socialLinkError("tumblr", "https://ada.tumblr.com")).toBeNull();
    expect(socialLinkError("wechat", "WeChat ID: ada_lovelace")).toBeNull();
    expect(socialLinkError("discord", "https://discord.com/users/123456")).toBeNull();
    expect(socialLinkError("spotify", "https://open.spotify.com/artist/abc123")).toBeNull();
  });

  it("drops blank entries on save and refuses non-http addresses", () => {
    expect(socialLinksBody.parse({ socialLinks: { github: " https://github.com/ada ", twitter: "  " } })).toEqual({
      socialLinks: { github: "https://github.com/ada" },
    });
    expect(socialLinksBody.safeParse({ socialLinks: { github: "javascript:alert(1)" } }).success).toBe(false);
  });

  it("refuses on save a link that doesn't match its platform, or of an unknown platform", () => {
    const firstError = (socialLinks: Record<string, string>) =>
      socialLinksBody.safeParse({ socialLinks }).error?.issues[0]?.message;
    expect(firstError({ instagram: "https://evil.example/ada" })).toBe("Please enter a valid Instagram URL");
    expect(firstError({ myspace: "https://myspace.com/ada" })).toBe("Unknown platform");
    for (const platform of SOCIAL_PLATFORMS)
      expect(firstError({ [platform.key]: platform.placeholder })).toBeUndefined();
  });

  it("names the host a link leads to", () => {
    expect(socialLinkHost("https://instagram.com/ada")).toBe("instagram.com");
    expect(socialLinkHost(" https://www.github.com/ada/ ")).toBe("www.github.com");
    expect(socialLinkHost("https://instagram.com@evil.example/ada")).toBe("evil.example");
    expect(socialLinkHost("https://github.com\\@evil.example/ada")).toBe("github.com");
    expect(socialLinkHost("HTTPS://Instagram.com:443/ada")).toBe("instagram.com");
    expect(socialLinkHost("WeChat ID: ada_lovelace")).toBeNull();
    expect(socialLinkHost("https://")).toBeNull();
  });
});

describe("isNewcomer", () => {
  const now = Date.parse("2026-06-10T12:00:00Z");
  const daysAgo = (days: number) => new Date(now - days * 24 * 3600_000).toISOString();
  it("lasts until five follows or a week, whichever comes first (one follow is not enough)", () => {
    expect(isNewcomer({ followingCount: 0, createdAt: daysAgo(0) }, now)).toBe(true);
    expect(isNewcomer({ followingCount: 1, createdAt: daysAgo(0.001) }, now)).toBe(true);
    expect(isNewcomer({ followingCount: NEWCOMER_FOLLOWS - 1, createdAt: daysAgo(6.9) }, now)).toBe(true);
    expect(isNewcomer({ followingCount: NEWCOMER_FOLLOWS, createdAt: daysAgo(0) }, now)).toBe(false);
    expect(isNewcomer({ followingCount: 0, createdAt: daysAgo(NEWCOMER_DAYS) }, now)).toBe(false);
  });
});
