import { z } from "zod";

export * from "./agreements.texts";

export const agreementView = z.object({
  id: z.uuid(),
  title: z.string(),
  version: z.string(),
  content: z.string(),
  createdAt: z.string(),
});
export type AgreementView = z.infer<typeof agreementView>;

export const acceptAgreementBody = z.object({ agreementId: z.uuid("Invalid agreement") });

/** GET /api/agreements/acceptance: whether the viewer accepted the active agreement. */
export const agreementAcceptanceView = z.object({
  agreementId: z.uuid().nullable(),
  hasAccepted: z.boolean(),
  acceptedAt: z.string().nullable(),
});
export type AgreementAcceptanceView = z.infer<typeof agreementAcceptanceView>;
