import { z } from "zod";

export * from "./federation.texts";

export const federationSettingsView = z.object({
  isAvailable: z.boolean(),
  isDiscoverable: z.boolean(),
  handle: z.string().nullable(),
});

export const federationSettingsBody = z.object({ isDiscoverable: z.boolean() });
export type FederationSettingsBody = z.infer<typeof federationSettingsBody>;

/** A follow request from another server, waiting for a non-public account's answer. */
export const remoteFollowRequestView = z.object({
  /** The remote account's id here (approve and decline name it). */
  id: z.uuid(),
  /** `user@server`, when the remote actor gave one. */
  handle: z.string().nullable(),
  name: z.string().nullable(),
  /** The account's address on its server. */
  actorUri: z.string(),
  requestedAt: z.string(),
});
export type RemoteFollowRequestView = z.infer<typeof remoteFollowRequestView>;
export const remoteAccountIdParams = z.object({ remoteAccountId: z.uuid("Invalid account id") });
