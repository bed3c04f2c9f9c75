import type { MediaItemView } from "@plaza/contracts/posts";
import { mediaSrcSet } from "@plaza/contracts/posts.texts";
import { type ReactNode, useMemo, useState } from "react";
import { thumbHashToDataURL } from "thumbhash";
import { MediaStatusBox } from "@/components/ui/uploaded-picture";
import { cn } from "@/lib/cn";

/** The feed column is at most ~640 px wide; a phone shows the picture across the screen. */
export const FEED_IMAGE_SIZES = "(min-width: 768px) 640px, 100vw";

/** A ThumbHash (base64) as an image address, or null when there is none or it does not decode. */
/** 4.2 → "0:04", 75 → "1:15": a video's length as players show it. */
export function formatDuration(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
}

export function usePlaceholderUrl(placeholder: string | null): string | null {
  return useMemo(() => {
    if (!placeholder) return null;
    try {
      return thumbHashToDataURL(Uint8Array.from(atob(placeholder), (character) => character.charCodeAt(0)));
    } catch {
      return null;
    }
  }, [placeholder]);
}

interface MediaItemProps {
  item: MediaItemView;
  alt: string;
  sizes: string;
  /** Load at once (the picture in view) rather than when it nears the viewport. */
  isEager?: boolean;
  className?: string;
  /** Drawn over a picture inside its box (the gallery's open-the-lightbox button), without a wrapper of its own. */
  children?: ReactNode;
}

/**
 * One media item, fitted whole inside its box (object-contain: a picture is never cropped). A picture shows its
 * placeholder at once and the best of its stored widths when it arrives; either shows its state until its job has
 * made it (processing, or failed).
 */
export function MediaItem({ item, alt, sizes, isEager = false, className, children }: MediaItemProps) {
  const placeholderUrl = usePlaceholderUrl(item.placeholder);
  const [isLoaded, setLoaded] = useState(false);
  const [hasPlayed, setHasPlayed] = useState(false);
  // A picture or video still being made (its job) or given up on: its state in the reserved box.
  if (item.status !== "ready") {
    return <MediaStatusBox status={item.status} type={item.type} className={className} />;
  }
  if (item.type === "video") {
    return (
      // The length shows before it plays (the browser knows it only once loading starts); it starts muted, as the
      // controls say. The placeholder (from the poster frame) shows behind it until the poster arrives.
      <span
        className="relative block h-full w-full bg-cover bg-center"
        style={placeholderUrl ? { backgroundImage: `url("${placeholderUrl}")` } : undefined}
        data-testid="video-frame"
      >
        <video
          src={item.url}
          poster={item.posterUrl ?? undefined}
          aria-label={alt}
          playsInline
          muted
          controls
          preload="none"
          width={item.width || undefined}
          height={item.height || undefined}
          className={cn("h-full w-full object-contain", className)}
          onPlay={() => setHasPlayed(true)}
        />
        {!hasPlayed && item.durationSeconds !== null && (
          <span
            className="pointer-events-none absolute end-2 top-2 rounded bg-black/70 px-1.5 py-0.5 font-mono text-xs text-white"
            data-testid="video-duration"
          >
            {formatDuration(item.durationSeconds)}
          </span>
        )}
      </span>
    );
  }
  return (
    <div className={cn("relative h-full w-full", className)}>
      {placeholderUrl && !isLoaded && (
        // Decorative, so a background rather than an <img>: nothing for screen readers, no image request.
        <div
          aria-hidden
          className="absolute inset-0 bg-contain bg-center bg-no-repeat"
          style={{ backgroundImage: `url("${placeholderUrl}")` }}
        />
      )}
      <img
        src={item.url}
        srcSet={item.variants.length > 1 ? mediaSrcSet(item) : undefined}
        sizes={item.variants.length > 1 ? sizes : undefined}
        alt={alt}
        width={item.width || undefined}
        height={item.height || undefined}
        loading={isEager ? "eager" : "lazy"}
        decoding="async"
        draggable={false}
        onLoad={() => setLoaded(true)}
        className={cn(
          "relative h-full w-full object-contain transition-opacity duration-200",
          placeholderUrl && !isLoaded ? "opacity-0" : "opacity-100",
        )}
      />
      {children}
    </div>
  );
}
