import type { Locale } from "@plaza/contracts/i18n.texts";
import { directionOf } from "@plaza/contracts/i18n.texts";
import type { MediaItemView, PostView } from "@plaza/contracts/posts";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { type KeyboardEvent, useState } from "react";
import { defineMessages, useIntl } from "react-intl";
import { cn } from "@/lib/cn";
import { useRefreshWhileProcessing } from "../hooks/use-refresh-while-processing";
import { useSwipe } from "../hooks/use-swipe";
import { FEED_IMAGE_SIZES, MediaItem } from "./media-item";
import { MediaLightbox } from "./media-lightbox";

const phrases = defineMessages<{
  fallbackAlt: { name: string };
  open: { position: number; count: number };
  carousel: { position: number; count: number };
  slide: { position: number; count: number };
  show: { position: number; count: number };
}>({
  fallbackAlt: { id: "posts.gallery.fallbackAlt", defaultMessage: "Image posted by {name}" },
  open: {
    id: "posts.gallery.open",
    defaultMessage: "{count, plural, =1 {Open photo} other {Open photo {position, number} of {count, number}}}",
  },
  carousel: { id: "posts.gallery.carousel", defaultMessage: "Photos, {position, number} of {count, number}" },
  slide: { id: "posts.gallery.slide", defaultMessage: "{position, number} of {count, number}" },
  show: { id: "posts.gallery.show", defaultMessage: "Show photo {position, number} of {count, number}" },
});
const messages = defineMessages({
  photo: { id: "posts.gallery.photo", defaultMessage: "Photo" },
  previous: { id: "posts.gallery.previous", defaultMessage: "Previous photo" },
  next: { id: "posts.gallery.next", defaultMessage: "Next photo" },
  carouselRole: { id: "posts.gallery.carouselRole", defaultMessage: "carousel" },
  slideRole: { id: "posts.gallery.slideRole", defaultMessage: "slide" },
});

/** The box never gets taller than 4:5 nor flatter than 1.91:1 (what people know from photo apps). */
const TALLEST_RATIO = 4 / 5;
const FLATTEST_RATIO = 1.91;

/** The post's media items; a post from before galleries (an address without a size) becomes one item. */
function itemsOf(post: PostView): MediaItemView[] {
  if (post.media.length > 0) return post.media;
  if (!post.mediaUrl || !post.mediaType) return [];
  return [
    {
      type: post.mediaType,
      url: post.mediaUrl,
      width: 0,
      height: 0,
      placeholder: null,
      alt: post.altText,
      variants: [],
      status: "ready",
      posterUrl: null,
      durationSeconds: null,
    },
  ];
}

/** The box's aspect ratio: the first item's, kept between 4:5 and 1.91:1; the others fit inside it whole. */
function boxRatio(items: MediaItemView[]): number {
  const first = items[0];
  if (!first?.width || !first.height) return first?.type === "video" ? 16 / 9 : 8 / 5;
  return Math.min(FLATTEST_RATIO, Math.max(TALLEST_RATIO, first.width / first.height));
}

const arrowClass =
  "absolute top-1/2 flex size-11 -translate-y-1/2 md:size-9 cursor-pointer items-center justify-center rounded-full bg-black/55 text-white shadow hover:bg-black/75 focus-visible:outline-hidden focus-visible:ring-2 focus-visible:ring-white";

/**
 * A post's media on its card: one box reserved from the first item's size (no layout shift), every picture whole
 * inside it on its placeholder (never cropped), a carousel for several (swipe, arrows, dots, ← / →) and a tap
 * opens the lightbox.
 */
