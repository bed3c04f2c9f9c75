import { z } from "zod";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "./constants";
import { firstName, lastName, profileType, username } from "./users";

export const email = z.string().trim().toLowerCase().pipe(z.email("Please enter a valid email address").max(254));

export const password = z
  .string("Password is required")
  .min(PASSWORD_MIN_LENGTH, "Password must be at least 8 characters")
  .max(PASSWORD_MAX_LENGTH, "Password must be at most 128 characters");

/** POST /api/auth/register (docs/PRODUCT.md "Accounts"). */
export const registerBody = z.object({
  email,
  password,
  username,
  firstName,
  lastName,
  profileType: profileType.default("personal"),
});
export type RegisterBody = z.infer<typeof registerBody>;

/** Texts of the sign-up form that are not field rules. */
export const SIGN_UP_TEXTS = {
  agreementRequired: "Please accept the User Agreement to create an account",
} as const;
export type RegisterInput = z.input<typeof registerBody>;

/** A 6-digit authenticator code (TOTP, RFC 6238). */
export const totpCode = z
  .string("Enter the 6-digit code")
  .trim()
  .regex(/^\d{6}$/, "Enter the 6-digit code from your authenticator app");
/** A one-time recovery code as shown (`xxxxx-xxxxx`); spaces, dashes and case do not matter. */
export const recoveryCode = z.string().trim().min(1, "Enter a recovery code").max(40, "Invalid two-factor code");

/** POST /api/auth/login; with two-factor sign-in on, one of the two codes too. */
export const loginBody = z.object({
  email,
  password: z.string().min(1, "Password is required").max(PASSWORD_MAX_LENGTH, "Invalid email or password"),
  totpCode: totpCode.optional(),
  recoveryCode: recoveryCode.optional(),
});
export type LoginBody = z.infer<typeof loginBody>;

export const superuserView = z.object({ isSuperuser: z.boolean() });

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
