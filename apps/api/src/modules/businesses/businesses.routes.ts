import {
  businessAnalyticsView,
  businessIdParams,
  businessListQuery,
  businessView,
  checkInBody,
  checkinView,
  createBusinessBody,
  friendActivityView,
  reviewIdParams,
  reviewReplyBody,
  reviewView,
  updateBusinessBody,
  visitCodeView,
} from "@plaza/contracts/businesses";
import { FRIEND_ACTIVITY_SHOWN } from "@plaza/contracts/constants";
import { noContent } from "@plaza/contracts/http";
import { pageQuery } from "@plaza/contracts/pagination";
import { userIdParams } from "@plaza/contracts/users";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { decodeCursor, pageOf, pageWithCursor } from "../../lib/cursor";
import { requireViewer } from "../../plugins/session";
import { canManageBusiness } from "./businesses.policy";
import { presentBusiness, presentCheckin, presentFriendActivity, presentReview } from "./businesses.presenter";
import { listCheckins, listFriendActivity, listReviews } from "./businesses.repository";
import {
  checkIn,
  createBusiness,
  deleteReviewReply,
  editBusiness,
  getBusinessOfUser,
  getVisibleBusiness,
  listDiscoverPage,
  readAnalytics,
  readVisitCode,
  replyToReview,
} from "./businesses.service";

const friendActivityQuery = pageQuery.extend({
  limit: z.coerce.number().int().min(1).max(100).default(FRIEND_ACTIVITY_SHOWN),
});

export async function businessesRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const context = app.context;

  app.post(
    "/api/businesses",
    { schema: { body: createBusinessBody, response: { 201: businessView } }, config: { access: "user" } },
    async (request, reply) => {
      const business = await createBusiness(context, requireViewer(request), request.body);
      return reply.status(201).send(presentBusiness(business, context.clock.now()));
    },
  );

  app.get(
    "/api/businesses",
    {
      schema: { querystring: businessListQuery, response: { 200: z.array(businessView) } },
      config: { access: "user" },
    },
    async (request, reply) => {
      const now = context.clock.now();
      const page = await listDiscoverPage(context, requireViewer(request), request.query);
      return pageWithCursor(reply, page.rows, request.query.limit, page.cursorOf).map((row) =>
        presentBusiness(row.business, now, row.distanceMeters, row.friendPicks, row.verified),
      );
    },
  );

  app.get(
    "/api/businesses/:id",
    { schema: { params: businessIdParams, response: { 200: businessView } } },
    async (request) =>
      presentBusiness(await getVisibleBusiness(context, request.viewer, request.params.id), context.clock.now()),
  );

  app.patch(
    "/api/businesses/:id",
    {
      schema: { params: businessIdParams, body: updateBusinessBody, response: { 200: businessView } },
      config: { access: "user" },
    },
    async (request) =>
      presentBusiness(
        await editBusiness(context, requireViewer(request), request.params.id, request.body),
        context.clock.now(),
      ),
  );

  app.get(
    "/api/users/:userId/business",
    { schema: { params: userIdParams, response: { 200: businessView } } },
    async (request) =>
      presentBusiness(await getBusinessOfUser(context, request.viewer, request.params.userId), context.clock.now()),
  );

  app.get(
    "/api/businesses/:id/visit-code",
    { schema: { params: businessIdParams, response: { 200: visitCodeView } }, config: { access: "user" } },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return readVisitCode(context, requireViewer(request), request.params.id);
    },
  );

  app.post(
    "/api/businesses/:id/checkins",
    {
      schema: { params: businessIdParams, body: checkInBody, response: { 201: checkinView } },
      config: { access: "user" },
    },
    async (request, reply) => {
      const viewer = requireViewer(request);
      const checkin = await checkIn(context, viewer, request.params.id, request.body);
      return reply.status(201).send(presentCheckin(checkin, viewer));
    },
  );

  /**
   * The owner sees every check-in; everyone else sees the reviews (rated check-ins) only. Either way only of the
   * visitors the viewer may see (blocks, account visibility, deletion, their activity switch).
   */
  app.get(
    "/api/businesses/:id/checkins",
    {
      schema: {
        params: businessIdParams,
        querystring: pageQuery.extend({ reviews: z.enum(["true", "false"]).optional() }),
        response: { 200: z.array(checkinView) },
      },
      config: { access: "user" },
    },
    async (request, reply) => {
      const viewer = requireViewer(request);
      const business = await getVisibleBusiness(context, viewer, request.params.id);
      const onlyReviews = request.query.reviews === "true" || !canManageBusiness(viewer, business);
      const { limit } = request.query;
      const rows = await listCheckins(context.db, business.id, {
        viewer,
        limit,
        cursor: decodeCursor(request.query.cursor),
        onlyReviews,
      });
      return pageOf(reply, rows, limit, (row) => ({ createdAt: row.checkin.checkedInAt, id: row.checkin.id })).map(
        (row) => presentCheckin(row.checkin, row.user),
      );
    },
  );

  /** Verified reviews for everyone (signed out too), of the reviewers the reader may see; newest first. */
  app.get(
    "/api/businesses/:id/reviews",
    {
      schema: { params: businessIdParams, querystring: pageQuery, response: { 200: z.array(reviewView) } },
      config: { access: "public" },
    },
    async (request, reply) => {
      const business = await getVisibleBusiness(context, request.viewer, request.params.id);
      const { limit } = request.query;
      const rows = await listReviews(context.db, business.id, {
        viewer: request.viewer,
        limit,
        cursor: decodeCursor(request.query.cursor),
      });
      return pageOf(reply, rows, limit, (row) => ({ createdAt: row.checkin.checkedInAt, id: row.checkin.id })).map(
        (row) => presentReview(row.checkin, row.user),
      );
    },
  );

  app.put(
    "/api/reviews/:id/reply",
    {
      schema: { params: reviewIdParams, body: reviewReplyBody, response: { 200: reviewView } },
      config: { access: "user" },
    },
    async (request) => {
      const { checkin, user } = await replyToReview(context, requireViewer(request), request.params.id, request.body);
      return presentReview(checkin, user);
    },
  );

  app.delete(
    "/api/reviews/:id/reply",
    { schema: { params: reviewIdParams, response: { 204: noContent } }, config: { access: "user" } },
    async (request, reply) => {
      await deleteReviewReply(context, requireViewer(request), request.params.id);
      return reply.status(204).send();
    },
  );

  app.get(
    "/api/businesses/:id/analytics",
    { schema: { params: businessIdParams, response: { 200: businessAnalyticsView } }, config: { access: "user" } },
    async (request) => readAnalytics(context, requireViewer(request), request.params.id),
  );

  app.get(
    "/api/friend-activity",
    {
      schema: { querystring: friendActivityQuery, response: { 200: z.array(friendActivityView) } },
      config: { access: "user" },
    },
    async (request, reply) => {
      const viewer = requireViewer(request);
      const { limit } = request.query;
      const rows = await listFriendActivity(context.db, viewer, limit, decodeCursor(request.query.cursor));
      return pageOf(reply, rows, limit, (row) => ({ createdAt: row.checkin.checkedInAt, id: row.checkin.id })).map(
        (row) => presentFriendActivity(row.checkin, row.user, row.businessName),
      );
    },
  );
}
