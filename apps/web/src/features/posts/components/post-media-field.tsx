import { POST_ALT_TEXT_MAX_LENGTH, POST_MEDIA_MAX } from "@plaza/contracts/posts.texts";
import { ACCEPTED_IMAGE_TYPES, ACCEPTED_VIDEO_TYPES } from "@plaza/contracts/uploads.texts";
import { ImagePlus } from "lucide-react";
import { useFormContext, useFormState, useWatch } from "react-hook-form";
import { defineMessages, useIntl } from "react-intl";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/components/ui/use-toast";
import { failureMessage, isUnauthorizedError } from "@/lib/api-client";
import { uploadImage } from "@/lib/upload-file";
import { type ChosenMedia, type ComposerValues, firstMessage } from "./create-post-form";
import { FieldError } from "./field-error";

const phrases = defineMessages<{
  tooMany: { max: number };
  selected: { position: number };
  photoNumber: { position: number };
  remove: { position: number };
  uploading: { percent: number };
  choose: { max: number };
  addMore: { count: number; max: number };
}>({
  tooMany: { id: "posts.media.tooMany", defaultMessage: "A post holds at most {max, number} pictures" },
  selected: { id: "posts.media.selected", defaultMessage: "Selected media {position, number}" },
  photoNumber: { id: "posts.media.photoNumber", defaultMessage: ", photo {position, number}" },
  remove: { id: "posts.media.remove", defaultMessage: "Remove photo {position, number}" },
  uploading: { id: "posts.media.uploading", defaultMessage: "Uploading... {percent, number}%" },
  choose: { id: "posts.media.choose", defaultMessage: "Choose photos (up to {max, number}) or a video" },
  addMore: { id: "posts.media.addMore", defaultMessage: "Add more photos ({count, number}/{max, number})" },
});
const messages = defineMessages({
  notAVideo: { id: "posts.media.notAVideo", defaultMessage: "The file must be an image or a video (mp4, webm or mov)" },
  mixed: { id: "posts.media.mixed", defaultMessage: "A post holds pictures or one video, not both" },
  uploadFailedTitle: { id: "posts.media.uploadFailedTitle", defaultMessage: "Upload Failed" },
  uploadFailed: { id: "posts.media.uploadFailed", defaultMessage: "Failed to upload photo. Please try again." },
  photos: { id: "posts.media.photos", defaultMessage: "Photos" },
  chosen: { id: "posts.media.chosen", defaultMessage: "Chosen photos" },
  chosenVideo: { id: "posts.media.chosenVideo", defaultMessage: "Chosen video" },
  altLabel: { id: "posts.media.altLabel", defaultMessage: "Image description (alt text)" },
  altPlaceholder: {
    id: "posts.media.altPlaceholder",
    defaultMessage: "Describe the photo for people who can't see it",
  },
  remove: { id: "posts.media.removeButton", defaultMessage: "Remove" },
  progress: { id: "posts.media.progress", defaultMessage: "Upload progress" },
});

/**
 * The composer's Photos field: uploads the picked pictures one after another (up to the post's 4) or one video,
 * each added as soon as it is stored, with its own description (alt text). `uploadProgress` is owned by the dialog,
 * which keeps Publish disabled while a file is on its way.
 */
