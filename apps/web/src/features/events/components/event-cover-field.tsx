import { ImagePlus, X } from "lucide-react";
import { useId } from "react";
import { defineMessage, defineMessages, useIntl } from "react-intl";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { UploadedPicture } from "@/components/ui/uploaded-picture";
import { toast } from "@/components/ui/use-toast";
import { failureMessage, isUnauthorizedError } from "@/lib/api-client";
import { uploadImage } from "@/lib/upload-file";

const messages = defineMessages({
  label: { id: "events.cover.label", defaultMessage: "Cover picture" },
  preview: { id: "events.cover.preview", defaultMessage: "Cover preview" },
  remove: { id: "events.cover.remove", defaultMessage: "Remove cover" },
  uploading: defineMessage<{ percent: number }>({
    id: "events.cover.uploading",
    defaultMessage: "Uploading… {percent}%",
  }),
  uploadFailedTitle: { id: "events.cover.uploadFailedTitle", defaultMessage: "Upload Failed" },
  uploadFailed: { id: "events.cover.uploadFailed", defaultMessage: "Failed to upload photo. Please try again." },
});

/** The cover picture through the upload flow every picture takes (lib/upload-file.ts). */
export function CoverField({
  value,
  onChange,
  uploadProgress,
  onUploadProgress,
}: {
  value: string | null;
  onChange: (url: string | null) => void;
  uploadProgress: number | null;
  onUploadProgress: (progress: number | null) => void;
}) {
  const intl = useIntl();
  const inputId = useId();
  const onFile = async (file: File | undefined) => {
    if (!file) return;
    try {
      onUploadProgress(0);
      const { objectUrl } = await uploadImage(file, onUploadProgress);
      onChange(objectUrl);
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
  return (
    <div className="space-y-2">
      <Label htmlFor={inputId}>{intl.formatMessage(messages.label)}</Label>
      {value && (
        <div className="relative w-fit">
          {/* Just uploaded: its sizes are still being made, so the processing box shows until they are. */}
          <UploadedPicture
            src={value}
            alt={intl.formatMessage(messages.preview)}
            className="h-28 max-w-full rounded-lg object-cover"
            boxClassName="h-28 w-48 rounded-lg"
          />
          <Button
            type="button"
            variant="secondary"
            size="icon"
            className="absolute top-1 end-1"
            aria-label={intl.formatMessage(messages.remove)}
            onClick={() => onChange(null)}
          >
            <X aria-hidden />
          </Button>
        </div>
      )}
      <div className="flex items-center gap-2">
        <ImagePlus aria-hidden className="h-4 w-4 text-gray-500" />
        <input
          id={inputId}
          type="file"
          accept="image/*"
          className="min-w-0 text-sm"
          onChange={(change) => {
            void onFile(change.target.files?.[0]);
            change.target.value = "";
          }}
        />
      </div>
      {uploadProgress !== null && (
        <p role="status" className="text-sm text-gray-600">
          {intl.formatMessage(messages.uploading, { percent: Math.round(uploadProgress * 100) })}
        </p>
      )}
    </div>
  );
}
