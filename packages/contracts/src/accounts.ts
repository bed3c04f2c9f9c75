import { z } from "zod";
import { ACCOUNT_MESSAGES } from "./accounts.texts";
import { email, password, recoveryCode, totpCode } from "./auth";
import { PASSWORD_MAX_LENGTH } from "./constants";

export * from "./accounts.texts";

/** The body of every 202 answer of these endpoints. */
export const acceptedView = z.object({ message: z.string() });
export type AcceptedView = z.infer<typeof acceptedView>;

const token = z
  .string("The link is incomplete")
  .min(1, "The link is incomplete")
  .max(200, ACCOUNT_MESSAGES.invalidToken);
const currentPassword = z
  .string("Current password is required")
  .min(1, "Current password is required")
  .max(PASSWORD_MAX_LENGTH, ACCOUNT_MESSAGES.currentPasswordIncorrect);

/** POST /api/auth/verify-email, POST /api/auth/email/confirm. */
export const tokenBody = z.object({ token });
export type TokenBody = z.infer<typeof tokenBody>;

/** POST /api/auth/password-reset. */
export const passwordResetBody = z.object({ email });
export type PasswordResetBody = z.infer<typeof passwordResetBody>;

/** POST /api/auth/password-reset/confirm: the new password follows the sign-up rules. */
export const passwordResetConfirmBody = z.object({ token, password });
export type PasswordResetConfirmBody = z.infer<typeof passwordResetConfirmBody>;

/** POST /api/auth/password. */
export const changePasswordBody = z.object({ currentPassword, newPassword: password });
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;

/** POST /api/auth/email. */
export const changeEmailBody = z.object({ newEmail: email, currentPassword });
export type ChangeEmailBody = z.infer<typeof changeEmailBody>;

/** GET /api/auth/sessions: one signed-in browser. `id` is a public id, never the cookie or its hash. */
export const sessionView = z.object({
  id: z.uuid(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  userAgent: z.string().nullable(),
  isCurrent: z.boolean(),
});
export type SessionView = z.infer<typeof sessionView>;
export const sessionIdParams = z.object({ sessionId: z.uuid(ACCOUNT_MESSAGES.sessionNotFound) });

/** POST /api/auth/2fa/setup. */
export const twoFactorSetupView = z.object({ secret: z.string(), otpauthUrl: z.string() });
export type TwoFactorSetupView = z.infer<typeof twoFactorSetupView>;
/** POST /api/auth/2fa/enable. */
export const twoFactorEnableBody = z.object({ code: totpCode, currentPassword });
export type TwoFactorEnableBody = z.infer<typeof twoFactorEnableBody>;
export const recoveryCodesView = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodesView = z.infer<typeof recoveryCodesView>;
/** POST /api/auth/2fa/disable: the code is an authenticator code or a recovery code. */
export const twoFactorDisableBody = z.object({ currentPassword, code: recoveryCode });
export type TwoFactorDisableBody = z.infer<typeof twoFactorDisableBody>;
