import { z } from "zod";

export * from "./federation.texts";

export const federationSettingsView = z.object({
  isAvailable: z.boolean(),
  isDiscoverable: z.boolean(),
  handle: z.string().nullable(),
});

export const federationSettingsBody = z.object({ isDiscoverable: z.boolean() });
export type FederationSettingsBody = z.infer<typeof federationSettingsBody>;