export function MediaGallery({ post }: { post: PostView }) {
  const intl = useIntl();
  // Right to left, the first photo is on the right and the next one comes from the left.
  const isRtl = directionOf(intl.locale as Locale) === "rtl";
  useRefreshWhileProcessing(post);
  const items = itemsOf(post);
  const [index, setIndex] = useState(0);
  const [openIndex, setOpenIndex] = useState<number | null>(null);
  const count = items.length;
  const go = (next: number) => setIndex(Math.min(count - 1, Math.max(0, next)));
  const swipe = useSwipe(
    isRtl
      ? { onPrevious: () => go(index + 1), onNext: () => go(index - 1) }
      : { onPrevious: () => go(index - 1), onNext: () => go(index + 1) },
  );
  if (count === 0) return null;
  const altOf = (item: MediaItemView) => item.alt || intl.formatMessage(phrases.fallbackAlt, { name: post.authorName });
  const isSeveral = count > 1;

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.target !== event.currentTarget) return;
    if (event.key === "ArrowLeft" || event.key === "ArrowRight") {
      event.preventDefault();
      go(index + ((event.key === "ArrowRight") !== isRtl ? 1 : -1));
    } else if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      if (items[index]?.type === "image" && items[index]?.status === "ready") setOpenIndex(index);
    }
  };

  const slide = (item: MediaItemView, position: number) =>
    item.type === "image" ? (
      <MediaItem item={item} alt={altOf(item)} sizes={FEED_IMAGE_SIZES} isEager={position === index && index > 0}>
        {/* Over the picture rather than around it, so the picture keeps its own name for screen readers. */}
        <button
          type="button"
          tabIndex={-1}
          className="absolute inset-0 h-full w-full cursor-zoom-in"
          aria-label={intl.formatMessage(phrases.open, { position: position + 1, count })}
          onClick={() => {
            if (!swipe.wasSwipe()) setOpenIndex(position);
          }}
        />
      </MediaItem>
    ) : (
      <MediaItem item={item} alt={altOf(item)} sizes={FEED_IMAGE_SIZES} className="bg-black" />
    );

  // No wrapper of its own: the box, the dots and the lightbox sit in the card (Plaza issue 34, elements per card);
  // a single item is the box's only content, without a list of slides around it.
  return (
    <>
      {/* biome-ignore lint/a11y/useSemanticElements: a carousel region; the slides inside are the content */}
      <div
        role="group"
        aria-roledescription={intl.formatMessage(messages.carouselRole)}
        aria-label={
          isSeveral
            ? intl.formatMessage(phrases.carousel, { position: index + 1, count })
            : intl.formatMessage(messages.photo)
        }
        // biome-ignore lint/a11y/noNoninteractiveTabindex: ← / → move through the photos, Enter opens one
        tabIndex={0}
        onKeyDown={onKeyDown}
        className="relative mt-3 max-h-[75vh] w-full overflow-hidden rounded-lg bg-gray-100 focus-visible:outline-hidden focus-visible:ring-2 focus-visible:ring-brand-500"
        style={{ aspectRatio: String(boxRatio(items)), touchAction: "pan-y" }}
        data-testid="media-gallery"
        {...swipe.handlers}
      >
        {isSeveral ? (
          <ul
            className="flex h-full transition-transform duration-300 ease-out motion-reduce:transition-none"
            style={{ transform: `translateX(${isRtl ? "" : "-"}${index * 100}%)` }}
          >
            {items.map((item, position) => (
              <li
                key={item.url}
                className="h-full w-full shrink-0"
                aria-hidden={position !== index}
                aria-roledescription={intl.formatMessage(messages.slideRole)}
                aria-label={intl.formatMessage(phrases.slide, { position: position + 1, count })}
              >
                {slide(item, position)}
              </li>
            ))}
          </ul>
        ) : (
          items[0] && slide(items[0], 0)
        )}
        {isSeveral && index > 0 && (
          <button
            type="button"
            tabIndex={-1}
            className={cn(arrowClass, "start-2")}
            aria-label={intl.formatMessage(messages.previous)}
            onClick={() => go(index - 1)}
          >
            <ChevronLeft aria-hidden className="h-5 w-5 rtl:-scale-x-100" />
          </button>
        )}
        {isSeveral && index < count - 1 && (
          <button
            type="button"
            tabIndex={-1}
            className={cn(arrowClass, "end-2")}
            aria-label={intl.formatMessage(messages.next)}
            onClick={() => go(index + 1)}
          >
            <ChevronRight aria-hidden className="h-5 w-5 rtl:-scale-x-100" />
          </button>
        )}
      </div>
      {isSeveral && (
        <div className="mt-1 flex justify-center">
          {items.map((item, position) => (
            <button
              key={item.url}
              type="button"
              className="flex size-11 cursor-pointer items-center justify-center md:size-6"
              aria-label={intl.formatMessage(phrases.show, { position: position + 1, count })}
              aria-current={position === index}
              onClick={() => go(position)}
            >
              <span
                className={cn(
                  "block h-2 w-2 rounded-full transition-colors",
                  position === index ? "bg-brand-600" : "bg-gray-300",
                )}
              />
            </button>
          ))}
        </div>
      )}
      <MediaLightbox
        items={items}
        altOf={altOf}
        index={openIndex}
        onIndexChange={(next) => {
          setOpenIndex(next);
          setIndex(next);
        }}
        onClose={() => setOpenIndex(null)}
      />
    </>
  );
}
