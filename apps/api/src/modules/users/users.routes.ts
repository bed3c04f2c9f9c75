import { socialLinksBody } from "@plaza/contracts/social-links";
import {
  accountExportView,
  deletionView,
  preferencesBody,
  profilePhotoBody,
  profileUpdateBody,
  profileView,
  selfUserView,
  suggestedUsersQuery,
  suggestedUserView,
  userIdParams,
  userSearchQuery,
  userSummaryView,
} from "@plaza/contracts/users";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { download, ok, route } from "../../lib/route";
import { requireViewer } from "../../plugins/session";
import { editPreferences, editProfile, exportAccountFile, replaceSocialLinks, setProfilePhoto } from "./self.service";
import { cancelDeletion, findPeople, getProfile, scheduleDeletion, suggestPeople } from "./users.service";

/** Profiles, settings, social links, deletion and export (docs/PRODUCT.md §7; docs/PRODUCT.md "Accounts", "Privacy"). */
export async function usersRoutes(app: FastifyInstance): Promise<void> {
  ownAccountRoutes(app);
  deletionRoutes(app);
  peopleRoutes(app);
}

/** The signed-in user's own account: profile, preferences, photo, social links, export, deletion. */
function ownAccountRoutes(app: FastifyInstance): void {
  const context = app.context;
  const user = { access: "user" as const };

  route(
    app,
    "GET",
    "/api/users/export",
    {
      schema: {
        summary: "Download everything the account holds (JSON file)",
        docResponses: { 200: accountExportView },
      },
      config: user,
    },
    async (request) => download(await exportAccountFile(context, requireViewer(request))),
  );

  route(
    app,
    "PATCH",
    "/api/users/profile",
    {
      schema: {
        summary: "Edit the signed-in user's profile",
        errors: { 409: "The username is already taken" },
        body: profileUpdateBody,
        response: { 200: selfUserView },
      },
      config: user,
    },
    async (request) => ok(await editProfile(context, requireViewer(request), request.body)),
  );

  route(
    app,
    "PATCH",
    "/api/users/preferences",
    {
      schema: {
        summary: "Change notification, messaging and privacy preferences",
        body: preferencesBody,
        response: { 200: selfUserView },
      },
      config: user,
    },
    async (request) => ok(await editPreferences(context, requireViewer(request), request.body)),
  );

  route(
    app,
    "PUT",
    "/api/profile/photo",
    {
      schema: {
        summary: "Set the profile photo (an uploaded image URL)",
        body: profilePhotoBody,
        response: { 200: selfUserView },
      },
      config: user,
    },
    async (request) => ok(await setProfilePhoto(context, requireViewer(request), request.body.profileImageUrl)),
  );

  route(
    app,
    "PUT",
    "/api/users/:userId/social-links",
    {
      schema: {
        summary: "Replace the signed-in user's social links",
        errors: {
          403: "Not your profile",
          404: "The user does not exist, was deleted, or is hidden from you (blocked)",
        },
        params: userIdParams,
        body: socialLinksBody,
        response: { 200: selfUserView },
      },
      config: user,
    },
    async (request) =>
      ok(await replaceSocialLinks(context, requireViewer(request), request.params.userId, request.body.socialLinks)),
  );
}

/** Scheduling and cancelling the account's deletion. */
function deletionRoutes(app: FastifyInstance): void {
  const context = app.context;
  const user = { access: "user" as const };

  route(
    app,
    "POST",
    "/api/users/delete",
    {
      schema: {
        summary: "Schedule the account's deletion (7-day grace period)",
        description: "Other sessions end; signing in again during the grace period can cancel it.",
        response: { 200: deletionView },
      },
      config: user,
    },
    async (request) => ok(await scheduleDeletion(context, requireViewer(request), request.sessionId)),
  );

  route(
    app,
    "POST",
    "/api/users/cancel-deletion",
    {
      schema: {
        summary: "Cancel a scheduled deletion",
        errors: { 409: "No deletion is scheduled" },
        response: { 200: deletionView },
      },
      config: user,
    },
    async (request) => ok(await cancelDeletion(context, requireViewer(request))),
  );
}

/** Finding people and profiles (followers and following: follows.routes.ts, followListsRoutes). */
function peopleRoutes(app: FastifyInstance): void {
  const context = app.context;
  const user = { access: "user" as const };

  route(
    app,
    "GET",
    "/api/users/search",
    {
      schema: {
        summary: "Find people by username or name",
        querystring: userSearchQuery,
        response: { 200: z.array(userSummaryView) },
      },
      config: user,
    },
    async (request) => ok(await findPeople(context, requireViewer(request), request.query.q, request.query.limit)),
  );

  route(
    app,
    "GET",
    "/api/users/suggested",
    {
      schema: {
        summary: "People to follow for a new account (the viewer's city first, then the most followed)",
        querystring: suggestedUsersQuery,
        response: { 200: z.array(suggestedUserView) },
      },
      config: user,
    },
    async (request) => ok(await suggestPeople(context, requireViewer(request), request.query.limit)),
  );

  route(
    app,
    "GET",
    "/api/users/:userId",
    {
      schema: {
        summary: "A user's profile",
        errors: { 404: "The user does not exist, was deleted, or is hidden from you (blocked)" },
        params: userIdParams,
        response: { 200: profileView },
      },
      config: { readsReplica: true },
    },
    async (request) => ok(await getProfile(context, request.viewer, request.params.userId)),
  );
}
