import { useEffect } from "react";
import { savePushSubscription } from "../api/push-subscriptions";

/**
 * Once per signed-in account and page load: when this browser already holds a push subscription (push was turned
 * on here before), it is sent to the server again. A subscription ends on the server with the session it was made
 * in (sign-out), so after signing in again the device receives pushes without a visit to Settings.
 */
export function useDevicePushSync(userId: string | undefined): void {
  useEffect(() => {
    if (!userId || !("serviceWorker" in navigator) || !("PushManager" in window) || !("Notification" in window)) return;
    if (Notification.permission !== "granted") return;
    void (async () => {
      const registration = await navigator.serviceWorker.getRegistration("/");
      const subscription = await registration?.pushManager.getSubscription();
      if (!subscription) return;
      // Imported here, only when there is a subscription to send: the schema (zod) stays off the first screen.
      const { pushSubscriptionBody } = await import("@plaza/contracts/push");
      await savePushSubscription(pushSubscriptionBody.parse(subscription.toJSON()));
    })().catch(() => undefined);
  }, [userId]);
}
