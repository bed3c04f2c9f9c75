import { followBody, followStatusView } from "@plaza/contracts/follows";
import { userIdParams } from "@plaza/contracts/users";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { requireViewer } from "../../plugins/session";
import { followUser, getFollowStatus, unfollowUser } from "./follows.service";

/** Follow, unfollow and follow status (seed-spec §7). The lists live under /api/users/{id}/followers|following. */
export async function followsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const context = app.context;
  const user = { access: "user" as const };

  app.post(
    "/api/follows",
    { schema: { body: followBody, response: { 200: followStatusView } }, config: user },
    async (request) => followUser(context, requireViewer(request), request.body.followingId),
  );

  app.delete(
    "/api/follows/:userId",
    { schema: { params: userIdParams, response: { 200: followStatusView } }, config: user },
    async (request) => unfollowUser(context, requireViewer(request), request.params.userId),
  );

  app.get(
    "/api/follows/status/:userId",
    { schema: { params: userIdParams, response: { 200: followStatusView } }, config: user },
    async (request) => getFollowStatus(context, requireViewer(request), request.params.userId),
  );
}
