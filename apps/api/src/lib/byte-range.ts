/** What a `Range` header asks of an object of a known size (RFC 9110 §14). */
export type RangeRequest =
  | { kind: "whole" }
  | { kind: "part"; start: number; endInclusive: number }
  | { kind: "unsatisfiable" };

/**
 * Reads a `Range: bytes=…` header against an object of `size` bytes: one range (`a-b`, `a-`, or the last n bytes
 * `-n`), clamped to the object. No header, another unit, a malformed value or several ranges get the whole object
 * (a server may always ignore Range); a well-formed range that starts past the end is unsatisfiable (416).
 */
export function parseRange(header: string | undefined, size: number): RangeRequest {
  if (!header) return { kind: "whole" };
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return { kind: "whole" };
  const [, first = "", last = ""] = match;
  if (first === "" && last === "") return { kind: "whole" };
  if (first === "") {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return { kind: "unsatisfiable" };
    return { kind: "part", start: Math.max(0, size - suffix), endInclusive: size - 1 };
  }
  const start = Number(first);
  const end = last === "" ? Number.MAX_SAFE_INTEGER : Number(last);
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || end < start) return { kind: "whole" };
  if (start >= size) return { kind: "unsatisfiable" };
  return { kind: "part", start, endInclusive: Math.min(end, size - 1) };
}
