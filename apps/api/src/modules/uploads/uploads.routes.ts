import { uploadedObjectView, uploadUrlView } from "@plaza/contracts/uploads";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { ok, route } from "../../lib/route";
import { requireViewer } from "../../plugins/session";
import { createUploadUrl, receiveUploadRequest } from "./uploads.service";

/** Uploads: a one-time URL, then the raw bytes to it. The stored objects are served by objects.routes.ts. */
export async function uploadsRoutes(app: FastifyInstance): Promise<void> {
  const context = app.context;

  // Raw bytes for the upload route only (this plugin is encapsulated), handed on as the request stream, unread:
  // the service tells what they are from the first bytes, holds a picture (10 MB at most) in memory and writes a
  // video (100 MB at most) to a file as it arrives, so memory does not grow with the upload.
  app.addContentTypeParser(/^((image|video)\/[a-z0-9.+-]+|application\/octet-stream)$/i, (_request, payload, done) =>
    done(null, payload),
  );

  route(
    app,
    "POST",
    "/api/objects/upload",
    {
      config: { access: "user" },
      schema: {
        summary: "Get a one-time upload URL",
        errors: { 429: "Upload quota reached" },
        response: { 200: uploadUrlView },
      },
    },
    async (request) => ok(await createUploadUrl(context, requireViewer(request).id)),
  );

  route(
    app,
    "PUT",
    "/api/uploads/:uploadId",
    {
      config: { access: "user" },
      schema: {
        summary: "Upload an image or a video (raw bytes) to a one-time URL",
        description:
          "JPEG, PNG, WebP or GIF as the body (not JSON), stored as WebP without metadata; or a video (MP4, " +
          "WebM, QuickTime), re-encoded in the background.",
        takesRawBody: true,
        errors: {
          400: "The bytes are not a supported image or video, or the video is too long",
          403: "The upload URL is invalid, expired or already used",
          404: "No such upload URL",
          413: "The image or video is too large",
          415: "The bytes are another format than declared, or this server cannot process videos (no ffmpeg)",
          503: "The picture could not be processed in time, or storage is failing; try again (Retry-After)",
        },
        params: z.object({ uploadId: z.uuid("This upload link is not valid") }),
        querystring: z.object({ token: z.string().min(1).max(100) }),
        response: { 200: uploadedObjectView },
      },
    },
    async (request) =>
      ok(
        await receiveUploadRequest(context, {
          uploadId: request.params.uploadId,
          token: request.query.token,
          ownerId: requireViewer(request).id,
          body: request.body,
          contentLength: request.headers["content-length"],
        }),
      ),
  );
}
