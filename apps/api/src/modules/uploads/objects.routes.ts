import { Readable } from "node:stream";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { parseRange } from "../../lib/byte-range";
import { contentTypeOfKey, IMMUTABLE_CACHE_CONTROL, OBJECT_KEY_PATTERN } from "../../lib/object-storage";
import { openObjectRange, publicObjectUrl, statObject } from "./uploads.service";

/**
 * Stored objects (uploads.routes.ts stores them). Outside the route shape (route-shape.test.ts): the answer is the
 * object's bytes streamed from storage, by byte ranges, with ETag, 304, 416 and a CDN redirect, not a JSON result.
 */
export async function objectsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const context = app.context;

  // Served with the media type their key names (never one stored with them), in a sandbox that
  // cannot run script, cached for ever (a key is never reused), in parts for range requests (video seeking), and
  // streamed from the storage rather than read whole.
  app.get(
    "/uploads/:file",
    {
      compress: false,
      schema: {
        summary: "A stored object (image or video)",
        description:
          "Immutable: `Cache-Control: public, max-age=31536000, immutable` and an ETag (`If-None-Match` → 304). " +
          "One byte range per request (`Range: bytes=a-b`, `a-`, `-n`; `If-Range` honoured) → 206 with " +
          "Content-Range. With S3_PUBLIC_URL set, a 301 to the object's address on the CDN.",
        docResponses: {
          200: {
            description: "The whole object, typed by its key's extension",
            content: {
              "image/webp": { schema: z.string().describe("WebP bytes") },
              "video/mp4": { schema: z.string().describe("MP4 bytes") },
            },
          },
          206: {
            description: "The requested byte range (Content-Range: bytes a-b/size)",
            content: { "application/octet-stream": { schema: z.string().describe("Bytes of the object") } },
          },
          301: {
            description: "Served by the CDN in front of the object store (S3_PUBLIC_URL): Location is its address",
            content: { "text/plain": { schema: z.string() } },
          },
          304: {
            description: "Not modified (If-None-Match matches the ETag)",
            content: { "text/plain": { schema: z.string() } },
          },
          404: {
            description: "No such object",
            content: { "text/plain": { schema: z.string() } },
          },
          416: {
            description: "The range starts past the end (Content-Range: bytes */size)",
            content: { "text/plain": { schema: z.string() } },
          },
        },
        params: z.object({
          // A video's original (`{id}-original.mp4`, kept only until it is re-encoded) still holds the uploader's
          // metadata: never served.
          file: z
            .string()
            .regex(OBJECT_KEY_PATTERN, "Not a stored object")
            .refine((key) => !key.includes("-original."), "Not a stored object"),
        }),
      },
    },
    async (request, reply) => {
      const key = request.params.file;
      reply.header("cache-control", IMMUTABLE_CACHE_CONTROL);
      // Behind a CDN (S3_PUBLIC_URL) the object is loaded from there; old links land there too.
      const cdnUrl = publicObjectUrl(context, key);
      if (cdnUrl) return reply.redirect(cdnUrl, 301);
      const object = await statObject(context, key);
      if (!object) return reply.status(404).header("cache-control", "no-store").type("text/plain").send("Not found");
      const etag = `"${key}-${object.size.toString(16)}"`;
      reply
        .header("etag", etag)
        .header("accept-ranges", "bytes")
        .header(
          "content-security-policy",
          "default-src 'none'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; sandbox",
        );
      if (matchesEtag(request.headers["if-none-match"], etag)) return reply.status(304).send();
      const ifRange = request.headers["if-range"];
      const range =
        ifRange !== undefined && ifRange !== etag
          ? ({ kind: "whole" } as const)
          : parseRange(request.headers.range, object.size);
      if (range.kind === "unsatisfiable") {
        return reply
          .status(416)
          .header("content-range", `bytes */${object.size}`)
          .type("text/plain")
          .send("Range not satisfiable");
      }
      reply.type(contentTypeOfKey(key));
      if (object.size === 0) return reply.header("content-length", "0").send(Buffer.alloc(0));
      const [start, endInclusive] = range.kind === "part" ? [range.start, range.endInclusive] : [0, object.size - 1];
      if (range.kind === "part") {
        reply.status(206).header("content-range", `bytes ${start}-${endInclusive}/${object.size}`);
      }
      reply.header("content-length", String(endInclusive - start + 1));
      // HEAD: the headers alone, without fetching the bytes from the store. (Fastify's HEAD route reads a stream
      // body to its end and keeps our Content-Length for a stream, so an empty one stands in for the bytes.)
      if (request.method === "HEAD") return reply.send(Readable.from([]));
      const body = await openObjectRange(context, key, start, endInclusive);
      if (!body) return reply.status(404).header("cache-control", "no-store").type("text/plain").send("Not found");
      return reply.send(body);
    },
  );
}

/** `If-None-Match` names this ETag (or `*`); weak and strong forms compare alike (RFC 9110 §13.1.2). */
function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(",").some((candidate) => {
    const tag = candidate.trim().replace(/^W\//, "");
    return tag === "*" || tag === etag;
  });
}
