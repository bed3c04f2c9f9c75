import { z } from "zod";
import { MAX_PUSH_ENDPOINT_LENGTH } from "./push.texts";

export * from "./push.texts";

const base64Url = (label: string, bytes: number) =>
  z
    .string()
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, `${label} must be base64url`)
    .refine(
      (value) => Math.floor((value.replace(/=+$/, "").length * 3) / 4) === bytes,
      `${label} must be ${bytes} bytes`,
    );

export const pushEndpoint = z
  .string()
  .trim()
  .max(MAX_PUSH_ENDPOINT_LENGTH, "The push endpoint is too long")
  .url("The push endpoint must be a URL");

/** A browser's PushSubscription as `subscription.toJSON()` gives it. */
export const pushSubscriptionBody = z.object({
  endpoint: pushEndpoint,
  keys: z.object({
    /** The browser's P-256 public key, uncompressed (65 bytes). */
    p256dh: base64Url("keys.p256dh", 65),
    /** The 16-byte authentication secret. */
    auth: base64Url("keys.auth", 16),
  }),
});
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionBody>;

export const pushUnsubscribeBody = z.object({ endpoint: pushEndpoint });

export const pushPublicKeyView = z.object({
  /** The server's VAPID public key (base64url, uncompressed P-256), the `applicationServerKey` to subscribe with. */
  publicKey: z.string(),
});

export const pushSubscriptionView = z.object({ endpoint: z.string(), createdAt: z.string() });

/** What the service worker receives in a push (decrypted) and shows. */
export const pushMessage = z.object({
  /** The notification's id; also the tag, so a repeat replaces rather than stacks. */
  id: z.string(),
  title: z.string(),
  body: z.string(),
  /** The app path a click opens. */
  url: z.string(),
  icon: z.string(),
});
export type PushMessage = z.infer<typeof pushMessage>;
