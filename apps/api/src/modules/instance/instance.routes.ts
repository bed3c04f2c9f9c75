import {
  createInviteBody,
  instanceView,
  inviteCodeParams,
  invitePage,
  inviteView,
  updateInstanceBody,
} from "@plaza/contracts/instance";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { publicBaseUrl } from "../../lib/mail/links";
import { created, ok, route } from "../../lib/route";
import { requireSuperuser, requireViewer } from "../../plugins/session";
import { getInstance, updateInstance } from "./instance.service";
import { createInvite, listMyInvites, revokeInvite } from "./invites.service";
import { webManifest } from "./web-manifest.service";

/** The instance's settings (GET public, PATCH superuser), its web manifest, and invites. */
export async function instanceRoutes(app: FastifyInstance): Promise<void> {
  const context = app.context;

  route(
    app,
    "GET",
    "/api/instance",
    {
      schema: {
        summary: "This instance's name, description, rules, contact, logo, language and sign-up mode",
        response: { 200: instanceView },
      },
      config: { access: "public" },
    },
    async () => ok(await getInstance(context)),
  );

  route(
    app,
    "PATCH",
    "/api/admin/instance",
    {
      schema: {
        summary: "Change the instance's settings (superuser)",
        description: "Only the fields sent change; `rules` replaces the list, in order (a rule keeps its id).",
        errors: { 400: "A field is invalid, or the logo is not one of your finished uploads" },
        body: updateInstanceBody,
        response: { 200: instanceView },
      },
      config: { access: "superuser" },
    },
    async (request) => ok(await updateInstance(context, requireSuperuser(request), request.body)),
  );

  route(
    app,
    "GET",
    "/manifest.webmanifest",
    {
      schema: {
        summary: "The web app's manifest, named after the instance",
        response: { 200: z.record(z.string(), z.unknown()) },
      },
      config: { access: "public" },
      // Asked again on each visit, so a renamed town installs under its new name.
      cacheControl: "no-cache",
      contentType: "application/manifest+json; charset=utf-8",
    },
    async () => ok(await webManifest(context)),
  );

  route(
    app,
    "POST",
    "/api/invites",
    {
      schema: {
        summary: "Create an invite link",
        description: "Superusers always; members when the instance allows it (`membersCanInvite`).",
        errors: { 403: "Only administrators can create invites here" },
        body: createInviteBody,
        response: { 201: inviteView },
      },
      config: { access: "user" },
    },
    async (request) =>
      created(await createInvite(context, requireViewer(request), request.body, publicBaseUrl(context.env, request))),
  );

  route(
    app,
    "GET",
    "/api/invites",
    {
      schema: {
        summary: "The invites you created, newest first",
        response: { 200: invitePage },
      },
      config: { access: "user" },
    },
    async (request) => ok(await listMyInvites(context, requireViewer(request), publicBaseUrl(context.env, request))),
  );

  route(
    app,
    "DELETE",
    "/api/invites/:code",
    {
      schema: {
        summary: "End an invite now",
        description:
          "Its link stops working at once; it stays in the list, expired, with its uses. Its creator or a superuser.",
        errors: { 404: "Invite not found" },
        params: inviteCodeParams,
        response: { 200: inviteView },
      },
      config: { access: "user" },
    },
    async (request) =>
      ok(await revokeInvite(context, requireViewer(request), request.params.code, publicBaseUrl(context.env, request))),
  );
}
