/** Addresses of our own stored objects: `/api/objects/{uploadId}` (optionally with an extension). */
const OBJECT_URL_PATTERN =
  /^\/api\/objects\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(?:\.[a-z0-9]{2,5})?$/i;

/** The upload id behind an address of our own storage, or null for any other address. */
export function uploadIdFromObjectUrl(url: string): string | null {
  const match = OBJECT_URL_PATTERN.exec(url);
  return match?.[1]?.toLowerCase() ?? null;
}
