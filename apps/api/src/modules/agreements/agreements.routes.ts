import { acceptAgreementBody, agreementAcceptanceView, agreementView } from "@plaza/contracts/agreements";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { requireViewer } from "../../plugins/session";
import { acceptAgreement, getAcceptance, getActiveAgreement } from "./agreements.service";

/** The user agreement (docs/PRODUCT.md §2 "User agreement", §7). Reading is public; accepting needs a user. */
export async function agreementsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const context = app.context;
  const user = { access: "user" as const };

  app.get(
    "/api/agreements/active",
    {
      schema: {
        tags: ["Agreements"],
        operationId: "getAgreementsActive",
        summary: "The current user agreement",
        errors: { 404: "None published" },
        response: { 200: agreementView },
      },
    },
    async () => getActiveAgreement(context),
  );

  app.post(
    "/api/agreements/accept",
    {
      schema: {
        tags: ["Agreements"],
        operationId: "postAgreementsAccept",
        summary: "Accept the user agreement",
        errors: { 404: "No such agreement", 409: "That version is no longer in force" },
        body: acceptAgreementBody,
        response: { 200: agreementAcceptanceView },
      },
      config: user,
    },
    async (request) => acceptAgreement(context, requireViewer(request), request.body.agreementId),
  );

  app.get(
    "/api/agreements/acceptance",
    {
      schema: {
        tags: ["Agreements"],
        operationId: "getAgreementsAcceptance",
        summary: "Whether you accepted the current agreement",
        response: { 200: agreementAcceptanceView },
      },
      config: user,
    },
    async (request) => getAcceptance(context, requireViewer(request)),
  );
}
