// Texts, constants and pure rules of uploads: no zod, so the web app's first screen can import them without
// evaluating schemas. The schemas are in ./uploads.ts, which re-exports all of this.

export const UPLOAD_TEXTS = {
  notAnImage: "The file must be an image",
  /** 415: the bytes are none of the picture formats Plaza decodes (SVG, AVIF, text…), whatever the name says. */
  unsupportedPicture: "Upload a JPEG, PNG, WebP or GIF picture",
  tooLarge: "The file is too large (max 10 MB)",
  invalidUrl: "This upload link is not valid",
  expired: "This upload link has expired",
  alreadyUsed: "This upload link has already been used",
  notOurs: "Only photos uploaded to Plaza can be used",
  quota: "Too many uploads. Please try again later.",
  /** 503: the picture took over a minute to process, or no picture process could be started. */
  processingUnavailable: "Your picture could not be processed right now. Please try again in a minute.",
  /** A picture's sizes are made in the background (the picture job); the post shows this until they are ready. */
  processing: "Processing picture…",
  failed: "This picture could not be processed.",
  uploadFailedTitle: "Upload Failed",
  uploadFailed: "Failed to upload photo. Please try again.",
} as const;

/** Image types the picker offers; the server decides by the bytes, not by these (only these four are decoded). */
export const ACCEPTED_IMAGE_TYPES = "image/jpeg,image/png,image/webp,image/gif";

/** Videos (docs/PRODUCT.md "Media"): mp4, webm or mov, told from the bytes. */
export const VIDEO_MAX_BYTES = 100 * 1024 * 1024;
export const VIDEO_MAX_SECONDS = 180;
export const ACCEPTED_VIDEO_TYPES = "video/mp4,video/webm,video/quicktime";

export const VIDEO_TEXTS = {
  needsFfmpeg: "Video uploads need ffmpeg on the server",
  tooLarge: "The video is too large (max 100 MB)",
  tooLong: "The video is too long (max 3 minutes)",
  notAVideo: "The file must be an image or a video (mp4, webm or mov)",
  processing: "Processing video…",
  failed: "This video could not be processed.",
} as const;
