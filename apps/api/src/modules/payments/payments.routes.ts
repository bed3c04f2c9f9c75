import { pageQuery } from "@plaza/contracts/pagination";
import {
  mySubscriptionView,
  paymentStartedView,
  paymentView,
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
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { ok, page, replayable, route } from "../../lib/route";
import { requireViewer } from "../../plugins/session";
import { eventTicketRoutes } from "./event-tickets.routes";
import { sendTip, unlockPost } from "./payments.service";
import { payoutRoutes, stripeWebhookRoutes } from "./payouts.routes";
import { getPayment } from "./processor-payments.service";
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
const user = { access: "user" } as const;
/** A money call: its first answer to an Idempotency-Key is replayed (lib/route.ts `config.idempotent`). */
const moneyCall = { access: "user", idempotent: true } as const;

/** Tips, pay-per-view unlocks, subscriptions, the wallet and payouts (docs/PRODUCT.md "Money"). */
export async function paymentsRoutes(app: FastifyInstance): Promise<void> {
  moneyCallRoutes(app);
  eventTicketRoutes(app);
  subscriptionRoutes(app);
  walletRoutes(app);
  payoutRoutes(app);
  await app.register(stripeWebhookRoutes);
}

/** The calls that move money: each replays its first answer to an Idempotency-Key (200, `idempotent-replayed`). */
function moneyCallRoutes(app: FastifyInstance): void {
  const context = app.context;

  route(
    app,
    "POST",
    "/api/tips",
    {
      schema: {
        summary: "Tip someone",
        description:
          "201 when the tip is made, 200 when an Idempotency-Key replays an earlier answer. With Stripe: 202 with the PaymentIntent's client secret; the tip is made when Stripe confirms the payment.",
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
      config: moneyCall,
    },
    async (request, idempotency) =>
      replayable(await sendTip(context, requireViewer(request), request.body, idempotency)),
  );

  route(
    app,
    "POST",
    "/api/ppv-unlocks",
    {
      schema: {
        summary: "Unlock a pay-per-view post",
        description:
          "201 when unlocked, 200 when an Idempotency-Key replays an earlier answer. With Stripe: 202 with the PaymentIntent's client secret; the post unlocks when Stripe confirms the payment.",
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
      config: moneyCall,
    },
    async (request, idempotency) =>
      replayable(await unlockPost(context, requireViewer(request), request.body, idempotency)),
  );

  route(
    app,
    "POST",
    "/api/subscriptions",
    {
      schema: {
        summary: "Subscribe to a creator (monthly)",
        description:
          "201 when subscribed, 200 when an Idempotency-Key replays an earlier answer. With Stripe: 202 with the PaymentIntent's client secret; the subscription starts when Stripe confirms the payment.",
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
      config: moneyCall,
    },
    async (request, idempotency) =>
      replayable(await subscribe(context, requireViewer(request), request.body, idempotency)),
  );
}

/** Your subscriptions and subscribers, cancelling, and a creator's price. */
function subscriptionRoutes(app: FastifyInstance): void {
  const context = app.context;

  route(
    app,
    "GET",
    "/api/subscriptions",
    {
      schema: {
        summary: "Your subscriptions",
        querystring: pageQuery,
        response: { 200: z.array(mySubscriptionView) },
      },
      config: user,
    },
    async (request) => page(await listMySubscriptions(context, requireViewer(request), request.query)),
  );

  route(
    app,
    "DELETE",
    "/api/subscriptions/:creatorId",
    {
      schema: {
        summary: "Cancel a subscription at the end of its period",
        errors: { 404: "No active subscription to this creator" },
        params: creatorParams,
        response: { 200: subscriptionView },
      },
      config: user,
    },
    async (request) => ok(await cancelSubscription(context, requireViewer(request), request.params.creatorId)),
  );

  route(
    app,
    "GET",
    "/api/subscriptions/subscribers",
    {
      schema: {
        summary: "Your subscribers (as a creator), newest first",
        querystring: pageQuery,
        response: { 200: z.array(subscriberView) },
      },
      config: user,
    },
    async (request) => page(await listMySubscribers(context, requireViewer(request), request.query)),
  );

  route(
    app,
    "GET",
    "/api/subscriptions/status/:creatorId",
    {
      schema: {
        summary: "Whether you subscribe to a creator, and the price",
        params: creatorParams,
        response: { 200: subscriptionStatusView },
      },
      config: user,
    },
    async (request) => ok(await getSubscriptionStatus(context, requireViewer(request), request.params.creatorId)),
  );

  route(
    app,
    "PATCH",
    "/api/users/subscription-price",
    {
      schema: {
        summary: "Set your monthly subscription price (creators)",
        errors: { 403: "Only creators set a price" },
        body: subscriptionPriceBody,
        response: { 200: subscriptionPriceView },
      },
      config: user,
    },
    async (request) => ok(await setSubscriptionPrice(context, requireViewer(request), request.body)),
  );
}

/** Your balance and lines, what you paid others, and a payment's state. */
function walletRoutes(app: FastifyInstance): void {
  const context = app.context;

  route(
    app,
    "GET",
    "/api/wallet",
    {
      schema: { summary: "Your balance, earnings by source and recent lines", response: { 200: walletView } },
      config: user,
    },
    async (request) => ok(await getWallet(context, requireViewer(request), RECENT_WALLET_LINES)),
  );

  route(
    app,
    "GET",
    "/api/wallet/earnings-by-month",
    {
      schema: {
        summary: "What you received in each of the last 12 months (UTC), net of card fees and refunds",
        response: { 200: earningsByMonthView },
      },
      config: user,
    },
    async (request) => ok(await getEarningsByMonth(context, requireViewer(request))),
  );

  route(
    app,
    "GET",
    "/api/wallet/spending",
    {
      schema: {
        summary: "What you paid others (tips, unlocks, subscriptions), newest first",
        querystring: pageQuery,
        response: { 200: z.array(spendingLineView) },
      },
      config: user,
    },
    async (request) => page(await listSpending(context, requireViewer(request), request.query)),
  );

  route(
    app,
    "GET",
    "/api/wallet/lines",
    {
      schema: {
        summary: "Your wallet lines, newest first",
        querystring: pageQuery,
        response: { 200: z.array(walletLineView) },
      },
      config: user,
    },
    async (request) => page(await listWallet(context, requireViewer(request), request.query)),
  );

  route(
    app,
    "GET",
    "/api/payments/:paymentId",
    {
      schema: {
        summary: "A payment's state (its payer only)",
        errors: { 404: "No such payment of yours" },
        params: paymentParams,
        response: { 200: paymentView },
      },
      config: user,
    },
    async (request) => ok(await getPayment(context, requireViewer(request).id, request.params.paymentId)),
  );
}
