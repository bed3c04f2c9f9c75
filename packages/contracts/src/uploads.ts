import { z } from "zod";

export * from "./uploads.texts";

/** POST /api/objects/upload: where to PUT the file, and the address it will have once checked. */
export const uploadUrlView = z.object({ uploadURL: z.string(), objectUrl: z.string(), expiresAt: z.string() });
export type UploadUrlView = z.infer<typeof uploadUrlView>;

/** What was stored: a picture's address and size, or a video's (its `type` says which; a video is then processing). */
export const uploadedObjectView = z.object({
  objectUrl: z.string(),
  width: z.number(),
  height: z.number(),
  type: z.enum(["image", "video"]),
});
export type UploadedObjectView = z.infer<typeof uploadedObjectView>;
