import { z } from "zod";

export const UPLOAD_TEXTS = {
  notAnImage: "The file must be an image",
  tooLarge: "The file is too large (max 10 MB)",
  invalidUrl: "This upload link is not valid",
  expired: "This upload link has expired",
  alreadyUsed: "This upload link has already been used",
  notOurs: "Only photos uploaded to Plaza can be used",
  quota: "Too many uploads. Please try again later.",
  uploadFailedTitle: "Upload Failed",
  uploadFailed: "Failed to upload photo. Please try again.",
} as const;

/** POST /api/objects/upload: where to PUT the file, and the address it will have once checked. */
export const uploadUrlView = z.object({ uploadURL: z.string(), objectUrl: z.string(), expiresAt: z.string() });
export type UploadUrlView = z.infer<typeof uploadUrlView>;

export const uploadedObjectView = z.object({ objectUrl: z.string(), width: z.number(), height: z.number() });
export type UploadedObjectView = z.infer<typeof uploadedObjectView>;

/** Image types the picker offers; the server decides by the bytes, not by these. */
export const ACCEPTED_IMAGE_TYPES = "image/jpeg,image/png,image/webp,image/gif,image/avif";
