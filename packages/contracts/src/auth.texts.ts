// Texts, constants and pure rules of auth: no zod, so the web app's first screen can import them without
// evaluating schemas. The schemas are in ./auth.ts, which re-exports all of this.

/** Texts of the sign-up form that are not field rules. */
export const SIGN_UP_TEXTS = {
  agreementRequired: "Please accept the User Agreement to create an account",
} as const;
