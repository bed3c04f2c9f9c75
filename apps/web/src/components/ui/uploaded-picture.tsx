import type { MediaStatus } from "@plaza/contracts/posts.texts";
import { UPLOAD_TEXTS, VIDEO_TEXTS } from "@plaza/contracts/uploads.texts";
import { AlertTriangle, Loader2 } from "lucide-react";
import { type ComponentProps, useEffect, useState } from "react";
import { useText } from "@/i18n/texts";
import { cn } from "@/lib/cn";

/**
 * The state of an uploaded picture or video whose job has not made it yet (processing) or gave up (failed), in the
 * box the picture will fill: the one look every screen uses, the post card's first.
 */
export function MediaStatusBox({
  status,
  type = "image",
  className,
}: {
  status: Exclude<MediaStatus, "ready">;
  type?: "image" | "video";
  className?: string;
}) {
  const text = useText();
  const texts = type === "video" ? VIDEO_TEXTS : UPLOAD_TEXTS;
  return (
    <div
      className={cn(
        "flex h-full w-full flex-col items-center justify-center gap-2 bg-black p-2 text-center text-sm text-white",
        className,
      )}
      role="status"
      data-testid="media-status"
      data-status={status}
    >
      {status === "processing" ? (
        <Loader2 aria-hidden className="h-6 w-6 animate-spin" />
      ) : (
        <AlertTriangle aria-hidden className="h-6 w-6" />
      )}
      {text(status === "processing" ? texts.processing : texts.failed)}
    </div>
  );
}

/** How long to wait before asking again for a picture that was not there yet, and how often to ask. */
const RETRY_MS = 2000;
const RETRIES = 15;

/**
 * An uploaded picture (`/uploads/{id}.webp`, or its CDN address) anywhere outside the post card. The upload is
 * answered before the picture job has made its sizes, so for a while its address answers 404: with `status` known
 * (a post's media) the processing box shows until it is "ready"; without it, a picture that fails to load shows the
 * same box and is asked for again every 2 s (30 s in all) before it counts as failed — never a broken image.
 */
export function UploadedPicture({
  src,
  status = "ready",
  boxClassName,
  ...props
}: Omit<ComponentProps<"img">, "src" | "onError"> & {
  src: string;
  status?: MediaStatus;
  /** Classes of the status box (its size, matching the picture's). */
  boxClassName?: string;
}) {
  const [attempt, setAttempt] = useState(0);
  const [isMissing, setMissing] = useState(false);
  useEffect(() => {
    if (!isMissing || attempt >= RETRIES) return;
    const timer = setTimeout(() => {
      setAttempt((count) => count + 1);
      setMissing(false);
    }, RETRY_MS);
    return () => clearTimeout(timer);
  }, [isMissing, attempt]);
  if (status !== "ready") return <MediaStatusBox status={status} className={boxClassName ?? props.className} />;
  if (isMissing) {
    return (
      <MediaStatusBox
        status={attempt >= RETRIES ? "failed" : "processing"}
        className={boxClassName ?? props.className}
      />
    );
  }
  // A new attempt is a new element (its key), so the browser asks again rather than keeping the failed load.
  return <img key={attempt} src={src} alt="" {...props} onError={() => setMissing(true)} />;
}
