import type { AppConfigView } from "@plaza/contracts/map";
import type { Env } from "../../config/env";

/** The parts of the server's configuration the web app needs (map tiles, the payment provider). No secrets. */
export async function getAppConfig(env: Env): Promise<AppConfigView> {
  return {
    map: { tileUrl: env.MAP_TILE_URL, attribution: env.MAP_TILE_ATTRIBUTION },
    payments: {
      provider: env.PAYMENT_PROVIDER,
      stripePublishableKey: env.PAYMENT_PROVIDER === "stripe" ? (env.STRIPE_PUBLISHABLE_KEY ?? null) : null,
    },
  };
}
