import { pushSubscriptionBody } from "@plaza/contracts/push";
import { useCallback, useEffect, useState } from "react";
import { ensureServiceWorker } from "@/lib/service-worker";
import { fetchPushPublicKey, removePushSubscription, savePushSubscription } from "../api/push-subscriptions";

/**
 * This device's push state. `unsupported`: no service worker or Push API (or none registered, as in development);
 * `insecure`: not https; `denied`: the browser blocks notifications for the site; `off`/`on`: whether this
 * browser holds a subscription the server knows.
 */
export type DevicePushState = "checking" | "unsupported" | "insecure" | "denied" | "off" | "on";

/** How long to wait for the service worker before saying this browser can't receive pushes. */
const WORKER_READY_TIMEOUT_MS = 5000;

function isPushCapable(): boolean {
  return "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;
}

async function readyRegistration(): Promise<ServiceWorkerRegistration | null> {
  // On a first visit the worker's registration may still be deferred (lib/service-worker.ts): push needs it now.
  ensureServiceWorker();
  const timeout = new Promise<null>((resolve) => setTimeout(() => resolve(null), WORKER_READY_TIMEOUT_MS));
  return Promise.race([navigator.serviceWorker.ready, timeout]);
}

function keyBytes(base64Url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64Url.replace(/-/g, "+").replace(/_/g, "/");
  const binary = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, "="));
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

function sameKey(subscription: PushSubscription, key: Uint8Array): boolean {
  const current = subscription.options.applicationServerKey;
  if (!current) return false;
  const bytes = new Uint8Array(current);
  return bytes.length === key.length && bytes.every((byte, index) => byte === key[index]);
}

/** Sends the browser's subscription to the server (it becomes the signed-in user's). */
async function save(subscription: PushSubscription): Promise<void> {
  await savePushSubscription(pushSubscriptionBody.parse(subscription.toJSON()));
}

export function useDevicePush() {
  const [state, setState] = useState<DevicePushState>("checking");
  const [isBusy, setIsBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let isCurrent = true;
    const settle = (next: DevicePushState) => {
      if (isCurrent) setState(next);
    };
    (async () => {
      if (!window.isSecureContext) return settle("insecure");
      if (!isPushCapable()) return settle("unsupported");
      if (Notification.permission === "denied") return settle("denied");
      const registration = await readyRegistration();
      if (!registration) return settle("unsupported");
      const subscription = await registration.pushManager.getSubscription();
      // The signed-in shell has told the server about an existing subscription (useDevicePushSync).
      settle(subscription && Notification.permission === "granted" ? "on" : "off");
    })().catch(() => settle("unsupported"));
    return () => {
      isCurrent = false;
    };
  }, []);

  const enable = useCallback(async () => {
    setIsBusy(true);
    setError(null);
    try {
      const permission = await Notification.requestPermission();
      if (permission === "denied") return setState("denied");
      if (permission !== "granted") return setState("off");
      const registration = await readyRegistration();
      if (!registration) return setState("unsupported");
      const key = keyBytes(await fetchPushPublicKey());
      let subscription = await registration.pushManager.getSubscription();
      if (subscription && !sameKey(subscription, key)) {
        await subscription.unsubscribe();
        subscription = null;
      }
      subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
      await save(subscription);
      setState("on");
    } catch {
      setError("failed");
    } finally {
      setIsBusy(false);
    }
  }, []);

  const disable = useCallback(async () => {
    setIsBusy(true);
    setError(null);
    try {
      const registration = await readyRegistration();
      const subscription = await registration?.pushManager.getSubscription();
      if (subscription) {
        await removePushSubscription(subscription.endpoint);
        await subscription.unsubscribe();
      }
      setState("off");
    } catch {
      setError("failed");
    } finally {
      setIsBusy(false);
    }
  }, []);

  return { state, isBusy, hasFailed: error !== null, enable, disable };
}
