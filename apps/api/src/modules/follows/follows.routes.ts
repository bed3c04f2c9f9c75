import { followBody, followStatusView } from "@plaza/contracts/follows";
import { noContent } from "@plaza/contracts/http";
import { pageQuery } from "@plaza/contracts/pagination";
import { userIdParams, userSummaryPage } from "@plaza/contracts/users";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
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
    {
      schema: {
        tags: ["Follows"],
        operationId: "postFollows",
        summary: "Follow someone (a request when the account is private)",
        errors: {
          403: "A block stands between you",
          404: "The user does not exist, was deleted, or is hidden from you (blocked)",
        },
        body: followBody,
        response: { 200: followStatusView },
      },
      config: user,
    },
    async (request) => followUser(context, requireViewer(request), request.body.followingId),
  );

  app.delete(
    "/api/follows/:userId",
    {
      schema: {
        tags: ["Follows"],
        operationId: "deleteFollowsByUserId",
        summary: "Unfollow someone (or withdraw a request)",
        params: userIdParams,
        response: { 200: followStatusView },
      },
      config: user,
    },
    async (request) => unfollowUser(context, requireViewer(request), request.params.userId),
  );

  app.get(
    "/api/follows/status/:userId",
    {
      schema: {
        tags: ["Follows"],
        operationId: "getFollowsStatusByUserId",
        summary: "Whether you follow someone, or asked to",
        params: userIdParams,
        response: { 200: followStatusView },
      },
      config: user,
    },
    async (request) => getFollowStatus(context, requireViewer(request), request.params.userId),
  );

  app.get(
    "/api/follows/requests",
    {
      schema: {
        tags: ["Follows"],
        operationId: "getFollowsRequests",
        summary: "Follow requests waiting for your answer",
        querystring: pageQuery,
        response: { 200: userSummaryPage },
      },
      config: user,
    },
    async (request, reply) => sendPage(reply, await listFollowRequests(context, requireViewer(request), request.query)),
  );

  app.post(
    "/api/follows/requests/:userId/approve",
    {
      schema: {
        tags: ["Follows"],
        operationId: "postFollowsRequestsByUserIdApprove",
        summary: "Approve a follow request",
        errors: { 404: "No such request" },
        params: userIdParams,
        response: { 204: noContent },
      },
      config: user,
    },
    async (request, reply) => {
      await approveFollowRequest(context, requireViewer(request), request.params.userId);
      return reply.status(204).send();
    },
  );

  app.delete(
    "/api/follows/requests/:userId",
    {
      schema: {
        tags: ["Follows"],
        operationId: "deleteFollowsRequestsByUserId",
        summary: "Decline a follow request",
        errors: { 404: "No such request" },
        params: userIdParams,
        response: { 204: noContent },
      },
      config: user,
    },
    async (request, reply) => {
      await declineFollowRequest(context, requireViewer(request), request.params.userId);
      return reply.status(204).send();
    },
  );
}
