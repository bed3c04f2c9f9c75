import type { PushSubscriptionBody } from "@plaza/contracts/push";
import { api } from "@/lib/api";

/** GET /api/push/public-key: the server's VAPID key, the applicationServerKey to subscribe with. */
export async function fetchPushPublicKey(): Promise<string> {
  return (await api.get("/api/push/public-key")).publicKey;
}

/** POST /api/push/subscriptions: this device receives the signed-in user's pushes. */
export async function savePushSubscription(subscription: PushSubscriptionBody): Promise<void> {
  await api.post("/api/push/subscriptions", { body: subscription });
}

/** DELETE /api/push/subscriptions: this device stops receiving them. */
export async function removePushSubscription(endpoint: string): Promise<void> {
  await api.delete("/api/push/subscriptions", { body: { endpoint } });
}
