import { ACCEPTED_IMAGE_TYPES, UPLOAD_TEXTS } from "@plaza/contracts/uploads.texts";
import { Camera, RotateCcw } from "lucide-react";
import { type PointerEvent, useEffect, useRef, useState } from "react";
import { defineMessages, useIntl } from "react-intl";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Label } from "@/components/ui/label";
import { Slider } from "@/components/ui/slider";
import { toast, toastFailure } from "@/components/ui/use-toast";
import { useText } from "@/i18n/texts";
import { isUnauthorizedError } from "@/lib/api-client";
import { handleUnauthorizedAction } from "@/lib/query-client";
import { PHOTO_CROP_CANVAS_PX, PHOTO_CROP_QUALITY, PHOTO_ZOOM } from "@/lib/ui-constants";
import { uploadImage } from "@/lib/upload-file";
import { useUpdateProfilePhoto } from "../api/update-profile-photo";

const messages = defineMessages({
  invalidFile: { id: "users.photo.invalidFile", defaultMessage: "Invalid file" },
  updated: { id: "users.photo.updated", defaultMessage: "Profile Photo Updated" },
  failed: { id: "users.photo.failed", defaultMessage: "Failed to update profile photo. Please try again." },
  failedTitle: { id: "users.photo.failedTitle", defaultMessage: "Update Failed" },
  title: { id: "users.photo.title", defaultMessage: "Update Profile Photo" },
  description: {
    id: "users.photo.description",
    defaultMessage: "Choose an image, drag to reposition and zoom to fit.",
  },
  preview: { id: "users.photo.preview", defaultMessage: "Photo preview: drag to reposition" },
  chooseAnother: { id: "users.photo.chooseAnother", defaultMessage: "Choose another image" },
  choose: { id: "users.photo.choose", defaultMessage: "Choose an image" },
  zoom: { id: "users.photo.zoom", defaultMessage: "Zoom" },
  progress: { id: "users.photo.progress", defaultMessage: "Upload progress" },
  uploading: { id: "users.photo.uploading", defaultMessage: "Uploading..." },
  saving: { id: "users.photo.saving", defaultMessage: "Saving..." },
  reset: { id: "users.photo.reset", defaultMessage: "Reset" },
  cancel: { id: "users.photo.cancel", defaultMessage: "Cancel" },
  save: { id: "users.photo.save", defaultMessage: "Save" },
});

const phrases = defineMessages<{ zoomValue: { zoom: string }; uploadingPercent: { percent: number } }>({
  zoomValue: { id: "users.photo.zoomValue", defaultMessage: "{zoom}x" },
  uploadingPercent: { id: "users.photo.uploadingPercent", defaultMessage: "Uploading... {percent}%" },
});

type Stage = "choosing" | "editing" | "uploading" | "saving";
interface Offset {
  x: number;
  y: number;
}
const CENTRE: Offset = { x: 0, y: 0 };
/** Size of the on-screen preview; the saved image is PHOTO_CROP_CANVAS_PX square. */
const PREVIEW_PX = 280;

/** Draws the image covering the square canvas, moved by `offset` (in preview pixels) and scaled by `zoom`. */
function drawCrop(canvas: HTMLCanvasElement, image: HTMLImageElement, offset: Offset, zoom: number) {
  const context = canvas.getContext("2d");
  if (!context) return;
  const size = canvas.width;
  const cover = Math.max(size / image.naturalWidth, size / image.naturalHeight) * zoom;
  const width = image.naturalWidth * cover;
  const height = image.naturalHeight * cover;
  const scale = size / PREVIEW_PX;
  context.fillStyle = "#ffffff";
  context.fillRect(0, 0, size, size);
  context.drawImage(
    image,
    (size - width) / 2 + offset.x * scale,
    (size - height) / 2 + offset.y * scale,
    width,
    height,
  );
}

/**
 * Profile photo dialog (docs/PRODUCT.md §2, §4): choose an image, drag to reposition, zoom 0.5–3, reset, cancel, save.
 * The crop is re-drawn on a 400 px canvas (quality 0.9), uploaded with a progress bar, then saved as the photo.
 */
