import {
  FEDERATION_MESSAGES,
  federationSettingsBody,
  federationSettingsView,
  remoteAccountIdParams,
  remoteFollowRequestView,
} from "@plaza/contracts/federation";
import { noContent as noBody } from "@plaza/contracts/http";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { noContent, ok, route } from "../../lib/route";
import { requireViewer } from "../../plugins/session";
import { getFederationSettings, updateFederationSettings } from "./federation-settings.service";
import { answerRemoteFollowRequest, listRemoteFollowRequests } from "./follow-requests.service";

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

  route(
    app,
    "GET",
    "/api/federation/follow-requests",
    {
      schema: {
        summary: "Follow requests from other servers waiting for your answer, oldest first",
        response: { 200: z.array(remoteFollowRequestView) },
      },
      config: user,
    },
    async (request) => ok(await listRemoteFollowRequests(context, requireViewer(request))),
  );

  route(
    app,
    "POST",
    "/api/federation/follow-requests/:remoteAccountId/approve",
    {
      schema: {
        summary: "Approve a follow request from another server (an Accept goes back to it)",
        errors: { 404: FEDERATION_MESSAGES.requestNotFound },
        params: remoteAccountIdParams,
        response: { 204: noBody },
      },
      config: user,
    },
    async (request) =>
      noContent(await answerRemoteFollowRequest(context, requireViewer(request), request.params.remoteAccountId, true)),
  );

  route(
    app,
    "DELETE",
    "/api/federation/follow-requests/:remoteAccountId",
    {
      schema: {
        summary: "Decline a follow request from another server (a Reject goes back to it)",
        errors: { 404: FEDERATION_MESSAGES.requestNotFound },
        params: remoteAccountIdParams,
        response: { 204: noBody },
      },
      config: user,
    },
    async (request) =>
      noContent(
        await answerRemoteFollowRequest(context, requireViewer(request), request.params.remoteAccountId, false),
      ),
  );
}
