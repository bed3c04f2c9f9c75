import { z } from "zod";

export const agreementView = z.object({
  id: z.uuid(),
  title: z.string(),
  version: z.string(),
  content: z.string(),
  createdAt: z.string(),
});
export type AgreementView = z.infer<typeof agreementView>;

export const acceptAgreementBody = z.object({ agreementId: z.uuid("Invalid agreement") });

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

/** GET /api/agreements/acceptance: whether the viewer accepted the active agreement. */
export const agreementAcceptanceView = z.object({
  agreementId: z.uuid().nullable(),
  hasAccepted: z.boolean(),
  acceptedAt: z.string().nullable(),
});
export type AgreementAcceptanceView = z.infer<typeof agreementAcceptanceView>;

export const AGREEMENTS_MESSAGES = {
  notFound: "Agreement not found",
  noActive: "No user agreement found.",
  notActive: "This version of the user agreement is no longer in force. Please accept the current version.",
} as const;
