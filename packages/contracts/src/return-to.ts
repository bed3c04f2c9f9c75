/** The longest `returnTo` kept; a longer one falls back to the home page. */
const RETURN_TO_MAX_LENGTH = 500;

/** Any fixed origin does: only a value that stays on it is kept, and only its path part is returned. */
const RETURN_TO_BASE = "https://plaza.invalid";
/** What the WHATWG URL parser ignores at the start of a URL: C0 control characters and spaces. */
const LEADING_IGNORED = /^[\p{Cc} ]+/u;

/**
 * The one rule for `?returnTo=` (GET /api/login and the /login page): a path on this site, or "/". The value is read
 * the way a browser reads it (tabs and newlines dropped, backslashes as slashes, `..` resolved), so `/\t/host`,
 * `\\host`, `/.//host` or `https:host` cannot lead to another origin; what comes back is that normalised path,
 * never the raw text, so the browser that follows it reads the same thing.
 */
export function safeReturnTo(value: unknown): string {
  if (typeof value !== "string" || value.length > RETURN_TO_MAX_LENGTH * 4) return "/";
  // A path from the root only: no scheme, no host, no path relative to the current page.
  const start = value.replace(LEADING_IGNORED, "");
  if (!start.startsWith("/") && !start.startsWith("\\")) return "/";
  let url: URL;
  try {
    url = new URL(value, RETURN_TO_BASE);
  } catch {
    return "/";
  }
  if (url.origin !== RETURN_TO_BASE) return "/";
  const path = `${url.pathname}${url.search}${url.hash}`;
  // "/.//host" resolves to the path "//host", which a browser would read again as a host.
  if (!path.startsWith("/") || path.startsWith("//") || path.length > RETURN_TO_MAX_LENGTH) return "/";
  return path;
}
