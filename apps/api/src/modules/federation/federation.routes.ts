import { federationSettingsBody, federationSettingsView } from "@plaza/contracts/federation";
import type { FastifyInstance } from "fastify";
import { ok, route } from "../../lib/route";
import { requireViewer } from "../../plugins/session";
import { getFederationSettings, updateFederationSettings } from "./federation-settings.service";

/**
 * The account's federation setting (docs/decisions/0012-federation.md), registered whether FEDERATION is on or
 * not: the choice is kept for when it is. The ActivityPub addresses themselves are federation.plugin.ts's.
 */
export async function federationRoutes(app: FastifyInstance): Promise<void> {
  const context = app.context;
  const user = { access: "user" as const };

  route(
    app,
    "GET",
    "/api/federation/settings",
    {
      schema: {
        summary: "Whether other servers can find and follow you",
        response: { 200: federationSettingsView },
      },
      config: user,
    },
    async (request) => ok(await getFederationSettings(context, requireViewer(request))),
  );

  route(
    app,
    "PUT",
    "/api/federation/settings",
    {
      schema: {
        summary: "Choose whether other servers can find and follow you",
        body: federationSettingsBody,
        response: { 200: federationSettingsView },
      },
      config: user,
    },
    async (request) => ok(await updateFederationSettings(context, requireViewer(request), request.body)),
  );
}
