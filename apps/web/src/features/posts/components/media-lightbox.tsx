import type { Locale } from "@plaza/contracts/i18n.texts";
import { directionOf } from "@plaza/contracts/i18n.texts";
import type { MediaItemView } from "@plaza/contracts/posts";
import * as DialogPrimitive from "@radix-ui/react-dialog";
import { ChevronLeft, ChevronRight, X, ZoomIn, ZoomOut } from "lucide-react";
import { type KeyboardEvent, useEffect, useState } from "react";
import { defineMessages, useIntl } from "react-intl";
import { useSwipe } from "../hooks/use-swipe";
import { MediaItem } from "./media-item";

const phrases = defineMessages<{
  title: { position: number; count: number };
  counter: { position: number; count: number };
}>({
  title: { id: "posts.lightbox.title", defaultMessage: "Photo {position, number} of {count, number}" },
  counter: { id: "posts.lightbox.counter", defaultMessage: "{position, number} / {count, number}" },
});
const messages = defineMessages({
  photo: { id: "posts.lightbox.photo", defaultMessage: "Photo" },
  zoomIn: { id: "posts.lightbox.zoomIn", defaultMessage: "Zoom in" },
  zoomOut: { id: "posts.lightbox.zoomOut", defaultMessage: "Zoom out" },
  close: { id: "posts.lightbox.close", defaultMessage: "Close" },
  previous: { id: "posts.lightbox.previous", defaultMessage: "Previous photo" },
  next: { id: "posts.lightbox.next", defaultMessage: "Next photo" },
});

interface MediaLightboxProps {
  items: MediaItemView[];
  altOf: (item: MediaItemView) => string;
  /** The open item's index, or null when closed. */
  index: number | null;
  onIndexChange: (index: number) => void;
  onClose: () => void;
}

const controlClass =
  "flex h-11 w-11 cursor-pointer items-center justify-center rounded-full bg-black/60 text-white hover:bg-black/80 focus-visible:outline-hidden focus-visible:ring-2 focus-visible:ring-white disabled:opacity-40";

/**
 * A post's media full screen (a Radix dialog: focus stays inside, Esc closes): the picture whole, ← / → and swipe
 * between items, zoom to twice the size (double-click or the zoom button; scroll or drag to move around).
 */
export function MediaLightbox({ items, altOf, index, onIndexChange, onClose }: MediaLightboxProps) {
  const intl = useIntl();
  // Right to left, the next photo comes from the left.
  const isRtl = directionOf(intl.locale as Locale) === "rtl";
  const [isZoomed, setZoomed] = useState(false);
  const current = index === null ? undefined : items[index];
  const count = items.length;
  const go = (step: number) => {
    if (index === null) return;
    const next = Math.min(count - 1, Math.max(0, index + step));
    if (next !== index) {
      setZoomed(false);
      onIndexChange(next);
    }
  };
  const swipe = useSwipe({
    onPrevious: () => go(isRtl ? 1 : -1),
    onNext: () => go(isRtl ? -1 : 1),
    isDisabled: isZoomed,
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new item starts unzoomed
  useEffect(() => setZoomed(false), [index]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === "ArrowLeft" || event.key === "ArrowRight") {
      event.preventDefault();
      go((event.key === "ArrowRight") !== isRtl ? 1 : -1);
    }
  };

  return (
    <DialogPrimitive.Root open={index !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/95" />
        <DialogPrimitive.Content
          className="fixed inset-0 z-50 flex flex-col text-white focus:outline-hidden"
          // Solid in both themes: the picture is what the screen is about.
          style={{ backgroundColor: "rgb(0 0 0 / 0.96)" }}
          onKeyDown={onKeyDown}
          aria-describedby={undefined}
        >
          <DialogPrimitive.Title className="sr-only">
            {count > 1 && index !== null
              ? intl.formatMessage(phrases.title, { position: index + 1, count })
              : intl.formatMessage(messages.photo)}
          </DialogPrimitive.Title>
          <div className="flex items-center justify-between gap-2 p-3">
            <span className="text-sm tabular-nums" aria-hidden>
              {count > 1 && index !== null ? intl.formatMessage(phrases.counter, { position: index + 1, count }) : ""}
            </span>
            <div className="flex gap-2">
              {current?.type === "image" && (
                <button
                  type="button"
                  className={controlClass}
                  aria-label={intl.formatMessage(isZoomed ? messages.zoomOut : messages.zoomIn)}
                  aria-pressed={isZoomed}
                  onClick={() => setZoomed(!isZoomed)}
                >
                  {isZoomed ? <ZoomOut aria-hidden className="h-5 w-5" /> : <ZoomIn aria-hidden className="h-5 w-5" />}
                </button>
              )}
              <DialogPrimitive.Close className={controlClass} aria-label={intl.formatMessage(messages.close)}>
                <X aria-hidden className="h-5 w-5" />
              </DialogPrimitive.Close>
            </div>
          </div>
          <div
            className={`relative min-h-0 flex-1 ${isZoomed ? "overflow-auto" : "overflow-hidden"}`}
            style={{ touchAction: isZoomed ? "auto" : "pan-y pinch-zoom" }}
            data-testid="lightbox-stage"
            {...swipe.handlers}
          >
            {current && (
              // biome-ignore lint/a11y/noStaticElementInteractions: double-click zoom is a shortcut; the Zoom button does it too
              <div
                className={isZoomed ? "h-[200%] w-[200%]" : "h-full w-full px-2 pb-2"}
                onDoubleClick={() => current.type === "image" && setZoomed(!isZoomed)}
              >
                <MediaItem
                  key={current.url}
                  item={current}
                  alt={altOf(current)}
                  sizes={isZoomed ? "200vw" : "100vw"}
                  isEager
                />
              </div>
            )}
            {count > 1 && !isZoomed && (
              <>
                <button
                  type="button"
                  className={`${controlClass} absolute start-2 top-1/2 -translate-y-1/2`}
                  aria-label={intl.formatMessage(messages.previous)}
                  disabled={index === 0}
                  onClick={() => go(-1)}
                >
                  <ChevronLeft aria-hidden className="h-6 w-6 rtl:-scale-x-100" />
                </button>
                <button
                  type="button"
                  className={`${controlClass} absolute end-2 top-1/2 -translate-y-1/2`}
                  aria-label={intl.formatMessage(messages.next)}
                  disabled={index === count - 1}
                  onClick={() => go(1)}
                >
                  <ChevronRight aria-hidden className="h-6 w-6 rtl:-scale-x-100" />
                </button>
              </>
            )}
          </div>
          {current?.alt && <p className="px-4 pb-4 text-center text-sm text-white/80">{current.alt}</p>}
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
