import { type ComponentProps, createContext, useCallback, useContext, useState } from "react";
import { cn } from "@/lib/cn";

const AvatarContext = createContext<{ hasFailed: boolean; setHasFailed: (hasFailed: boolean) => void } | null>(null);

/**
 * A round avatar: an image over its fallback (initials). The image is a real lazy `<img>` (Radix's avatar preloads
 * every image eagerly through `new Image()`), so avatars below the fold cost nothing until they are scrolled to.
 * It is shown from the first render, the server's HTML included: a page read before (or without) its JavaScript
 * shows the photo or logo, never the initials while the picture exists. Only a picture that fails to load gives way
 * to the fallback.
 */
export function Avatar({ className, children, ...props }: ComponentProps<"span">) {
  const [hasFailed, setHasFailed] = useState(false);
  return (
    <AvatarContext.Provider value={{ hasFailed, setHasFailed }}>
      <span
        data-slot="avatar"
        className={cn(
          "relative flex size-10 shrink-0 overflow-hidden rounded-full",
          // While there is a picture, its fallback is out of sight and of the accessibility tree (CSS, so the
          // server's HTML does it too); once the picture fails, the image leaves and the initials show.
          "[&:has(>[data-slot=avatar-image])>[data-slot=avatar-fallback]]:hidden",
          className,
        )}
        {...props}
      >
        {children}
      </span>
    </AvatarContext.Provider>
  );
}

export function AvatarImage({ className, alt, onError, src, ...props }: ComponentProps<"img">) {
  const context = useContext(AvatarContext);
  const setHasFailed = context?.setHasFailed;
  // An image that failed before the page hydrated fired its error event before React listened: ask it.
  const checkLoaded = useCallback(
    (image: HTMLImageElement | null) => {
      if (image?.complete && image.naturalWidth === 0 && image.getAttribute("src")) setHasFailed?.(true);
    },
    [setHasFailed],
  );
  if (!src || context?.hasFailed) return null;
  return (
    <img
      ref={checkLoaded}
      data-slot="avatar-image"
      src={src}
      alt={alt}
      loading="lazy"
      decoding="async"
      // On the fallback's grey while it loads.
      className={cn("absolute inset-0 aspect-square size-full bg-gray-100 object-cover", className)}
      onError={(event) => {
        setHasFailed?.(true);
        onError?.(event);
      }}
      {...props}
    />
  );
}

/** Seen instead of the image while there is none or it failed to load. */
export function AvatarFallback({ className, ...props }: ComponentProps<"span">) {
  return (
    <span
      data-slot="avatar-fallback"
      className={cn(
        "flex size-full items-center justify-center rounded-full bg-gray-100 text-sm font-medium text-gray-600",
        className,
      )}
      {...props}
    />
  );
}
