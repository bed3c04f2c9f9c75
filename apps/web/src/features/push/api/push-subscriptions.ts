import type { PushSubscriptionBody } from "@plaza/contracts/push";
import { apiRequest } from "@/lib/api-client";

/** GET /api/push/public-key: the server's VAPID key, the applicationServerKey to subscribe with. */
export async function fetchPushPublicKey(): Promise<string> {
  return (await apiRequest<{ publicKey: string }>("GET", "/api/push/public-key")).publicKey;
}

/** POST /api/push/subscriptions: this device receives the signed-in user's pushes. */
export async function savePushSubscription(subscription: PushSubscriptionBody): Promise<void> {
  await apiRequest("POST", "/api/push/subscriptions", subscription);
}

/** DELETE /api/push/subscriptions: this device stops receiving them. */
export async function removePushSubscription(endpoint: string): Promise<void> {
  await apiRequest("DELETE", "/api/push/subscriptions", { endpoint });
}
