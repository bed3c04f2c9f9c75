import { uploadedObjectView, uploadUrlView, VIDEO_MAX_BYTES } from "@plaza/contracts/uploads";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireViewer } from "../../plugins/session";
import { createUploadUrl, readObject, receiveUpload } from "./uploads.service";

export async function uploadsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const context = app.context;

  // Raw bytes for the upload route only (this plugin is encapsulated); the service checks what they really are.
  // Pictures are held to 10 MB by the service once it knows the bytes are a picture; videos may be 100 MB.
  app.addContentTypeParser(
    /^((image|video)\/[a-z0-9.+-]+|application\/octet-stream)$/i,
    { parseAs: "buffer", bodyLimit: VIDEO_MAX_BYTES },
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
      bodyLimit: VIDEO_MAX_BYTES,
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

  // Stored objects: always served as an image or a video that cannot run script, whatever anyone managed to store.
  // Videos are served in ranges (seeking, and what iOS Safari asks for before it plays).
  app.get(
    "/uploads/:file",
    {
      schema: {
        params: z.object({
          file: z.string().regex(/^([0-9a-f-]{36}(-(480|960|1600|poster))?\.webp|[0-9a-f-]{36}\.mp4)$/),
        }),
      },
    },
    async (request, reply) => {
      const file = request.params.file;
      reply
        .header("cache-control", "public, max-age=31536000, immutable")
        .header(
          "content-security-policy",
          "default-src 'none'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; sandbox",
        );
      if (file.endsWith(".mp4")) {
        const info = await context.storage.stat(file);
        if (!info) return reply.status(404).header("cache-control", "no-store").type("text/plain").send("Not found");
        reply.type("video/mp4").header("accept-ranges", "bytes");
        const range = parseByteRange(request.headers.range, info.size);
        if (range === "unsatisfiable") {
          return reply.status(416).header("content-range", `bytes */${info.size}`).send();
        }
        const { start, end } = range ?? { start: 0, end: info.size - 1 };
        const stream = await context.storage.getRange(file, start, end);
        if (!stream) return reply.status(404).header("cache-control", "no-store").type("text/plain").send("Not found");
        reply.header("content-length", String(end - start + 1));
        if (range) reply.status(206).header("content-range", `bytes ${start}-${end}/${info.size}`);
        return reply.send(stream);
      }
      const body = await readObject(context, file);
      if (!body) return reply.status(404).header("cache-control", "no-store").type("text/plain").send("Not found");
      return reply.type("image/webp").send(body);
    },
  );
}

/** One `bytes=` range of a file of `size` bytes; null for none or a form we do not serve in parts (then all of it). */
export function parseByteRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | null | "unsatisfiable" {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!match || (match[1] === "" && match[2] === "")) return null;
  if (match[1] === "") {
    const suffix = Number(match[2]);
    if (suffix === 0) return "unsatisfiable";
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === "" ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (start >= size || start > end) return "unsatisfiable";
  return { start, end };
}