export function ProfilePhotoDialog({
  isOpen,
  onOpenChange,
}: {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
}) {
  const intl = useIntl();
  const text = useText();
  const [stage, setStage] = useState<Stage>("choosing");
  const [image, setImage] = useState<HTMLImageElement | null>(null);
  const [offset, setOffset] = useState<Offset>(CENTRE);
  const [zoom, setZoom] = useState<number>(PHOTO_ZOOM.default);
  const [progress, setProgress] = useState(0);
  const previewRef = useRef<HTMLCanvasElement>(null);
  const dragStart = useRef<{ pointer: Offset; offset: Offset } | null>(null);
  const savePhoto = useUpdateProfilePhoto();

  useEffect(() => {
    if (image && previewRef.current) drawCrop(previewRef.current, image, offset, zoom);
  }, [image, offset, zoom]);

  const resetPosition = () => {
    setOffset(CENTRE);
    setZoom(PHOTO_ZOOM.default);
  };
  const close = () => {
    resetPosition();
    setImage(null);
    setStage("choosing");
    setProgress(0);
    onOpenChange(false);
  };

  const chooseFile = (file: File | undefined) => {
    if (!file) return;
    if (!file.type.startsWith("image/")) {
      toast({
        title: intl.formatMessage(messages.invalidFile),
        description: text(UPLOAD_TEXTS.notAnImage),
        variant: "destructive",
      });
      return;
    }
    const url = URL.createObjectURL(file);
    const loaded = new Image();
    loaded.onload = () => {
      setImage(loaded);
      resetPosition();
      setStage("editing");
    };
    loaded.onerror = () =>
      toast({
        title: intl.formatMessage(messages.invalidFile),
        description: text(UPLOAD_TEXTS.notAnImage),
        variant: "destructive",
      });
    loaded.src = url;
  };

  const onPointerDown = (event: PointerEvent<HTMLCanvasElement>) => {
    event.currentTarget.setPointerCapture(event.pointerId);
    dragStart.current = { pointer: { x: event.clientX, y: event.clientY }, offset };
  };
  const onPointerMove = (event: PointerEvent<HTMLCanvasElement>) => {
    const start = dragStart.current;
    if (!start) return;
    setOffset({
      x: start.offset.x + event.clientX - start.pointer.x,
      y: start.offset.y + event.clientY - start.pointer.y,
    });
  };
  const onPointerUp = () => {
    dragStart.current = null;
  };

  const save = async () => {
    if (!image) return;
    const canvas = document.createElement("canvas");
    canvas.width = PHOTO_CROP_CANVAS_PX;
    canvas.height = PHOTO_CROP_CANVAS_PX;
    drawCrop(canvas, image, offset, zoom);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, "image/jpeg", PHOTO_CROP_QUALITY));
    if (!blob) return;
    setStage("uploading");
    setProgress(0);
    let objectUrl: string;
    try {
      objectUrl = (await uploadImage(blob, setProgress)).objectUrl;
    } catch (error) {
      setStage("editing");
      if (isUnauthorizedError(error)) {
        handleUnauthorizedAction();
        return;
      }
      toast({
        title: text(UPLOAD_TEXTS.uploadFailedTitle),
        description: text(UPLOAD_TEXTS.uploadFailed),
        variant: "destructive",
      });
      return;
    }
    setStage("saving");
    savePhoto.mutate(objectUrl, {
      onSuccess: () => {
        toast({ title: intl.formatMessage(messages.updated) });
        close();
      },
      onError: (error) => {
        setStage("editing");
        toastFailure(error, intl.formatMessage(messages.failed), intl.formatMessage(messages.failedTitle));
      },
    });
  };

  const isBusy = stage === "uploading" || stage === "saving";
  return (
    <Dialog open={isOpen} onOpenChange={(open) => (open ? onOpenChange(true) : !isBusy && close())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{intl.formatMessage(messages.title)}</DialogTitle>
          <DialogDescription>{intl.formatMessage(messages.description)}</DialogDescription>
        </DialogHeader>
        <div className="flex flex-col items-center gap-4">
          {image ? (
            <canvas
              ref={previewRef}
              width={PREVIEW_PX}
              height={PREVIEW_PX}
              aria-label={intl.formatMessage(messages.preview)}
              className="h-[280px] w-[280px] cursor-move touch-none rounded-full border"
              onPointerDown={onPointerDown}
              onPointerMove={onPointerMove}
              onPointerUp={onPointerUp}
              onPointerCancel={onPointerUp}
            />
          ) : (
            <div className="flex h-[280px] w-[280px] items-center justify-center rounded-full border border-dashed text-gray-500">
              <Camera aria-hidden className="h-10 w-10" />
            </div>
          )}
          <Label
            htmlFor="profile-photo-file"
            className="cursor-pointer rounded-md border px-3 py-2 text-sm hover:bg-gray-50"
          >
            {intl.formatMessage(image ? messages.chooseAnother : messages.choose)}
          </Label>
          <input
            id="profile-photo-file"
            type="file"
            accept={ACCEPTED_IMAGE_TYPES}
            className="sr-only"
            disabled={isBusy}
            onChange={(event) => chooseFile(event.target.files?.[0])}
          />
          {image && (
            <div className="w-full space-y-2">
              <div className="flex items-center justify-between">
                <Label htmlFor="profile-photo-zoom">{intl.formatMessage(messages.zoom)}</Label>
                <span className="text-sm text-gray-500">
                  {intl.formatMessage(phrases.zoomValue, {
                    zoom: intl.formatNumber(zoom, { minimumFractionDigits: 1, maximumFractionDigits: 1 }),
                  })}
                </span>
              </div>
              <Slider
                id="profile-photo-zoom"
                aria-label={intl.formatMessage(messages.zoom)}
                min={PHOTO_ZOOM.min}
                max={PHOTO_ZOOM.max}
                step={PHOTO_ZOOM.step}
                value={[zoom]}
                disabled={isBusy}
                onValueChange={([value]) => setZoom(value ?? PHOTO_ZOOM.default)}
              />
            </div>
          )}
          {isBusy && (
            <div className="w-full space-y-1" aria-live="polite">
              <div
                className="h-2 w-full overflow-hidden rounded-full bg-gray-200"
                role="progressbar"
                aria-label={intl.formatMessage(messages.progress)}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={Math.round(progress * 100)}
              >
                <div className="h-full bg-primary transition-all" style={{ width: `${Math.round(progress * 100)}%` }} />
              </div>
              <p className="text-center text-sm text-gray-500">
                {stage === "uploading"
                  ? intl.formatMessage(phrases.uploadingPercent, { percent: Math.round(progress * 100) })
                  : intl.formatMessage(messages.saving)}
              </p>
            </div>
          )}
        </div>
        <DialogFooter className="gap-2">
          <Button variant="ghost" onClick={resetPosition} disabled={!image || isBusy}>
            <RotateCcw aria-hidden className="me-2 h-4 w-4" /> {intl.formatMessage(messages.reset)}
          </Button>
          <Button variant="outline" onClick={close} disabled={isBusy}>
            {intl.formatMessage(messages.cancel)}
          </Button>
          <Button onClick={() => void save()} disabled={!image || isBusy}>
            {intl.formatMessage(
              stage === "uploading" ? messages.uploading : stage === "saving" ? messages.saving : messages.save,
            )}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
