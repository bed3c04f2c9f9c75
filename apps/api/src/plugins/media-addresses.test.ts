import { describe, expect, it } from "vitest";
import type { ObjectStorage } from "../lib/object-storage";
import { withClientMediaAddresses } from "./media-addresses";

const cdn = { publicUrl: (key: string) => `https://cdn.example/${key}` } as unknown as ObjectStorage;

describe("media addresses behind a CDN", () => {
  it("maps stored addresses in url fields only, leaving text, links and other sites alone", () => {
    const answer = {
      title: "/uploads/a.webp",
      author: { profileImageUrl: "/uploads/b.webp", bio: "/uploads/b.webp" },
      mediaUrls: ["/uploads/c.webp", "https://elsewhere.example/d.webp"],
      media: [
        { url: "/uploads/e.mp4", posterUrl: "/uploads/e-poster.webp", variants: [{ url: "/uploads/e-480.webp" }] },
      ],
      targetUrl: "/posts/1",
      uploadURL: "/uploads/f.webp",
      logoUrl: "/uploads/../x.webp",
      createdAt: new Date(0),
    };
    expect(withClientMediaAddresses(cdn, answer)).toEqual({
      ...answer,
      author: { profileImageUrl: "https://cdn.example/b.webp", bio: "/uploads/b.webp" },
      mediaUrls: ["https://cdn.example/c.webp", "https://elsewhere.example/d.webp"],
      media: [
        {
          url: "https://cdn.example/e.mp4",
          posterUrl: "https://cdn.example/e-poster.webp",
          variants: [{ url: "https://cdn.example/e-480.webp" }],
        },
      ],
    });
    expect(answer.author.profileImageUrl, "the original is not changed").toBe("/uploads/b.webp");
  });

  it("returns an answer without media as the same object", () => {
    const answer = { items: [{ id: 1, url: null }], profileImageUrl: null };
    expect(withClientMediaAddresses(cdn, answer)).toBe(answer);
  });
});
