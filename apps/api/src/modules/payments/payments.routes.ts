import { pageQuery } from "@plaza/contracts/pagination";
import {
  IDEMPOTENCY_KEY_HEADER,
  mySubscriptionView,
  paymentStartedView,
  paymentView,
  payoutAccountView,
  payoutLinkView,
  ppvUnlockBody,
  ppvUnlockView,
  spendingLineView,
  subscribeBody,
  subscriberView,
  subscriptionPriceBody,
  subscriptionPriceView,
  subscriptionStatusView,
  subscriptionView,
  tipBody,
  tipView,
  walletLineView,
  walletView,
} from "@plaza/contracts/payments";
import { earningsByMonthView } from "@plaza/contracts/payouts";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { notFound } from "../../lib/app-error";
import { sendPage } from "../../lib/cursor";
import { requireViewer } from "../../plugins/session";
import { describeIdempotentRequest, type MoneyResponse, readIdempotencyKey } from "./idempotency";
import { stripeProviderFor } from "./payment-provider";
import { sendTip, unlockPost } from "./payments.service";
import { createDashboardLink, createOnboardingLink, getPayoutAccount, refreshPayoutAccount } from "./payouts.service";
import { applyStripeEvent, getPayment, verifyStripeEvent } from "./processor-payments.service";
import {
  cancelSubscription,
  getSubscriptionStatus,
  listMySubscribers,
  listMySubscriptions,
  setSubscriptionPrice,
  subscribe,
} from "./subscriptions.service";
import { getEarningsByMonth, getWallet, listSpending, listWallet } from "./wallet.service";

const creatorParams = z.object({ creatorId: z.uuid("Invalid creator id") });
const paymentParams = z.object({ paymentId: z.uuid("Invalid payment id") });
const RECENT_WALLET_LINES = 20;
/** Each refresh is a call to Stripe: a person needs a few, a loop gets 429. */
const PAYOUT_REFRESH_RATE_LIMIT = { max: 20, timeWindow: 60_000 };

/** The idempotency description of a money request: user, header key, route and the validated body. */
function idempotencyOf(request: FastifyRequest, route: string, body: unknown) {
  const viewer = requireViewer(request);
  return describeIdempotentRequest(viewer.id, readIdempotencyKey(request.headers[IDEMPOTENCY_KEY_HEADER]), route, body);
}

function sendMoneyResponse<T>(reply: FastifyReply, response: MoneyResponse<T>) {
  if (response.isReplay) reply.header("idempotent-replayed", "true");
  return reply.status(response.status).send(response.body);
}

