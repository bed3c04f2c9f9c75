// Texts and shapes of federation (ActivityPub: docs/decisions/0012-federation.md): no zod. The schemas are in
// ./federation.ts, which re-exports all of this.

/** One account's federation settings, as its owner reads them. */
export interface FederationSettingsView {
  /** Whether this server federates at all (FEDERATION=on); the setting is kept either way. */
  isAvailable: boolean;
  /** Whether people on other servers can find and follow the account (default: on for a public account). */
  isDiscoverable: boolean;
  /** The account's address on other servers, `@username@host`, while it is discoverable and federation is on. */
  handle: string | null;
}

export const FEDERATION_TEXTS = {
  discoverableLabel: "Discoverable on other servers",
  discoverableHelp:
    "People on Mastodon and other fediverse servers can find and follow you, and see your public free posts. Paid, subscriber-only and private posts never leave this server.",
} as const;

export const FEDERATION_MESSAGES = {
  requestNotFound: "No such follow request",
} as const;
