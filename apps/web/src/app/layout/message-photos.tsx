import type { MediaItemView } from "@plaza/contracts/posts";
import { useState } from "react";
import { defineMessages, useIntl } from "react-intl";
import { UploadedPicture } from "@/components/ui/uploaded-picture";
import { MediaLightbox } from "@/features/posts/components/media-lightbox";
import { cn } from "@/lib/cn";

const messages = defineMessages<{
  open: { number: number; count: number; name: string };
  photoFrom: { name: string };
}>({
  open: {
    id: "shell.message-photos.open",
    defaultMessage: "Open photo {number} of {count} from {name}",
  },
  photoFrom: { id: "shell.message-photos.photo-from", defaultMessage: "Photo from {name}" },
});

/** A message's picture as the post lightbox shows it (the picture itself; no stored widths). */
const photoItem = (url: string): MediaItemView => ({
  type: "image",
  url,
  width: 0,
  height: 0,
  placeholder: null,
  alt: null,
  variants: [],
  status: "ready",
  posterUrl: null,
  durationSeconds: null,
});

/** A message's pictures: a small grid; a tap opens them full screen in the lightbox. */
export function MessagePhotos({ urls, senderName }: { urls: string[]; senderName: string }) {
  const intl = useIntl();
  const [openIndex, setOpenIndex] = useState<number | null>(null);
  const items = urls.map(photoItem);
  return (
    <>
      <div className={cn("grid max-w-[80%] gap-1", urls.length > 1 ? "grid-cols-2" : "grid-cols-1")}>
        {urls.map((url, index) => (
          <button
            key={url}
            type="button"
            className="cursor-pointer overflow-hidden rounded-xl"
            onClick={() => setOpenIndex(index)}
            aria-label={intl.formatMessage(messages.open, { number: index + 1, count: urls.length, name: senderName })}
          >
            <UploadedPicture
              src={url}
              alt=""
              loading="lazy"
              className={cn("block w-full object-cover", urls.length > 1 ? "aspect-square" : "max-h-64")}
            />
          </button>
        ))}
      </div>
      <MediaLightbox
        items={items}
        altOf={() => intl.formatMessage(messages.photoFrom, { name: senderName })}
        index={openIndex}
        onIndexChange={setOpenIndex}
        onClose={() => setOpenIndex(null)}
      />
    </>
  );
}
