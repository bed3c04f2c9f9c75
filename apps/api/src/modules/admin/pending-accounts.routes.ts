import { adminUserIdParams } from "@plaza/contracts/admin";
import { accountDecisionView, pendingAccountPage } from "@plaza/contracts/instance";
import type { FastifyInstance } from "fastify";
import { publicBaseUrl } from "../../lib/mail/links";
import { ok, route } from "../../lib/route";
import { requireSuperuser } from "../../plugins/session";
import { decideAccount, listPendingAccounts } from "./pending-accounts.service";

const superuserOnly = { access: "superuser" } as const;

/** Accounts waiting for approval (sign-up mode approval): the list, approve and reject (superusers). */
export async function pendingAccountsRoutes(app: FastifyInstance): Promise<void> {
  const context = app.context;

  route(
    app,
    "GET",
    "/api/admin/pending-accounts",
    {
      schema: { summary: "Accounts waiting for approval, oldest first", response: { 200: pendingAccountPage } },
      config: superuserOnly,
    },
    async () => ok(await listPendingAccounts(context)),
  );

  for (const decision of ["approve", "reject"] as const) {
    route(
      app,
      "POST",
      `/api/admin/users/:userId/${decision}`,
      {
        schema: {
          summary:
            decision === "approve"
              ? "Approve an account waiting for approval"
              : "Reject an account waiting for approval",
          description: "The person is mailed the decision; a rejected account's sessions end.",
          errors: { 404: "No such user", 409: "The account is not waiting for approval" },
          params: adminUserIdParams,
          response: { 200: accountDecisionView },
        },
        config: superuserOnly,
      },
      async (request) =>
        ok(
          await decideAccount(
            context,
            requireSuperuser(request).id,
            request.params.userId,
            decision,
            publicBaseUrl(context.env, request),
          ),
        ),
    );
  }
}
