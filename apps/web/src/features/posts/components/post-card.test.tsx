import type { PostView } from "@plaza/contracts/posts";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Router } from "wouter";
import type { Catalog } from "@/i18n/catalogs";
import { catalog as arabic } from "@/i18n/catalogs/ar";
import { catalog as spanish } from "@/i18n/catalogs/es";
import { withIntl } from "@/i18n/with-intl";
import { PostCard } from "./post-card";
import type { PostSlots } from "./post-slots";

const AUTHOR_ID = "00000000-0000-4000-8000-000000000001";
const VIEWER_ID = "00000000-0000-4000-8000-000000000002";

/** A post as the home feed shows most of them: a title, text, one picture, a place, two tags. */
function aPost(overrides: Partial<PostView> = {}): PostView {
  return {
    id: "00000000-0000-4000-8000-0000000000aa",
    authorId: AUTHOR_ID,
    authorName: "Ada Baker",
    author: {
      id: AUTHOR_ID,
      username: "ada",
      firstName: "Ada",
      lastName: "Baker",
      profileImageUrl: "/uploads/ada.webp",
      profileType: "business",
      isVerified: true,
    },
    title: "Fresh bread",
    content: "Sourdough is out of the oven.",
    createdAt: new Date(Date.now() - 3_600_000).toISOString(),
    postType: "free",
    price: null,
    isPpv: false,
    ppvPrice: null,
    mediaUrl: "/uploads/bread.webp",
    mediaUrls: ["/uploads/bread.webp"],
    imageUrl: "/uploads/bread.webp",
    altText: "Loaves on a rack",
    mediaType: "image",
    media: [
      {
        type: "image",
        url: "/uploads/bread.webp",
        width: 1200,
        height: 900,
        placeholder: null,
        alt: "Loaves on a rack",
        variants: [],
        status: "ready",
        posterUrl: null,
        durationSeconds: null,
      },
    ],
    category: null,
    tags: ["bakery", "local"],
    city: "Springfield",
    state: null,
    country: null,
    isLocked: false,
    isCommentable: true,
    isLikeable: true,
    likeCount: 3,
    commentCount: 2,
    isLiked: false,
    editedAt: null,
    priceLocked: false,
    business: { id: "00000000-0000-4000-8000-0000000000bb", name: "Ada's Bakery" },
    perkCouponId: null,
    perk: null,
    abilities: { canLike: true, canComment: true, canDelete: false, canEdit: false },
    ...overrides,
  };
}

/** Slots like the home's: a Tip and a Report button (their own elements are not the card's). */
const slots: PostSlots = {
  renderTip: () => <button type="button">Tip</button>,
  renderReport: () => <button type="button">Report</button>,
};

function render(node: ReactNode, locale: "en" | "es" | "ar" = "en", catalog?: Catalog): string {
  return renderToStaticMarkup(
    withIntl(
      <Router ssrPath="/">
        <QueryClientProvider client={new QueryClient()}>{node}</QueryClientProvider>
      </Router>,
      locale,
      catalog,
    ),
  );
}

function elementCount(html: string): number {
  return html.match(/<[a-z][a-z0-9-]*/gi)?.length ?? 0;
}

/**
 * The home renders a card per post (Plaza issue 34: the signed-in home had 1,306 elements and ~160 ms of render).
 * A card of the usual kind (title, text, one picture, a place, two tags, Tip and Report) stays within this many
 * elements: raise it only for something visible that needs its own element.
 */
const CARD_ELEMENT_BUDGET = 50;

describe("PostCard", () => {
  it(`stays within ${CARD_ELEMENT_BUDGET} elements for a usual post`, () => {
    const html = render(<PostCard post={aPost()} viewerId={VIEWER_ID} slots={slots} />);
    expect(elementCount(html)).toBeLessThanOrEqual(CARD_ELEMENT_BUDGET);
  });

  it("speaks the reader's language, the author's words untouched (issue 49)", () => {
    const post = aPost({ likeCount: 1234 });
    const english = render(<PostCard post={post} viewerId={VIEWER_ID} />);
    expect(english).toContain('aria-label="Like 1234"');
    expect(english).toContain(">Share<");
    const inSpanish = render(<PostCard post={post} viewerId={VIEWER_ID} />, "es", spanish);
    expect(inSpanish).toContain('aria-label="Me gusta 1234"');
    expect(inSpanish).toContain(">Compartir<");
    expect(inSpanish).toContain("Sourdough is out of the oven.");
    const inArabic = render(<PostCard post={post} viewerId={VIEWER_ID} />, "ar", arabic);
    expect(inArabic).toContain(">مشاركة<");
    expect(inArabic).toContain("Sourdough is out of the oven.");
  });
});