export function PostMediaField({
  uploadProgress,
  onUploadProgress,
}: {
  uploadProgress: number | null;
  onUploadProgress: (progress: number | null) => void;
}) {
  const intl = useIntl();
  const { control, setValue, getValues, setError, clearErrors } = useFormContext<ComposerValues>();
  const media = useWatch({ control, name: "media" });
  const { errors } = useFormState({ control });
  // "mediaUrls" is the contract's older list; its message shows here too (the picker's own refusals use it).
  const rootErrors = errors as Record<string, unknown>;

  const setMedia = (next: ChosenMedia[]) => {
    setValue("media", next, { shouldDirty: true });
    // A field's message goes away as soon as the field changes.
    clearErrors(["media", "mediaUrls" as "media"]);
  };

  const onFiles = async (files: File[]) => {
    if (files.length === 0) return;
    const current = getValues("media");
    // Pictures or one video (the server re-encodes both and tells them apart by the bytes).
    const isVideo = (file: File) => file.type.startsWith("video/");
    const refuse = (message: string) => setError("mediaUrls" as "media", { type: "picker", message });
    if (files.some((file) => !file.type.startsWith("image/") && !isVideo(file))) {
      refuse(intl.formatMessage(messages.notAVideo));
      return;
    }
    const hasVideo = files.some(isVideo) || current.some((item) => item.type === "video");
    if (hasVideo && current.length + files.length > 1) {
      refuse(intl.formatMessage(messages.mixed));
      return;
    }
    const room = POST_MEDIA_MAX - current.length;
    const taken = files.slice(0, room);
    if (files.length > room) refuse(intl.formatMessage(phrases.tooMany, { max: POST_MEDIA_MAX }));
    else clearErrors("mediaUrls" as "media");
    try {
      for (const file of taken) {
        onUploadProgress(0);
        const { objectUrl, type } = await uploadImage(file, onUploadProgress);
        const added = { type, objectUrl, previewUrl: URL.createObjectURL(file), alt: "" };
        setValue("media", [...getValues("media"), added], { shouldDirty: true });
      }
    } catch (error) {
      if (isUnauthorizedError(error)) return;
      toast({
        title: intl.formatMessage(messages.uploadFailedTitle),
        description: failureMessage(error, intl.formatMessage(messages.uploadFailed)),
        variant: "destructive",
      });
    } finally {
      onUploadProgress(null);
    }
  };

  const mediaErrors = errors.media as unknown;
  return (
    <div className="space-y-2">
      <Label htmlFor="post-media">{intl.formatMessage(messages.photos)}</Label>
      {media.length > 0 && (
        <ul className="space-y-3" aria-label={intl.formatMessage(messages.chosen)}>
          {media.map((item, position) => (
            <li key={item.objectUrl} className="flex gap-3">
              <div className="relative h-24 w-24 shrink-0 overflow-hidden rounded-lg bg-gray-100">
                {item.type === "video" ? (
                  <video
                    src={item.previewUrl}
                    muted
                    playsInline
                    aria-label={intl.formatMessage(messages.chosenVideo)}
                    className="h-full w-full object-contain"
                  />
                ) : (
                  <img
                    src={item.previewUrl}
                    alt={intl.formatMessage(phrases.selected, { position: position + 1 })}
                    decoding="async"
                    className="h-full w-full object-contain"
                  />
                )}
              </div>
              <div className="min-w-0 flex-1 space-y-1">
                <Label htmlFor={`post-alt-text-${position}`} className="text-xs">
                  {intl.formatMessage(messages.altLabel)}
                  {media.length > 1 && (
                    <span className="text-gray-500">
                      {intl.formatMessage(phrases.photoNumber, { position: position + 1 })}
                    </span>
                  )}
                </Label>
                <Textarea
                  id={`post-alt-text-${position}`}
                  value={item.alt}
                  rows={2}
                  maxLength={POST_ALT_TEXT_MAX_LENGTH + 1}
                  onChange={(event) => {
                    const alt = event.target.value;
                    setMedia(media.map((other, at) => (at === position ? { ...other, alt } : other)));
                  }}
                  placeholder={intl.formatMessage(messages.altPlaceholder)}
                />
                <FieldError message={errors.media?.[position]?.alt?.message} />
                <Button
                  type="button"
                  size="sm"
                  variant="secondary"
                  aria-label={intl.formatMessage(phrases.remove, { position: position + 1 })}
                  onClick={() => {
                    URL.revokeObjectURL(item.previewUrl);
                    setMedia(media.filter((_other, at) => at !== position));
                  }}
                >
                  {intl.formatMessage(messages.remove)}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {media.length < POST_MEDIA_MAX && !media.some((item) => item.type === "video") && (
        <label
          htmlFor="post-media"
          className="flex cursor-pointer items-center gap-2 rounded-lg border border-dashed p-3 text-sm text-gray-600 hover:bg-gray-50"
        >
          <ImagePlus aria-hidden className="h-5 w-5" />
          {uploadProgress !== null
            ? intl.formatMessage(phrases.uploading, { percent: Math.round(uploadProgress * 100) })
            : media.length === 0
              ? intl.formatMessage(phrases.choose, { max: POST_MEDIA_MAX })
              : intl.formatMessage(phrases.addMore, { count: media.length, max: POST_MEDIA_MAX })}
          <input
            id="post-media"
            type="file"
            accept={`${ACCEPTED_IMAGE_TYPES},${ACCEPTED_VIDEO_TYPES}`}
            multiple
            className="sr-only"
            disabled={uploadProgress !== null}
            onChange={(event) => {
              void onFiles([...(event.target.files ?? [])]);
              event.target.value = "";
            }}
          />
        </label>
      )}
      {uploadProgress !== null && (
        <progress
          className="w-full"
          value={uploadProgress}
          max={1}
          aria-label={intl.formatMessage(messages.progress)}
        />
      )}
      <FieldError message={firstMessage(rootErrors.mediaUrls)} />
      {/* The list's own message (too many); a picture's description error shows beside that picture. */}
      <FieldError message={(mediaErrors as { message?: string } | undefined)?.message} />
    </div>
  );
}
