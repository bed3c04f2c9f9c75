import { pageQuery } from "@plaza/contracts/pagination";
import {
  IDEMPOTENCY_KEY_HEADER,
  mySubscriptionView,
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
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { sendPage } from "../../lib/cursor";
import { requireViewer } from "../../plugins/session";
import { describeIdempotentRequest, type MoneyResponse, readIdempotencyKey } from "./idempotency";
import {
  cancelSubscription,
  getSubscriptionStatus,
  getWallet,
  listMySubscribers,
  listMySubscriptions,
  listSpending,
  listWallet,
  sendTip,
  setSubscriptionPrice,
  subscribe,
  unlockPost,
} from "./payments.service";

const creatorParams = z.object({ creatorId: z.uuid("Invalid creator id") });
const RECENT_WALLET_LINES = 20;

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
    { schema: { body: tipBody, response: { 200: tipView, 201: tipView } }, config: { access: "user" } },
    async (request, reply) => {
      const idempotency = idempotencyOf(request, "POST /api/tips", request.body);
      return sendMoneyResponse(reply, await sendTip(context, requireViewer(request), request.body, idempotency));
    },
  );

  app.post(
    "/api/ppv-unlocks",
    {
      schema: { body: ppvUnlockBody, response: { 200: ppvUnlockView, 201: ppvUnlockView } },
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
      schema: { body: subscribeBody, response: { 200: subscriptionView, 201: subscriptionView } },
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
      schema: { querystring: pageQuery, response: { 200: z.array(mySubscriptionView) } },
      config: { access: "user" },
    },
    async (request, reply) =>
      sendPage(reply, await listMySubscriptions(context, requireViewer(request), request.query)),
  );

  app.delete(
    "/api/subscriptions/:creatorId",
    { schema: { params: creatorParams, response: { 200: subscriptionView } }, config: { access: "user" } },
    async (request) => cancelSubscription(context, requireViewer(request), request.params.creatorId),
  );

  app.get(
    "/api/subscriptions/subscribers",
    {
      schema: { querystring: pageQuery, response: { 200: z.array(subscriberView) } },
      config: { access: "user" },
    },
    async (request, reply) => sendPage(reply, await listMySubscribers(context, requireViewer(request), request.query)),
  );

  app.get(
    "/api/subscriptions/status/:creatorId",
    { schema: { params: creatorParams, response: { 200: subscriptionStatusView } }, config: { access: "user" } },
    async (request) => getSubscriptionStatus(context, requireViewer(request), request.params.creatorId),
  );

  app.patch(
    "/api/users/subscription-price",
    { schema: { body: subscriptionPriceBody, response: { 200: subscriptionPriceView } }, config: { access: "user" } },
    async (request) => setSubscriptionPrice(context, requireViewer(request), request.body),
  );

  app.get("/api/wallet", { schema: { response: { 200: walletView } }, config: { access: "user" } }, async (request) =>
    getWallet(context, requireViewer(request), RECENT_WALLET_LINES),
  );

  app.get(
    "/api/wallet/spending",
    { schema: { querystring: pageQuery, response: { 200: z.array(spendingLineView) } }, config: { access: "user" } },
    async (request, reply) => sendPage(reply, await listSpending(context, requireViewer(request), request.query)),
  );

  app.get(
    "/api/wallet/lines",
    { schema: { querystring: pageQuery, response: { 200: z.array(walletLineView) } }, config: { access: "user" } },
    async (request, reply) => sendPage(reply, await listWallet(context, requireViewer(request), request.query)),
  );
}
