import { z } from "zod";

export * from "./map.texts";

/** GET /api/config: what the web app needs to know of the server's configuration (public, no secrets). */
export const appConfigView = z.object({
  map: z.object({
    /** Leaflet tile URL template ({z}/{x}/{y}, optional {s} and {r}). */
    tileUrl: z.string(),
    /** Plain text shown in the map's corner. */
    attribution: z.string(),
  }),
  /** Who collects payments: the built-in test provider, or Stripe (then Stripe.js needs the publishable key). */
  payments: z.object({
    provider: z.enum(["test", "stripe"]),
    stripePublishableKey: z.string().nullable(),
  }),
});
export type AppConfigView = z.infer<typeof appConfigView>;
