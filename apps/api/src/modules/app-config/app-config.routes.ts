import { appConfigView } from "@plaza/contracts/map";
import type { FastifyInstance } from "fastify";
import { ok, route } from "../../lib/route";
import { getAppConfig } from "./app-config.service";

/**
 * GET /api/config (public): the parts of the server's configuration the web app needs, today the map tile
 * source (MAP_TILE_URL, MAP_TILE_ATTRIBUTION). No secrets live here.
 */
export async function appConfigRoutes(app: FastifyInstance): Promise<void> {
  const { env } = app.context;
  route(
    app,
    "GET",
    "/api/config",
    {
      schema: {
        summary:
          "What the web app needs of the server's configuration (map tiles and their attribution, the payment provider)",
        response: { 200: appConfigView },
      },
      config: { access: "public" },
    },
    async () => ok(await getAppConfig(env)),
  );
}
