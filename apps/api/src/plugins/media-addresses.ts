import type { FastifyInstance } from "fastify";
import { clientMediaAddress, type ObjectStorage } from "../lib/object-storage";

/** Nesting deeper than any answer of ours: the walk stays bounded. */
const MAX_DEPTH = 32;

/** Fields that hold media addresses: `url`, and every `…Url` / `…Urls` (profileImageUrl, logoUrl, mediaUrls, …). */
function isAddressField(name: string): boolean {
  return name === "url" || name.endsWith("Url") || name.endsWith("Urls");
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== "object") return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/**
 * A copy of an answer with every media address field mapped (copy on write: what holds none is returned as it
 * is, so a cached object is never changed).
 */
export function withClientMediaAddresses(storage: ObjectStorage, value: unknown, depth = 0): unknown {
  if (depth > MAX_DEPTH) return value;
  if (Array.isArray(value)) {
    let copy: unknown[] | null = null;
    for (let index = 0; index < value.length; index += 1) {
      const mapped = withClientMediaAddresses(storage, value[index], depth + 1);
      if (mapped !== value[index]) {
        copy ??= [...value];
        copy[index] = mapped;
      }
    }
    return copy ?? value;
  }
  if (!isPlainObject(value)) return value;
  let copy: Record<string, unknown> | null = null;
  for (const [name, field] of Object.entries(value)) {
    let mapped: unknown;
    if (isAddressField(name) && typeof field === "string") mapped = clientMediaAddress(storage, field);
    else if (isAddressField(name) && Array.isArray(field)) {
      mapped = field.map((item) => (typeof item === "string" ? clientMediaAddress(storage, item) : item));
      if ((mapped as unknown[]).every((item, index) => item === field[index])) mapped = field;
    } else mapped = withClientMediaAddresses(storage, field, depth + 1);
    if (mapped !== field) {
      copy ??= { ...value };
      copy[name] = mapped;
    }
  }
  return copy ?? value;
}

/**
 * With a CDN in front of the bucket (S3_PUBLIC_URL), every answer links stored media (profile photos, business
 * logos and covers, post media and their widths and posters, older `mediaUrls`) straight to the CDN, rather
 * than to `/uploads/{key}`, which would only redirect there. The database keeps the stored addresses, so the
 * CDN can change without touching data; the mapping is one walk over each answer, no queries. Without a CDN
 * nothing is registered.
 */
export function registerMediaAddresses(app: FastifyInstance, storage: ObjectStorage): void {
  if (storage.publicUrl("probe.webp") === null) return;
  app.addHook("preSerialization", async (_request, _reply, payload) => withClientMediaAddresses(storage, payload));
}
