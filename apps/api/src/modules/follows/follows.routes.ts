import { followBody, followStatusView } from "@plaza/contracts/follows";
import { noContent } from "@plaza/contracts/http";
import { pageQuery } from "@plaza/contracts/pagination";
import { userIdParams, userSummaryView } from "@plaza/contracts/users";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { sendPage } from "../../lib/cursor";
import { requireViewer } from "../../plugins/session";
import {
  approveFollowRequest,
  declineFollowRequest,
  followUser,
  getFollowStatus,
  listFollowRequests,
  unfollowUser,
} from "./follows.service";

/**
 * Follow, unfollow, follow status and follow requests to private accounts (docs/PRODUCT.md §7). The lists live under
 * /api/users/{id}/followers|following.
 */
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

  app.get(
    "/api/follows/requests",
    { schema: { querystring: pageQuery, response: { 200: z.array(userSummaryView) } }, config: user },
    async (request, reply) => sendPage(reply, await listFollowRequests(context, requireViewer(request), request.query)),
  );

  app.post(
    "/api/follows/requests/:userId/approve",
    { schema: { params: userIdParams, response: { 204: noContent } }, config: user },
    async (request, reply) => {
      await approveFollowRequest(context, requireViewer(request), request.params.userId);
      return reply.status(204).send();
    },
  );

  app.delete(
    "/api/follows/requests/:userId",
    { schema: { params: userIdParams, response: { 204: noContent } }, config: user },
    async (request, reply) => {
      await declineFollowRequest(context, requireViewer(request), request.params.userId);
      return reply.status(204).send();
    },
  );
}
