import { z } from "zod";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "./constants";
import { firstName, lastName, profileType, username } from "./users";

export const email = z.string().trim().toLowerCase().pipe(z.email("Please enter a valid email address").max(254));

export const password = z
  .string("Password is required")
  .min(PASSWORD_MIN_LENGTH, "Password must be at least 8 characters")
  .max(PASSWORD_MAX_LENGTH, "Password must be at most 128 characters");

/** POST /api/auth/register (CONTRACT "Accounts and sessions"). */
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

/** POST /api/auth/login. */
export const loginBody = z.object({
  email,
  password: z.string().min(1, "Password is required").max(PASSWORD_MAX_LENGTH, "Invalid email or password"),
});
export type LoginBody = z.infer<typeof loginBody>;

export const superuserView = z.object({ isSuperuser: z.boolean() });

/** `?returnTo=` of GET /api/login and /login: only same-site paths are kept. */
export function safeReturnTo(value: unknown): string {
  if (typeof value !== "string" || !value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) {
    return "/";
  }
  return value.slice(0, 500);
}
