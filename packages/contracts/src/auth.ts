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
  /**
   * The sign-up form's "I have read and agree to the User Agreement" box: true records the acceptance of the
   * active agreement with the account, in the same request (no second and third round trip before the home).
   */
  acceptsAgreement: z.boolean().optional(),
  /**
   * The person ticked "I accept the rules" (CONTRACT.md "Running a town's Plaza"): required, as `true`, while the
   * instance has rules (400 otherwise).
   */
  acceptedRules: z.boolean().optional(),
  /** The code of an invite link: required while sign-up is by invite (400 without a valid one). */
  inviteCode: z.string().trim().min(1).max(64).optional(),
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
