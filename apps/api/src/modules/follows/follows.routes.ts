import { followBody, followStatusView } from "@plaza/contracts/follows";
import { noContent as noBody } from "@plaza/contracts/http";
import { pageQuery } from "@plaza/contracts/pagination";
import { userIdParams, userSummaryPage } from "@plaza/contracts/users";
import type { FastifyInstance } from "fastify";
import { noContent, ok, page, route } from "../../lib/route";
import { requireViewer } from "../../plugins/session";
import {
  approveFollowRequest,
  declineFollowRequest,
  followUser,
  getFollowStatus,
  listFollowRequests,
  listFollows,
  unfollowUser,
} from "./follows.service";

/**
 * Follow, unfollow, follow status and follow requests to private accounts (docs/PRODUCT.md §7). The lists live under
 * /api/users/{id}/followers|following (followListsRoutes).
 */
export async function followsRoutes(app: FastifyInstance): Promise<void> {
  const context = app.context;
  const user = { access: "user" as const };

  route(
    app,
    "POST",
    "/api/follows",
    {
      schema: {
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
    async (request) => ok(await followUser(context, requireViewer(request), request.body.followingId)),
  );

  route(
    app,
    "DELETE",
    "/api/follows/:userId",
    {
      schema: {
        summary: "Unfollow someone (or withdraw a request)",
        params: userIdParams,
        response: { 200: followStatusView },
      },
      config: user,
    },
    async (request) => ok(await unfollowUser(context, requireViewer(request), request.params.userId)),
  );

  route(
    app,
    "GET",
    "/api/follows/status/:userId",
    {
      schema: {
        summary: "Whether you follow someone, or asked to",
        params: userIdParams,
        response: { 200: followStatusView },
      },
      config: user,
    },
    async (request) => ok(await getFollowStatus(context, requireViewer(request), request.params.userId)),
  );

  route(
    app,
    "GET",
    "/api/follows/requests",
    {
      schema: {
        summary: "Follow requests waiting for your answer",
        querystring: pageQuery,
        response: { 200: userSummaryPage },
      },
      config: user,
    },
    async (request) => page(await listFollowRequests(context, requireViewer(request), request.query)),
  );

  route(
    app,
    "POST",
    "/api/follows/requests/:userId/approve",
    {
      schema: {
        summary: "Approve a follow request",
        errors: { 404: "No such request" },
        params: userIdParams,
        response: { 204: noBody },
      },
      config: user,
    },
    async (request) => noContent(await approveFollowRequest(context, requireViewer(request), request.params.userId)),
  );

  route(
    app,
    "DELETE",
    "/api/follows/requests/:userId",
    {
      schema: {
        summary: "Decline a follow request",
        errors: { 404: "No such request" },
        params: userIdParams,
        response: { 204: noBody },
      },
      config: user,
    },
    async (request) => noContent(await declineFollowRequest(context, requireViewer(request), request.params.userId)),
  );
}

/**
 * The people following a user and those they follow, under the profile's address (/api/users/{id}/followers|following,
 * tagged Users in the API docs): the follows module answers them, so the users module needs nothing of follows.
 */
export async function followListsRoutes(app: FastifyInstance): Promise<void> {
  const context = app.context;

  for (const direction of ["followers", "following"] as const) {
    route(
      app,
      "GET",
      `/api/users/:userId/${direction}`,
      {
        schema: {
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
      async (request) =>
        page(await listFollows(context, request.viewer, request.params.userId, direction, request.query)),
    );
  }
}