/** Tips, pay-per-view unlocks, subscriptions and the wallet (docs/PRODUCT.md "Money"). */
export async function paymentsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const context = app.context;

  app.post(
    "/api/tips",
    {
      schema: {
        tags: ["Payments"],
        operationId: "postTips",
        summary: "Tip someone",
        description:
          "201 when the tip is made, 200 when an Idempotency-Key replays an earlier answer. With Stripe: 202 with the PaymentIntent's client secret; the tip is made when Stripe confirms the payment.",
        isIdempotent: true,
        errors: {
          400: "Under $1.00, or you cannot tip yourself",
          402: "The card was declined",
          403: "The user cannot receive tips (suspended or deleted), or a block stands between you",
          404: "No such user",
          409: "The Idempotency-Key was used with another body, or (Stripe) the receiver can't receive payments yet",
          429: "Tipping too fast",
        },
        body: tipBody,
        response: { 200: tipView, 201: tipView, 202: paymentStartedView },
      },
      config: { access: "user" },
    },
    async (request, reply) => {
      const idempotency = idempotencyOf(request, "POST /api/tips", request.body);
      return sendMoneyResponse(reply, await sendTip(context, requireViewer(request), request.body, idempotency));
    },
  );

  app.post(
    "/api/ppv-unlocks",
    {
      schema: {
        tags: ["Payments"],
        operationId: "postPpvUnlocks",
        summary: "Unlock a pay-per-view post",
        description:
          "201 when unlocked, 200 when an Idempotency-Key replays an earlier answer. With Stripe: 202 with the PaymentIntent's client secret; the post unlocks when Stripe confirms the payment.",
        isIdempotent: true,
        errors: {
          400: "Not a pay-per-view post, your own post, or the amount is not its price",
          402: "The card was declined",
          403: "A block, the author's content is not visible to you, or the author cannot be paid (suspended, not a creator)",
          404: "No such post",
          409: "The Idempotency-Key was used with another body, or (Stripe) the author can't receive payments yet",
        },
        body: ppvUnlockBody,
        response: { 200: ppvUnlockView, 201: ppvUnlockView, 202: paymentStartedView },
      },
      config: { access: "user" },
    },
    async (request, reply) => {
      const idempotency = idempotencyOf(request, "POST /api/ppv-unlocks", request.body);
      return sendMoneyResponse(reply, await unlockPost(context, requireViewer(request), request.body, idempotency));
    },
  );

  app.post(
    "/api/subscriptions",
    {
      schema: {
        tags: ["Payments"],
        operationId: "postSubscriptions",
        summary: "Subscribe to a creator (monthly)",
        description:
          "201 when subscribed, 200 when an Idempotency-Key replays an earlier answer. With Stripe: 202 with the PaymentIntent's client secret; the subscription starts when Stripe confirms the payment.",
        isIdempotent: true,
        errors: {
          400: "You cannot subscribe to yourself, or the account is not a creator",
          402: "The card was declined",
          403: "The creator is suspended, or a block stands between you",
          404: "No such creator",
          409: "The period could not be renewed, the Idempotency-Key was used with another body, or (Stripe) the creator can't receive payments yet",
        },
        body: subscribeBody,
        response: { 200: subscriptionView, 201: subscriptionView, 202: paymentStartedView },
      },
      config: { access: "user" },
    },
    async (request, reply) => {
      const idempotency = idempotencyOf(request, "POST /api/subscriptions", request.body);
      return sendMoneyResponse(reply, await subscribe(context, requireViewer(request), request.body, idempotency));
    },
  );

  app.get(
    "/api/subscriptions",
    {
      schema: {
        tags: ["Payments"],
        operationId: "getSubscriptions",
        summary: "Your subscriptions",
        querystring: pageQuery,
        response: { 200: z.array(mySubscriptionView) },
      },
      config: { access: "user" },
    },
    async (request, reply) =>
      sendPage(reply, await listMySubscriptions(context, requireViewer(request), request.query)),
  );

  app.delete(
    "/api/subscriptions/:creatorId",
    {
      schema: {
        tags: ["Payments"],
        operationId: "deleteSubscriptionsByCreatorId",
        summary: "Cancel a subscription at the end of its period",
        errors: { 404: "No active subscription to this creator" },
        params: creatorParams,
        response: { 200: subscriptionView },
      },
      config: { access: "user" },
    },
    async (request) => cancelSubscription(context, requireViewer(request), request.params.creatorId),
  );

  app.get(
    "/api/subscriptions/subscribers",
    {
      schema: {
        tags: ["Payments"],
        operationId: "getSubscriptionsSubscribers",
        summary: "Your subscribers (as a creator), newest first",
        querystring: pageQuery,
        response: { 200: z.array(subscriberView) },
      },
      config: { access: "user" },
    },
    async (request, reply) => sendPage(reply, await listMySubscribers(context, requireViewer(request), request.query)),
  );

  app.get(
    "/api/subscriptions/status/:creatorId",
    {
      schema: {
        tags: ["Payments"],
        operationId: "getSubscriptionsStatusByCreatorId",
        summary: "Whether you subscribe to a creator, and the price",
        params: creatorParams,
        response: { 200: subscriptionStatusView },
      },
      config: { access: "user" },
    },
    async (request) => getSubscriptionStatus(context, requireViewer(request), request.params.creatorId),
  );

  app.patch(
    "/api/users/subscription-price",
    {
      schema: {
        tags: ["Payments"],
        operationId: "patchUsersSubscriptionPrice",
        summary: "Set your monthly subscription price (creators)",
        errors: { 403: "Only creators set a price" },
        body: subscriptionPriceBody,
        response: { 200: subscriptionPriceView },
      },
      config: { access: "user" },
    },
    async (request) => setSubscriptionPrice(context, requireViewer(request), request.body),
  );

  app.get(
    "/api/wallet",
    {
      schema: {
        tags: ["Payments"],
        operationId: "getWallet",
        summary: "Your balance, earnings by source and recent lines",
        response: { 200: walletView },
      },
      config: { access: "user" },
    },
    async (request) => getWallet(context, requireViewer(request), RECENT_WALLET_LINES),
  );

  app.get(
    "/api/wallet/earnings-by-month",
    {
      schema: {
        tags: ["Payments"],
        operationId: "getWalletEarningsByMonth",
        summary: "What you received in each of the last 12 months (UTC), net of card fees and refunds",
        response: { 200: earningsByMonthView },
      },
      config: { access: "user" },
    },
    async (request) => getEarningsByMonth(context, requireViewer(request)),
  );

  app.get(
    "/api/wallet/spending",
    {
      schema: {
        tags: ["Payments"],
        operationId: "getWalletSpending",
        summary: "What you paid others (tips, unlocks, subscriptions), newest first",
        querystring: pageQuery,
        response: { 200: z.array(spendingLineView) },
      },
      config: { access: "user" },
    },
    async (request, reply) => sendPage(reply, await listSpending(context, requireViewer(request), request.query)),
  );

  app.get(
    "/api/wallet/lines",
    {
      schema: {
        tags: ["Payments"],
        operationId: "getWalletLines",
        summary: "Your wallet lines, newest first",
        querystring: pageQuery,
        response: { 200: z.array(walletLineView) },
      },
      config: { access: "user" },
    },
    async (request, reply) => sendPage(reply, await listWallet(context, requireViewer(request), request.query)),
  );

  app.get(
    "/api/payments/:paymentId",
    {
      schema: {
        tags: ["Payments"],
        operationId: "getPaymentsByPaymentId",
        summary: "A payment's state (its payer only)",
        errors: { 404: "No such payment of yours" },
        params: paymentParams,
        response: { 200: paymentView },
      },
      config: { access: "user" },
    },
    async (request) => getPayment(context, requireViewer(request).id, request.params.paymentId),
  );

  app.get(
    "/api/payouts/account",
    {
      schema: {
        tags: ["Payments"],
        operationId: "getPayoutsAccount",
        summary: "Your Stripe payout account's state",
        response: { 200: payoutAccountView },
      },
      config: { access: "user" },
    },
    async (request) => getPayoutAccount(context, requireViewer(request)),
  );

  app.post(
    "/api/payouts/account",
    {
      schema: {
        tags: ["Payments"],
        operationId: "postPayoutsAccount",
        summary: "Connect a Stripe account: a Stripe onboarding link",
        description: "The connected account is created once; each call answers a fresh onboarding link.",
        errors: { 409: "This server does not pay through Stripe" },
        response: { 200: payoutLinkView },
      },
      config: { access: "user" },
    },
    async (request) => createOnboardingLink(context, requireViewer(request), `${request.protocol}://${request.host}`),
  );

  app.post(
    "/api/payouts/account/refresh",
    {
      schema: {
        tags: ["Payments"],
        operationId: "postPayoutsAccountRefresh",
        summary: "Read your Stripe payout account's state from Stripe now (after onboarding)",
        description:
          "Stores what Stripe says, as the account.updated webhook would; the wallet asks when Stripe sends you back.",
        errors: { 409: "This server does not pay through Stripe", 429: "Refreshing too often" },
        response: { 200: payoutAccountView },
      },
      config: { access: "user", rateLimit: PAYOUT_REFRESH_RATE_LIMIT },
    },
    async (request) => refreshPayoutAccount(context, requireViewer(request)),
  );

  app.post(
    "/api/payouts/dashboard",
    {
      schema: {
        tags: ["Payments"],
        operationId: "postPayoutsDashboard",
        summary: "A sign-in link to your Stripe Express dashboard",
        errors: { 409: "No Stripe account connected, or this server does not pay through Stripe" },
        response: { 200: payoutLinkView },
      },
      config: { access: "user" },
    },
    async (request) => createDashboardLink(context, requireViewer(request)),
  );

  // Stripe's webhook reads the raw body (its signature covers the exact bytes), so it has its own JSON parser.
  await app.register(async (scope) => {
    scope.removeContentTypeParser("application/json");
    scope.addContentTypeParser("application/json", { parseAs: "buffer" }, (_request, body, done) => done(null, body));
    scope.withTypeProvider<ZodTypeProvider>().post(
      "/api/payments/webhooks/stripe",
      {
        schema: {
          tags: ["Payments"],
          operationId: "postPaymentsWebhooksStripe",
          summary: "Stripe's webhook (signed events)",
          description:
            "Verified with Stripe-Signature over the raw body; each event is applied once. A bad or missing signature changes nothing.",
          errors: { 400: "Missing or invalid Stripe-Signature", 404: "This server does not pay through Stripe" },
          response: { 200: z.object({ received: z.literal(true) }) },
        },
        config: { access: "public" },
      },
      async (request) => {
        const stripe = stripeProviderFor(context.env);
        if (!stripe) throw notFound("Stripe is not configured");
        const rawBody = Buffer.isBuffer(request.body) ? request.body : undefined;
        const event = verifyStripeEvent(stripe, rawBody, request.headers["stripe-signature"]);
        await applyStripeEvent(context, stripe, event);
        return { received: true as const };
      },
    );
  });
}
