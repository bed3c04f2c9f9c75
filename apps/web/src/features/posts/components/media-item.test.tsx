import type { MediaItemView } from "@plaza/contracts/posts";
import { UPLOAD_TEXTS } from "@plaza/contracts/uploads.texts";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { FEED_IMAGE_SIZES, MediaItem } from "./media-item";

/** A picture as the API hands it out while its job makes the sizes, and once they are made. */
function aPicture(overrides: Partial<MediaItemView> = {}): MediaItemView {
  return {
    type: "image",
    url: "/uploads/pic.webp",
    width: 2000,
    height: 1200,
    placeholder: null,
    alt: "Boats",
    variants: [],
    status: "processing",
    posterUrl: null,
    durationSeconds: null,
    ...overrides,
  };
}

const render = (item: MediaItemView) =>
  renderToStaticMarkup(<MediaItem item={item} alt="Boats" sizes={FEED_IMAGE_SIZES} />);

describe("MediaItem (a picture made by the picture job)", () => {
  it("shows that a picture is processing, without asking for an address that is not stored yet", () => {
    const html = render(aPicture());
    expect(html).toContain(UPLOAD_TEXTS.processing);
    expect(html).toContain('data-status="processing"');
    expect(html).not.toContain("<img");
  });

  it("says clearly that a picture failed", () => {
    const html = render(aPicture({ status: "failed" }));
    expect(html).toContain(UPLOAD_TEXTS.failed);
    expect(html).not.toContain("<img");
  });

  it("shows the stored widths once ready", () => {
    const html = render(
      aPicture({
        status: "ready",
        variants: [
          { url: "/uploads/pic-480.webp", width: 480, height: 288 },
          { url: "/uploads/pic.webp", width: 2000, height: 1200 },
        ],
      }),
    );
    expect(html).toContain('srcSet="/uploads/pic-480.webp 480w, /uploads/pic.webp 2000w"');
    expect(html).not.toContain(UPLOAD_TEXTS.processing);
  });
});
