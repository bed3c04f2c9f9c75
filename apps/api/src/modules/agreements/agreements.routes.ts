import { acceptAgreementBody, agreementAcceptanceView, agreementView } from "@plaza/contracts/agreements";
import type { FastifyInstance } from "fastify";
import { ok, route } from "../../lib/route";
import { requireViewer } from "../../plugins/session";
import { acceptAgreement, getAcceptance, getActiveAgreement, getPrivacyPolicy } from "./agreements.service";

/**
 * The user agreement (docs/PRODUCT.md §2 "User agreement", §7) and the privacy policy. Reading is public; accepting
 * the agreement needs a user.
 */
export async function agreementsRoutes(app: FastifyInstance): Promise<void> {
  const context = app.context;
  const user = { access: "user" as const };

  route(
    app,
    "GET",
    "/api/agreements/active",
    {
      schema: {
        summary: "The current user agreement",
        errors: { 404: "None published" },
        response: { 200: agreementView },
      },
    },
    async () => ok(await getActiveAgreement(context)),
  );

  route(
    app,
    "GET",
    "/api/agreements/privacy-policy",
    {
      schema: {
        summary: "The current privacy policy",
        errors: { 404: "None published" },
        response: { 200: agreementView },
      },
    },
    async () => ok(await getPrivacyPolicy(context)),
  );

  route(
    app,
    "POST",
    "/api/agreements/accept",
    {
      schema: {
        summary: "Accept the user agreement",
        errors: { 404: "No such agreement", 409: "That version is no longer in force" },
        body: acceptAgreementBody,
        response: { 200: agreementAcceptanceView },
      },
      config: user,
    },
    async (request) => ok(await acceptAgreement(context, requireViewer(request), request.body.agreementId)),
  );

  route(
    app,
    "GET",
    "/api/agreements/acceptance",
    {
      schema: {
        summary: "Whether you accepted the current agreement",
        response: { 200: agreementAcceptanceView },
      },
      config: user,
    },
    async (request) => ok(await getAcceptance(context, requireViewer(request))),
  );
}
