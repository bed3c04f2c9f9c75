import { type ComponentProps, createContext, useContext, useState } from "react";
import { cn } from "@/lib/cn";

type ImageStatus = "loading" | "loaded" | "error";

const AvatarContext = createContext<{ status: ImageStatus; setStatus: (status: ImageStatus) => void } | null>(null);

/**
 * A round avatar: an image over its fallback (initials). The image is a real lazy `<img>` (Radix's avatar preloads
 * every image eagerly through `new Image()`), so avatars below the fold cost nothing until they are scrolled to.
 */
export function Avatar({ className, children, ...props }: ComponentProps<"span">) {
  const [status, setStatus] = useState<ImageStatus>("loading");
  return (
    <AvatarContext.Provider value={{ status, setStatus }}>
      <span
        data-slot="avatar"
        className={cn("relative flex size-10 shrink-0 overflow-hidden rounded-full", className)}
        {...props}
      >
        {children}
      </span>
    </AvatarContext.Provider>
  );
}

export function AvatarImage({ className, alt, onLoad, onError, ...props }: ComponentProps<"img">) {
  const context = useContext(AvatarContext);
  if (context?.status === "error") return null;
  return (
    <img
      data-slot="avatar-image"
      alt={alt}
      loading="lazy"
      decoding="async"
      className={cn(
        "absolute inset-0 aspect-square size-full object-cover",
        context?.status !== "loaded" && "opacity-0",
        className,
      )}
      onLoad={(event) => {
        context?.setStatus("loaded");
        onLoad?.(event);
      }}
      onError={(event) => {
        context?.setStatus("error");
        onError?.(event);
      }}
      {...props}
    />
  );
}

/** Shown until the image has loaded, and instead of it when there is none or it fails. */
export function AvatarFallback({ className, ...props }: ComponentProps<"span">) {
  const context = useContext(AvatarContext);
  if (context?.status === "loaded") return null;
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
