import {
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
import { noContent as noBody } from "@plaza/contracts/http";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { publicBaseUrl } from "../../lib/mail/links";
import { accepted, noContent, ok, route } from "../../lib/route";
import { requireViewer } from "../../plugins/session";
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
export async function accountRoutes(app: FastifyInstance): Promise<void> {
  emailRoutes(app);
  passwordRoutes(app);
  sessionRoutes(app);
  twoFactorRoutes(app);
}

/** Verifying the address and changing it. */
function emailRoutes(app: FastifyInstance): void {
  const context = app.context;
  const user = { access: "user" as const };

  route(
    app,
    "POST",
    "/api/auth/verify-email",
    {
      schema: {
        summary: "Verify the email address with the mailed link's token",
        errors: { 400: "The link is unknown, used, expired or for an address the account no longer has" },
        body: tokenBody,
        response: { 204: noBody },
      },
    },
    async (request) => noContent(await verifyEmail(context, request.body.token, request.ip)),
  );

  route(
    app,
    "POST",
    "/api/auth/verify-email/resend",
    {
      schema: {
        summary: "Mail a new verification link (earlier links stop working)",
        errors: { 409: "The address is already verified" },
        response: { 202: acceptedView },
      },
      config: user,
    },
    async (request) =>
      accepted(
        await resendVerificationMail(
          context,
          requireViewer(request),
          publicBaseUrl(context.env, request),
          request.ip,
          request.locale,
        ),
      ),
  );

  route(
    app,
    "POST",
    "/api/auth/email",
    {
      schema: {
        summary: "Change the email address (confirmation link to the new address)",
        errors: { 403: "Current password is incorrect", 409: "Another account has this address" },
        body: changeEmailBody,
        response: { 202: acceptedView },
      },
      config: user,
    },
    async (request) =>
      accepted(
        await requestEmailChange(
          context,
          requireViewer(request),
          request.body,
          publicBaseUrl(context.env, request),
          request.ip,
          request.locale,
        ),
      ),
  );

  route(
    app,
    "POST",
    "/api/auth/email/confirm",
    {
      schema: {
        summary: "Switch to the new email address with the mailed link's token",
        errors: { 400: "The link is unknown, used or expired", 409: "Another account took the address meanwhile" },
        body: tokenBody,
        response: { 204: noBody },
      },
    },
    async (request) => noContent(await confirmEmailChange(context, request.body.token, request.ip)),
  );
}

/** Resetting and changing the password. */
function passwordRoutes(app: FastifyInstance): void {
  const context = app.context;
  const user = { access: "user" as const };

  route(
    app,
    "POST",
    "/api/auth/password-reset",
    {
      schema: {
        summary: "Mail a password-reset link (1 hour)",
        description: "The same 202 whether or not the address has an account.",
        body: passwordResetBody,
        response: { 202: acceptedView },
      },
    },
    async (request) =>
      accepted(
        await requestPasswordReset(
          context,
          request.body.email,
          publicBaseUrl(context.env, request),
          request.ip,
          request.locale,
        ),
      ),
  );

  route(
    app,
    "POST",
    "/api/auth/password-reset/confirm",
    {
      schema: {
        summary: "Set a new password with the mailed link's token",
        description: "Every session of the account ends.",
        errors: { 400: "The link is unknown, used or expired" },
        body: passwordResetConfirmBody,
        response: { 204: noBody },
      },
    },
    async (request) =>
      noContent(await confirmPasswordReset(context, request.body.token, request.body.password, request.ip)),
  );

  route(
    app,
    "POST",
    "/api/auth/password",
    {
      schema: {
        summary: "Change the password",
        description: "The account's other sessions end.",
        errors: { 403: "Current password is incorrect" },
        body: changePasswordBody,
        response: { 204: noBody },
      },
      config: user,
    },
    async (request) =>
      noContent(await changePassword(context, requireViewer(request), request.sessionId, request.body, request.ip)),
  );
}

/** The sessions list, and ending sessions. */
function sessionRoutes(app: FastifyInstance): void {
  const context = app.context;
  const user = { access: "user" as const };

  route(
    app,
    "GET",
    "/api/auth/sessions",
    {
      schema: {
        summary: "Where the account is signed in",
        response: { 200: z.array(sessionView) },
      },
      config: user,
    },
    async (request) => ok(await listSessions(context, requireViewer(request), request.sessionId)),
  );

  route(
    app,
    "DELETE",
    "/api/auth/sessions/:sessionId",
    {
      schema: {
        summary: "End one of the account's sessions",
        errors: { 404: "No such session of this account" },
        params: sessionIdParams,
        response: { 204: noBody },
      },
      config: user,
    },
    async (request) =>
      noContent(await endSession(context, requireViewer(request), request.params.sessionId, request.ip)),
  );

  route(
    app,
    "POST",
    "/api/auth/sessions/revoke-others",
    {
      schema: {
        summary: "End every session but this one",
        response: { 204: noBody },
      },
      config: user,
    },
    async (request) =>
      noContent(await endOtherSessions(context, requireViewer(request), request.sessionId, request.ip)),
  );
}

/** Two-factor sign-in: setting it up, turning it on and off. */
function twoFactorRoutes(app: FastifyInstance): void {
  const context = app.context;
  const user = { access: "user" as const };

  route(
    app,
    "POST",
    "/api/auth/2fa/setup",
    {
      schema: {
        summary: "Start two-factor setup: a secret for an authenticator app",
        errors: { 409: "Two-factor sign-in is already on" },
        response: { 200: twoFactorSetupView },
      },
      config: user,
    },
    async (request) => ok(await setupTwoFactor(context, requireViewer(request), request.ip)),
  );

  route(
    app,
    "POST",
    "/api/auth/2fa/enable",
    {
      schema: {
        summary: "Turn two-factor sign-in on with the password and the app's first code; returns 10 recovery codes",
        description: "A notice is mailed to the account's address.",
        errors: {
          400: "No setup started, or a wrong code",
          403: "Current password is incorrect",
          409: "Two-factor sign-in is already on",
        },
        body: twoFactorEnableBody,
        response: { 200: recoveryCodesView },
      },
      config: user,
    },
    async (request) => ok(await enableTwoFactor(context, requireViewer(request), request.body, request.ip)),
  );

  route(
    app,
    "POST",
    "/api/auth/2fa/disable",
    {
      schema: {
        summary: "Turn two-factor sign-in off",
        description: "A notice is mailed to the account's address.",
        errors: { 400: "Two-factor sign-in is not on", 403: "Wrong password or code" },
        body: twoFactorDisableBody,
        response: { 204: noBody },
      },
      config: user,
    },
    async (request) => noContent(await disableTwoFactor(context, requireViewer(request), request.body, request.ip)),
  );
}
