import { pageQuery } from "@plaza/contracts/pagination";
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
  userSummaryPage,
  userSummaryView,
} from "@plaza/contracts/users";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { sendPage } from "../../lib/cursor";
import { requireViewer } from "../../plugins/session";
import { presentSelf } from "./users.presenter";
import {
  cancelDeletion,
  exportAccountData,
  findPeople,
  getProfile,
  listFollows,
  scheduleDeletion,
  suggestPeople,
  updatePreferences,
  updateProfile,
  updateProfilePhoto,
  updateSocialLinks,
} from "./users.service";

/** Profiles, settings, social links, deletion and export (docs/PRODUCT.md §7; docs/PRODUCT.md "Accounts", "Privacy"). */
export async function usersRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const context = app.context;
  const user = { access: "user" as const };

  app.get(
    "/api/users/search",
    {
      schema: {
        tags: ["Users"],
        operationId: "getUsersSearch",
        summary: "Find people by username or name",
        querystring: userSearchQuery,
        response: { 200: z.array(userSummaryView) },
      },
      config: user,
    },
    async (request) => findPeople(context, requireViewer(request), request.query.q, request.query.limit),
  );

  app.get(
    "/api/users/suggested",
    {
      schema: {
        tags: ["Users"],
        operationId: "getUsersSuggested",
        summary: "People to follow for a new account (the viewer's city first, then the most followed)",
        querystring: suggestedUsersQuery,
        response: { 200: z.array(suggestedUserView) },
      },
      config: user,
    },
    async (request) => suggestPeople(context, requireViewer(request), request.query.limit),
  );

  app.get(
    "/api/users/export",
    {
      schema: {
        tags: ["Users"],
        operationId: "getUsersExport",
        summary: "Download everything the account holds (JSON file)",
        docResponses: { 200: accountExportView },
      },
      config: user,
    },
    async (request, reply) => {
      const viewer = requireViewer(request);
      const data = await exportAccountData(context, viewer);
      const date = context.clock.now().toISOString().slice(0, 10);
      return reply
        .header("content-disposition", `attachment; filename="plaza-export-${viewer.username}-${date}.json"`)
        .header("content-type", "application/json; charset=utf-8")
        .send(JSON.stringify(data, null, 2));
    },
  );

  app.patch(
    "/api/users/profile",
    {
      schema: {
        tags: ["Users"],
        operationId: "patchUsersProfile",
        summary: "Edit the signed-in user's profile",
        errors: { 409: "The username is already taken" },
        body: profileUpdateBody,
        response: { 200: selfUserView },
      },
      config: user,
    },
    async (request) => presentSelf(await updateProfile(context, requireViewer(request), request.body)),
  );

  app.patch(
    "/api/users/preferences",
    {
      schema: {
        tags: ["Users"],
        operationId: "patchUsersPreferences",
        summary: "Change notification, messaging and privacy preferences",
        body: preferencesBody,
        response: { 200: selfUserView },
      },
      config: user,
    },
    async (request) => presentSelf(await updatePreferences(context, requireViewer(request), request.body)),
  );

  app.put(
    "/api/profile/photo",
    {
      schema: {
        tags: ["Users"],
        operationId: "putProfilePhoto",
        summary: "Set the profile photo (an uploaded image URL)",
        body: profilePhotoBody,
        response: { 200: selfUserView },
      },
      config: user,
    },
    async (request) =>
      presentSelf(await updateProfilePhoto(context, requireViewer(request), request.body.profileImageUrl)),
  );

  app.post(
    "/api/users/delete",
    {
      schema: {
        tags: ["Users"],
        operationId: "postUsersDelete",
        summary: "Schedule the account's deletion (7-day grace period)",
        description: "Other sessions end; signing in again during the grace period can cancel it.",
        response: { 200: deletionView },
      },
      config: user,
    },
    async (request) => scheduleDeletion(context, requireViewer(request), request.sessionId),
  );

  app.post(
    "/api/users/cancel-deletion",
    {
      schema: {
        tags: ["Users"],
        operationId: "postUsersCancelDeletion",
        summary: "Cancel a scheduled deletion",
        errors: { 409: "No deletion is scheduled" },
        response: { 200: deletionView },
      },
      config: user,
    },
    async (request) => cancelDeletion(context, requireViewer(request)),
  );

  app.get(
    "/api/users/:userId",
    {
      schema: {
        tags: ["Users"],
        operationId: "getUsersByUserId",
        summary: "A user's profile",
        errors: { 404: "The user does not exist, was deleted, or is hidden from you (blocked)" },
        params: userIdParams,
        response: { 200: profileView },
      },
    },
    async (request) => getProfile(context, request.viewer, request.params.userId),
  );

  app.put(
    "/api/users/:userId/social-links",
    {
      schema: {
        tags: ["Users"],
        operationId: "putUsersByUserIdSocialLinks",
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
      presentSelf(
        await updateSocialLinks(context, requireViewer(request), request.params.userId, request.body.socialLinks),
      ),
  );

  for (const direction of ["followers", "following"] as const) {
    app.get(
      `/api/users/:userId/${direction}`,
      {
        schema: {
          tags: ["Users"],
          operationId: direction === "followers" ? "getUsersByUserIdFollowers" : "getUsersByUserIdFollowing",
          summary: direction === "followers" ? "People following a user" : "People a user follows",
          errors: {
            403: "The account is private or limits who sees its content",
            404: "The user does not exist, was deleted, or is hidden from you (blocked)",
          },
          params: userIdParams,
          querystring: pageQuery,
          response: { 200: userSummaryPage },
        },
      },
      async (request, reply) =>
        sendPage(reply, await listFollows(context, request.viewer, request.params.userId, direction, request.query)),
    );
  }
}
