import { noContent as noBody } from "@plaza/contracts/http";
import {
  pushPublicKeyView,
  pushSubscriptionBody,
  pushSubscriptionView,
  pushUnsubscribeBody,
} from "@plaza/contracts/push";
import type { FastifyInstance } from "fastify";
import { created, noContent, ok, route } from "../../lib/route";
import { requireSession, requireViewer } from "../../plugins/session";
import { getPushPublicKey, subscribeToPush, unsubscribeFromPush } from "./push.service";

/** Web Push: the VAPID public key and this device's subscription (notify requests the pushes, WEB_PUSH_JOB). */
export async function pushRoutes(app: FastifyInstance): Promise<void> {
  const context = app.context;

  route(
    app,
    "GET",
    "/api/push/public-key",
    {
      schema: {
        summary: "The server's VAPID public key (the applicationServerKey to subscribe with)",
        response: { 200: pushPublicKeyView },
      },
      config: { access: "public" },
    },
    async () => ok(await getPushPublicKey(context, app.log)),
  );

  route(
    app,
    "POST",
    "/api/push/subscriptions",
    {
      schema: {
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
    async (request) => created(await subscribeToPush(context, requireSession(request), request.body)),
  );

  route(
    app,
    "DELETE",
    "/api/push/subscriptions",
    {
      schema: {
        summary: "Stop pushes to this device",
        body: pushUnsubscribeBody,
        response: { 204: noBody },
      },
      config: { access: "user" },
    },
    async (request) => noContent(await unsubscribeFromPush(context, requireViewer(request).id, request.body.endpoint)),
  );
}
