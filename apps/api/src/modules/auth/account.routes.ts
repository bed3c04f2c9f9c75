import {
  ACCOUNT_MESSAGES,
  acceptedView,
  changeEmailBody,
  changePasswordBody,
  passwordResetBody,
  passwordResetConfirmBody,
  recoveryCodesView,
  sessionIdParams,
  sessionView,
  tokenBody,
  twoFactorDisableBody,
  twoFactorEnableBody,
  twoFactorSetupView,
} from "@plaza/contracts/accounts";
import { noContent } from "@plaza/contracts/http";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { publicBaseUrl } from "../../lib/mail/links";
import { requireViewer } from "../../plugins/session";
import { presentSession } from "./account.presenter";
import {
  changePassword,
  confirmEmailChange,
  endOtherSessions,
  endSession,
  listSessions,
  requestEmailChange,
} from "./account-security.service";
import { resendVerificationMail, verifyEmail } from "./email-verification.service";
import { confirmPasswordReset, requestPasswordReset } from "./password-reset.service";
import { disableTwoFactor, enableTwoFactor, setupTwoFactor } from "./two-factor.service";

/**
 * Accounts for real people (docs/PRODUCT.md "Fidelity fixes"): email verification, password reset, password and email
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

  app.post(
    "/api/auth/password",
    { schema: { body: changePasswordBody, response: { 204: noContent } }, config: user },
    async (request, reply) => {
      await changePassword(context, requireViewer(request), request.sessionId, request.body, request.ip);
      return reply.status(204).send();
    },
  );

  app.post(
    "/api/auth/email",
    { schema: { body: changeEmailBody, response: { 202: acceptedView } }, config: user },
    async (request, reply) => {
      const baseUrl = publicBaseUrl(context.env, request);
      await requestEmailChange(context, requireViewer(request), request.body, baseUrl, request.ip);
      return reply.status(202).send({ message: ACCOUNT_MESSAGES.emailChangeSent });
    },
  );

  app.post(
    "/api/auth/email/confirm",
    { schema: { body: tokenBody, response: { 204: noContent } } },
    async (request, reply) => {
      await confirmEmailChange(context, request.body.token, request.ip);
      return reply.status(204).send();
    },
  );

  app.get(
    "/api/auth/sessions",
    { schema: { response: { 200: z.array(sessionView) } }, config: user },
    async (request) => {
      const rows = await listSessions(context, requireViewer(request), request.sessionId);
      return rows.map(presentSession);
    },
  );

  app.delete(
    "/api/auth/sessions/:sessionId",
    { schema: { params: sessionIdParams, response: { 204: noContent } }, config: user },
    async (request, reply) => {
      await endSession(context, requireViewer(request), request.params.sessionId, request.ip);
      return reply.status(204).send();
    },
  );

  app.post(
    "/api/auth/sessions/revoke-others",
    { schema: { response: { 204: noContent } }, config: user },
    async (request, reply) => {
      await endOtherSessions(context, requireViewer(request), request.sessionId, request.ip);
      return reply.status(204).send();
    },
  );

  app.post(
    "/api/auth/2fa/setup",
    { schema: { response: { 200: twoFactorSetupView } }, config: user },
    async (request) => setupTwoFactor(context, requireViewer(request), request.ip),
  );

  app.post(
    "/api/auth/2fa/enable",
    { schema: { body: twoFactorEnableBody, response: { 200: recoveryCodesView } }, config: user },
    async (request) => ({
      recoveryCodes: await enableTwoFactor(context, requireViewer(request), request.body.code, request.ip),
    }),
  );

  app.post(
    "/api/auth/2fa/disable",
    { schema: { body: twoFactorDisableBody, response: { 204: noContent } }, config: user },
    async (request, reply) => {
      await disableTwoFactor(context, requireViewer(request), request.body, request.ip);
      return reply.status(204).send();
    },
  );
}
