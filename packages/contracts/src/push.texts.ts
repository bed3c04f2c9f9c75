// Texts, constants and pure rules of push: no zod, so the web app's first screen can import them without
// evaluating schemas. The schemas are in ./push.ts, which re-exports all of this.

/** Subscriptions one account may keep (one per browser or device); the oldest goes when a new one exceeds it. */
export const MAX_PUSH_SUBSCRIPTIONS_PER_USER = 10;
/** The longest push endpoint URL accepted (push services use well under 1000 characters). */
export const MAX_PUSH_ENDPOINT_LENGTH = 2048;
/** Where a pushed notification leads when it names no screen of its own. */
export const PUSH_FALLBACK_URL = "/";
/** Subscribe calls one account may make (each resolves a host name the caller chose). */
export const PUSH_SUBSCRIBE_RATE_LIMIT = { max: 20, windowMs: 10 * 60_000 } as const;
/** How long a push service keeps an undelivered push (seconds): a day, after which it no longer matters. */
export const PUSH_TTL_SECONDS = 24 * 60 * 60;

export const PUSH_TITLE = "Plaza";
export const PUSH_ICON_URL = "/icons/icon-192.png";

export const PUSH_ERRORS = {
  endpointNotHttps: "Push endpoints must use https",
  endpointUnresolvable: "The push endpoint's host could not be resolved",
  endpointNotPublic: "Push endpoints must be on a public internet address (not loopback, private or link-local)",
  tooManySubscribes: "Too many push subscriptions in a short time. Please wait a few minutes.",
} as const;

export const PUSH_TEXTS = {
  title: "Push notifications on this device",
  hint: "Get a notification on this device when something happens, even when Plaza is closed.",
  enable: "Turn on for this device",
  disable: "Turn off for this device",
  enabled: "This device receives push notifications.",
  unsupported: "This browser can't receive push notifications.",
  insecure: "Push notifications need a secure (https) connection.",
  denied:
    "Notifications are blocked for Plaza in this browser. Allow them in the browser's site settings, then try again.",
  preferenceOff: "Push notifications are turned off in your preferences above, so nothing is sent to this device.",
  failed: "Push notifications could not be turned on. Please try again.",
} as const;
