import { UPLOAD_MAX_BYTES } from "@plaza/contracts/constants";
import { uploadedObjectView, uploadUrlView } from "@plaza/contracts/uploads";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireViewer } from "../../plugins/session";
import { createUploadUrl, readObject, receiveUpload } from "./uploads.service";

export async function uploadsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const context = app.context;

  // Raw bytes for the upload route only (this plugin is encapsulated); the service checks what they really are.
  app.addContentTypeParser(
    /^(image\/[a-z0-9.+-]+|application\/octet-stream)$/i,
    { parseAs: "buffer", bodyLimit: UPLOAD_MAX_BYTES },
    (_request, body, done) => done(null, body),
  );

  app.post(
    "/api/objects/upload",
    { config: { access: "user" }, schema: { response: { 200: uploadUrlView } } },
    async (request) => createUploadUrl(context, requireViewer(request).id),
  );

  app.put(
    "/api/uploads/:uploadId",
    {
      config: { access: "user" },
      bodyLimit: UPLOAD_MAX_BYTES,
      schema: {
        params: z.object({ uploadId: z.uuid("This upload link is not valid") }),
        querystring: z.object({ token: z.string().min(1).max(100) }),
        response: { 200: uploadedObjectView },
      },
    },
    async (request) =>
      receiveUpload(context, {
        uploadId: request.params.uploadId,
        token: request.query.token,
        ownerId: requireViewer(request).id,
        body: Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
      }),
  );

  // Stored objects: always served as an image that cannot run script, whatever anyone managed to store.
  app.get(
    "/uploads/:file",
    { schema: { params: z.object({ file: z.string().regex(/^[0-9a-f-]{36}(-(480|960|1600))?\.webp$/) }) } },
    async (request, reply) => {
      const body = await readObject(context, request.params.file);
      if (!body) return reply.status(404).type("text/plain").send("Not found");
      return reply
        .type("image/webp")
        .header("cache-control", "public, max-age=31536000, immutable")
        .header(
          "content-security-policy",
          "default-src 'none'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; sandbox",
        )
        .send(body);
    },
  );
}
