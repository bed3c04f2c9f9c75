import { noContent } from "@plaza/contracts/http";
import {
  pushPublicKeyView,
  pushSubscriptionBody,
  pushSubscriptionView,
  pushUnsubscribeBody,
} from "@plaza/contracts/push";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { unauthorized } from "../../lib/app-error";
import { requireViewer } from "../../plugins/session";
import { getPushPublicKey, subscribeToPush, unsubscribeFromPush } from "./push.service";

/** Web Push: the VAPID public key and this device's subscription (notify requests the pushes, WEB_PUSH_JOB). */
export async function pushRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const context = app.context;

  app.get(
    "/api/push/public-key",
    {
      schema: {
        tags: ["Push"],
        operationId: "getPushPublicKey",
        summary: "The server's VAPID public key (the applicationServerKey to subscribe with)",
        response: { 200: pushPublicKeyView },
      },
      config: { access: "public" },
    },
    async () => ({ publicKey: await getPushPublicKey(context, app.log) }),
  );

  app.post(
    "/api/push/subscriptions",
    {
      schema: {
        tags: ["Push"],
        operationId: "postPushSubscriptions",
        summary: "Receive pushes on this device (a browser PushSubscription)",
        description:
          "Saves the subscription for the signed-in user (an endpoint already known is taken over). While " +
          "`preferences.pushNotifications` is on, each notification is pushed to it, encrypted (RFC 8291). " +
          "At most 10 per account; the oldest goes. A 404 or 410 from the push service removes it.",
        errors: {
          400: "The endpoint is not an https URL on a public internet address",
          429: "Too many subscribe calls (20 per 10 minutes)",
        },
        body: pushSubscriptionBody,
        response: { 201: pushSubscriptionView },
      },
      config: { access: "user" },
    },
    async (request, reply) => {
      const viewer = requireViewer(request);
      const sessionId = request.sessionId;
      if (!sessionId) throw unauthorized();
      const saved = await subscribeToPush(context, { userId: viewer.id, sessionId }, request.body);
      return reply.status(201).send(saved);
    },
  );

  app.delete(
    "/api/push/subscriptions",
    {
      schema: {
        tags: ["Push"],
        operationId: "deletePushSubscriptions",
        summary: "Stop pushes to this device",
        body: pushUnsubscribeBody,
        response: { 204: noContent },
      },
      config: { access: "user" },
    },
    async (request, reply) => {
      await unsubscribeFromPush(context, requireViewer(request).id, request.body.endpoint);
      return reply.status(204).send();
    },
  );
}
