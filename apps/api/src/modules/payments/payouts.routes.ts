import { payeeReadinessView, payoutAccountView, payoutLinkView } from "@plaza/contracts/payments";
import { userIdParams } from "@plaza/contracts/users";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { ok, route } from "../../lib/route";
import { requireViewer } from "../../plugins/session";
import { createDashboardLink, createOnboardingLink, getPayoutAccount, refreshPayoutAccount } from "./payouts.service";
import { payeeReadiness } from "./processor-payments.service";
import { receiveStripeEvent } from "./stripe-webhook.service";

const PAYOUT_REFRESH_RATE_LIMIT = { max: 20, timeWindow: 60_000 };
const user = { access: "user" } as const;

/**
 * A creator's Stripe payout account: connecting it, reading its state, its dashboard; and whether someone can be
 * paid now.
 */
export function payoutRoutes(app: FastifyInstance): void {
  const context = app.context;

  route(
    app,
    "GET",
    "/api/payouts/account",
    {
      schema: { summary: "Your Stripe payout account's state", response: { 200: payoutAccountView } },
      config: user,
    },
    async (request) => ok(await getPayoutAccount(context, requireViewer(request))),
  );

  route(
    app,
    "GET",
    "/api/payouts/readiness/:userId",
    {
      schema: {
        summary: "Whether a person can receive money now",
        description:
          "With Stripe: whether their connected account can take charges (a pay button says so before it is pressed). With the built-in provider: always.",
        errors: { 404: "No such user" },
        params: userIdParams,
        response: { 200: payeeReadinessView },
      },
      config: user,
    },
    async (request) => ok(await payeeReadiness(context, request.params.userId)),
  );

  route(
    app,
    "POST",
    "/api/payouts/account",
    {
      schema: {
        summary: "Connect a Stripe account: a Stripe onboarding link",
        description: "The connected account is created once; each call answers a fresh onboarding link.",
        errors: { 409: "This server does not pay through Stripe" },
        response: { 200: payoutLinkView },
      },
      config: user,
    },
    async (request) =>
      ok(await createOnboardingLink(context, requireViewer(request), `${request.protocol}://${request.host}`)),
  );

  route(
    app,
    "POST",
    "/api/payouts/account/refresh",
    {
      schema: {
        summary: "Read your Stripe payout account's state from Stripe now (after onboarding)",
        description:
          "Stores what Stripe says, as the account.updated webhook would; the wallet asks when Stripe sends you back.",
        errors: { 409: "This server does not pay through Stripe", 429: "Refreshing too often" },
        response: { 200: payoutAccountView },
      },
      config: { ...user, rateLimit: PAYOUT_REFRESH_RATE_LIMIT },
    },
    async (request) => ok(await refreshPayoutAccount(context, requireViewer(request))),
  );

  route(
    app,
    "POST",
    "/api/payouts/dashboard",
    {
      schema: {
        summary: "A sign-in link to your Stripe Express dashboard",
        errors: { 409: "No Stripe account connected, or this server does not pay through Stripe" },
        response: { 200: payoutLinkView },
      },
      config: user,
    },
    async (request) => ok(await createDashboardLink(context, requireViewer(request))),
  );
}

/**
 * Stripe's webhook. Its signature covers the exact bytes of the body, so in this scope a JSON body is kept as its
 * raw Buffer (the route has no body schema) and the service verifies it before it reads a field.
 */
export async function stripeWebhookRoutes(app: FastifyInstance): Promise<void> {
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "buffer" }, (_request, body, done) => done(null, body));

  route(
    app,
    "POST",
    "/api/payments/webhooks/stripe",
    {
      schema: {
        summary: "Stripe's webhook (signed events)",
        description:
          "Verified with Stripe-Signature over the raw body; each event is applied once. A bad or missing signature changes nothing.",
        errors: { 400: "Missing or invalid Stripe-Signature", 404: "This server does not pay through Stripe" },
        response: { 200: z.object({ received: z.literal(true) }) },
      },
      config: { access: "public" },
    },
    async (request) => ok(await receiveStripeEvent(app.context, request.body, request.headers["stripe-signature"])),
  );
}
