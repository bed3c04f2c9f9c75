// Texts, constants and pure rules of accounts: no zod, so the web app's first screen can import them without
// evaluating schemas. The schemas are in ./accounts.ts, which re-exports all of this.

/** docs/PRODUCT.md "Accounts for real people": how long each mailed link works. */
export const EMAIL_VERIFICATION_LIFETIME_MS = 24 * 60 * 60 * 1000;
export const PASSWORD_RESET_LIFETIME_MS = 60 * 60 * 1000;
export const EMAIL_CHANGE_LIFETIME_MS = 24 * 60 * 60 * 1000;
export const RECOVERY_CODE_COUNT = 10;
export const TWO_FACTOR_CODE_LENGTH = 6;

/** Messages of the account endpoints, shown by the web app as they are. */
export const ACCOUNT_MESSAGES = {
  invalidToken: "This link is invalid or has expired. Ask for a new one.",
  emailAlreadyVerified: "Your email address is already verified",
  verificationSent: "We sent you a new verification link.",
  passwordResetSent: "If an account uses this address, we sent it a link to reset the password.",
  currentPasswordIncorrect: "Current password is incorrect",
  emailChangeSent: "We sent a confirmation link to your new address.",
  sameEmail: "This is already your email address",
  sessionNotFound: "Session not found",
  twoFactorRequired: "Enter the code from your authenticator app",
  invalidTwoFactorCode: "Invalid two-factor code",
  twoFactorAlreadyEnabled: "Two-factor sign-in is already on",
  twoFactorNotEnabled: "Two-factor sign-in is not on",
  twoFactorSetupMissing: "Start the two-factor setup first",
} as const;
