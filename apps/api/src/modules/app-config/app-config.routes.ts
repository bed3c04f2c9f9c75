import { type AppConfigView, appConfigView } from "@plaza/contracts/map";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";

/**
 * GET /api/config (public): the parts of the server's configuration the web app needs, today the map tile
 * source (MAP_TILE_URL, MAP_TILE_ATTRIBUTION). No secrets live here.
 */
export async function appConfigRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { env } = app.context;
  const config: AppConfigView = {
    map: { tileUrl: env.MAP_TILE_URL, attribution: env.MAP_TILE_ATTRIBUTION },
    payments: {
      provider: env.PAYMENT_PROVIDER,
      stripePublishableKey: env.PAYMENT_PROVIDER === "stripe" ? (env.STRIPE_PUBLISHABLE_KEY ?? null) : null,
    },
  };
  app.get(
    "/api/config",
    {
      schema: {
        tags: ["System"],
        operationId: "getConfig",
        summary:
          "What the web app needs of the server's configuration (map tiles and their attribution, the payment provider)",
        response: { 200: appConfigView },
      },
      config: { access: "public" },
    },
    async () => config,
  );
}
