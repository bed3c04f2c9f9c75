import { pageQuery } from "@plaza/contracts/pagination";
import {
  deletionView,
  preferencesBody,
  profileFormBody,
  profilePhotoBody,
  profileView,
  selfUserView,
  socialLinksBody,
  suggestedUsersQuery,
  suggestedUserView,
  userIdParams,
  userSearchQuery,
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
    { schema: { querystring: userSearchQuery, response: { 200: z.array(userSummaryView) } }, config: user },
    async (request) => findPeople(context, requireViewer(request), request.query.q, request.query.limit),
  );

  app.get(
    "/api/users/suggested",
    { schema: { querystring: suggestedUsersQuery, response: { 200: z.array(suggestedUserView) } }, config: user },
    async (request) => suggestPeople(context, requireViewer(request), request.query.limit),
  );

  app.get("/api/users/export", { config: user }, async (request, reply) => {
    const viewer = requireViewer(request);
    const data = await exportAccountData(context, viewer);
    const date = context.clock.now().toISOString().slice(0, 10);
    return reply
      .header("content-disposition", `attachment; filename="plaza-export-${viewer.username}-${date}.json"`)
      .header("content-type", "application/json; charset=utf-8")
      .send(JSON.stringify(data, null, 2));
  });

  app.patch(
    "/api/users/profile",
    { schema: { body: profileFormBody, response: { 200: selfUserView } }, config: user },
    async (request) => presentSelf(await updateProfile(context, requireViewer(request), request.body)),
  );

  app.patch(
    "/api/users/preferences",
    { schema: { body: preferencesBody, response: { 200: selfUserView } }, config: user },
    async (request) => presentSelf(await updatePreferences(context, requireViewer(request), request.body)),
  );

  app.put(
    "/api/profile/photo",
    { schema: { body: profilePhotoBody, response: { 200: selfUserView } }, config: user },
    async (request) =>
      presentSelf(await updateProfilePhoto(context, requireViewer(request), request.body.profileImageUrl)),
  );

  app.post("/api/users/delete", { schema: { response: { 200: deletionView } }, config: user }, async (request) =>
    scheduleDeletion(context, requireViewer(request), request.sessionId),
  );

  app.post(
    "/api/users/cancel-deletion",
    { schema: { response: { 200: deletionView } }, config: user },
    async (request) => cancelDeletion(context, requireViewer(request)),
  );

  app.get("/api/users/:userId", { schema: { params: userIdParams, response: { 200: profileView } } }, async (request) =>
    getProfile(context, request.viewer, request.params.userId),
  );

  app.put(
    "/api/users/:userId/social-links",
    { schema: { params: userIdParams, body: socialLinksBody, response: { 200: selfUserView } }, config: user },
    async (request) =>
      presentSelf(
        await updateSocialLinks(context, requireViewer(request), request.params.userId, request.body.socialLinks),
      ),
  );

  for (const direction of ["followers", "following"] as const) {
    app.get(
      `/api/users/:userId/${direction}`,
      { schema: { params: userIdParams, querystring: pageQuery, response: { 200: z.array(userSummaryView) } } },
      async (request, reply) =>
        sendPage(reply, await listFollows(context, request.viewer, request.params.userId, direction, request.query)),
    );
  }
}
