import { z } from "zod";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "./constants";
import { firstName, lastName, profileType, username } from "./users";

export * from "./auth.texts";

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

/** `?returnTo=` (in return-to.ts, which the first screens load without any schema). */
export { safeReturnTo } from "./return-to";
