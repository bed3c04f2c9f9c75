import type { NotificationView } from "@plaza/contracts/notifications";
import {
  MAX_PUSH_SUBSCRIPTIONS_PER_USER,
  PUSH_ERRORS,
  PUSH_FALLBACK_URL,
  PUSH_ICON_URL,
  PUSH_SUBSCRIBE_RATE_LIMIT,
  PUSH_TITLE,
  PUSH_TTL_SECONDS,
  type PushMessage,
  type PushSubscriptionBody,
} from "@plaza/contracts/push";
import type { FastifyBaseLogger } from "fastify";
import type { RequestOptions } from "web-push";
import type { AppContext } from "../../app-context";
import type { PushSubscriptionRow } from "../../db/schema/push";
import { badRequest, tooManyRequests } from "../../lib/app-error";
import {
  guardedRequest,
  type OutboundGuardOptions,
  OutboundRefusal,
  resolveOutboundTarget,
} from "../../lib/outbound-guard";
import { presentNotificationForUser } from "../notifications/notifications.presenter";
import type { CreatedNotification } from "../notifications/notifications.service";
import {
  deletePushSubscriptionById,
  deleteUserPushSubscription,
  findPushSubscriptions,
  trimPushSubscriptions,
  upsertPushSubscription,
  wantsPush,
} from "./push.repository";
import { loadWebPush, vapidKeys } from "./vapid";

/** How long a push service may take to answer one push. */
const PUSH_TIMEOUT_MS = 10_000;
/** Kinds of notification someone wants to see at once (the push service may wake a sleeping phone for them). */
const HIGH_URGENCY_TYPES = new Set(["message", "tip", "ppv_unlock", "new_subscriber"]);

function guardOptions(context: AppContext): OutboundGuardOptions {
  return { allowLoopback: context.env.PUSH_ALLOW_LOOPBACK };
}

function refusalMessage(refusal: OutboundRefusal): string {
  if (refusal.reason === "scheme") return PUSH_ERRORS.endpointNotHttps;
  if (refusal.reason === "unresolvable") return PUSH_ERRORS.endpointUnresolvable;
  return PUSH_ERRORS.endpointNotPublic;
}

export async function getPushPublicKey(context: AppContext, log: FastifyBaseLogger): Promise<{ publicKey: string }> {
  return { publicKey: (await vapidKeys(context, log)).publicKey };
}

/**
 * Saves the signed-in user's subscription (201). The endpoint goes through the outbound guard first, so one that
 * the server would refuse to post to is refused now with 400 and a message that says why.
 */
export async function subscribeToPush(
  context: AppContext,
  viewer: { userId: string; sessionId: string },
  body: PushSubscriptionBody,
): Promise<{ endpoint: string; createdAt: string }> {
  const attempt = await context.rateLimiter.hit(
    `push-subscribe:${viewer.userId}`,
    PUSH_SUBSCRIBE_RATE_LIMIT.max,
    PUSH_SUBSCRIBE_RATE_LIMIT.windowMs,
  );
  if (!attempt.allowed) throw tooManyRequests(PUSH_ERRORS.tooManySubscribes, attempt.retryAfterMs);
  try {
    await resolveOutboundTarget(body.endpoint, guardOptions(context));
  } catch (error) {
    if (error instanceof OutboundRefusal) throw badRequest(refusalMessage(error), "endpoint");
    throw error;
  }
  const now = context.clock.now();
  await context.db.transaction(async (tx) => {
    const { userId, sessionId } = viewer;
    await upsertPushSubscription(tx, {
      userId,
      sessionId,
      endpoint: body.endpoint,
      p256dh: body.keys.p256dh,
      auth: body.keys.auth,
      createdAt: now,
    });
    await trimPushSubscriptions(tx, userId, MAX_PUSH_SUBSCRIPTIONS_PER_USER);
  });
  return { endpoint: body.endpoint, createdAt: now.toISOString() };
}

/** Removes the user's subscription for this endpoint (204 whether or not there was one). */
export async function unsubscribeFromPush(context: AppContext, userId: string, endpoint: string): Promise<void> {
  await deleteUserPushSubscription(context.db, userId, endpoint);
}

/** The web-push job: one committed notification pushed to its recipient's devices. */
export async function pushNotificationJob(context: AppContext, data: Record<string, unknown> = {}): Promise<void> {
  const { id, userId, type } = data;
  if (typeof id !== "string" || typeof userId !== "string" || typeof type !== "string") return;
  await pushNotification(context, context.background.log, { id, userId, type });
}

/** What the service worker shows: the notification as its recipient sees it in the app, opening its target. */
export function pushMessageOf(view: NotificationView): PushMessage {
  return {
    id: view.id,
    title: PUSH_TITLE,
    body: view.text,
    url: view.targetUrl ?? PUSH_FALLBACK_URL,
    icon: PUSH_ICON_URL,
  };
}

async function pushNotification(context: AppContext, log: FastifyBaseLogger, created: CreatedNotification) {
  if (!(await wantsPush(context.db, created.userId))) return;
  const subscriptions = await findPushSubscriptions(context.db, created.userId, context.clock.now());
  if (subscriptions.length === 0) return;
  const view = await presentNotificationForUser(context.db, created.userId, created.id);
  if (!view) return;
  const payload = JSON.stringify(pushMessageOf(view));
  const keys = await vapidKeys(context, log);
  const urgency = HIGH_URGENCY_TYPES.has(created.type) ? "high" : "normal";
  await Promise.all(
    subscriptions.map((subscription) =>
      sendPush(context, log, subscription, payload, {
        vapidDetails: { subject: keys.subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
        TTL: PUSH_TTL_SECONDS,
        urgency,
      }),
    ),
  );
}

async function sendPush(
  context: AppContext,
  log: FastifyBaseLogger,
  subscription: PushSubscriptionRow,
  payload: string,
  options: RequestOptions,
): Promise<void> {
  const host = new URL(subscription.endpoint).host;
  try {
    // web-push signs (VAPID) and encrypts (RFC 8291, aes128gcm); the guard does the HTTP request.
    const details = (await loadWebPush()).generateRequestDetails(
      { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
      payload,
      options,
    );
    const response = await guardedRequest(
      details.endpoint,
      { method: "POST", headers: details.headers, body: details.body, timeoutMs: PUSH_TIMEOUT_MS },
      guardOptions(context),
    );
    if (response.statusCode === 404 || response.statusCode === 410) {
      await deletePushSubscriptionById(context.db, subscription.id);
      log.info({ host, status: response.statusCode }, "push: subscription expired; removed");
    } else if (response.statusCode < 200 || response.statusCode >= 300) {
      log.warn({ host, status: response.statusCode }, "push: the push service refused a push");
    }
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    log.warn({ host, reason }, "push: a push could not be sent");
  }
}
