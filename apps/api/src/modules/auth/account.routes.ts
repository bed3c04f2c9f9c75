import {
  ACCOUNT_MESSAGES,
  acceptedView,
  passwordResetBody,
  passwordResetConfirmBody,
  tokenBody,
} from "@plaza/contracts/accounts";
import { noContent } from "@plaza/contracts/http";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { publicBaseUrl } from "../../lib/mail/links";
import { requireViewer } from "../../plugins/session";
import { resendVerificationMail, verifyEmail } from "./email-verification.service";
import { confirmPasswordReset, requestPasswordReset } from "./password-reset.service";

/**
 * Accounts for real people (CONTRACT "Second round"): email verification, password reset, password and email
 * changes, the sessions list and two-factor sign-in. Sign-up, sign-in and sign-out stay in auth.routes.ts.
 */
export async function accountRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const context = app.context;
  const user = { access: "user" as const };

  app.post(
    "/api/auth/verify-email",
    { schema: { body: tokenBody, response: { 204: noContent } } },
    async (request, reply) => {
      await verifyEmail(context, request.body.token, request.ip);
      return reply.status(204).send();
    },
  );

  app.post(
    "/api/auth/verify-email/resend",
    { schema: { response: { 202: acceptedView } }, config: user },
    async (request, reply) => {
      await resendVerificationMail(context, requireViewer(request), publicBaseUrl(context.env, request), request.ip);
      return reply.status(202).send({ message: ACCOUNT_MESSAGES.verificationSent });
    },
  );

  app.post(
    "/api/auth/password-reset",
    { schema: { body: passwordResetBody, response: { 202: acceptedView } } },
    async (request, reply) => {
      await requestPasswordReset(context, request.body.email, publicBaseUrl(context.env, request), request.ip);
      return reply.status(202).send({ message: ACCOUNT_MESSAGES.passwordResetSent });
    },
  );

  app.post(
    "/api/auth/password-reset/confirm",
    { schema: { body: passwordResetConfirmBody, response: { 204: noContent } } },
    async (request, reply) => {
      await confirmPasswordReset(context, request.body.token, request.body.password, request.ip);
      return reply.status(204).send();
    },
  );
}
