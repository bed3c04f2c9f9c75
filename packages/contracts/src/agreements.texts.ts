// Texts, constants and pure rules of agreements: no zod, so the web app's first screen can import them without
// evaluating schemas. The schemas are in ./agreements.ts, which re-exports all of this.

export const AGREEMENT_TEXTS = {
  readCheckbox: "I have read and understood the complete user agreement",
  importantPoints: [
    "The platform is not liable for user content or the actions of users.",
    "All content is public unless you mark it private.",
    "The platform may use your content for functional and display purposes.",
    "You keep ownership of your content and grant the platform permission to use it.",
    "Accounts may be suspended or terminated for violations.",
  ],
  mustRead: "You must read the full agreement before accepting.",
} as const;

/**
 * The kinds of versioned document an instance publishes: the user agreement, which everyone accepts, and the
 * privacy policy, which says what the instance stores (read, never accepted).
 */
export const AGREEMENT_KINDS = ["user-agreement", "privacy-policy"] as const;
export type AgreementKind = (typeof AGREEMENT_KINDS)[number];

export const PRIVACY_TEXTS = {
  title: "Privacy Policy",
  link: "Privacy",
  termsLink: "Terms",
  loadFailed: "The privacy policy could not be loaded.",
} as const;

export const AGREEMENTS_MESSAGES = {
  notFound: "Agreement not found",
  noActive: "No user agreement found.",
  noPrivacyPolicy: "No privacy policy found.",
  notActive: "This version of the user agreement is no longer in force. Please accept the current version.",
} as const;
