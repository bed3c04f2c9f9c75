import {
  businessIdParams,
  businessListQuery,
  businessPage,
  businessView,
  checkInBody,
  createBusinessBody,
  updateBusinessBody,
} from "@plaza/contracts/businesses";
import {
  businessAnalyticsView,
  checkinView,
  friendActivityView,
  reviewIdParams,
  reviewReplyBody,
  reviewView,
  visitCodeView,
} from "@plaza/contracts/checkins";
import { FRIEND_ACTIVITY_SHOWN } from "@plaza/contracts/constants";
import { noContent } from "@plaza/contracts/http";
import { pageQuery } from "@plaza/contracts/pagination";
import { userIdParams } from "@plaza/contracts/users";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { sendPage } from "../../lib/cursor";
import { requireViewer } from "../../plugins/session";
import { discoverBusinesses, listBusinessCheckins, listBusinessReviews, listFriendsActivity } from "./businesses.lists";
import { presentBusiness, presentCheckin, presentReview } from "./businesses.presenter";
import {
  checkIn,
  createBusiness,
  deleteReviewReply,
  editBusiness,
  getBusinessOfUser,
  getVisibleBusiness,
  readAnalytics,
  readVisitCode,
  replyToReview,
  withRatingCounts,
} from "./businesses.service";

const friendActivityQuery = pageQuery.extend({
  limit: z.coerce.number().int().min(1).max(100).default(FRIEND_ACTIVITY_SHOWN),
});

export async function businessesRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const context = app.context;

  app.post(
    "/api/businesses",
    {
      schema: {
        tags: ["Businesses"],
        operationId: "postBusinesses",
        summary: "Create your business",
        errors: { 403: "Only business profiles can create one", 409: "You already have a business" },
        body: createBusinessBody,
        response: { 201: businessView },
      },
      config: { access: "user" },
    },
    async (request, reply) => {
      const business = await createBusiness(context, requireViewer(request), request.body);
      return reply.status(201).send(presentBusiness(business, context.clock.now()));
    },
  );

  app.get(
    "/api/businesses",
    {
      schema: {
        tags: ["Businesses"],
        operationId: "getBusinesses",
        summary: "Published businesses, newest or nearest first",
        querystring: businessListQuery,
        response: { 200: businessPage },
      },
      config: { access: "user" },
    },
    async (request, reply) => sendPage(reply, await discoverBusinesses(context, requireViewer(request), request.query)),
  );

  app.get(
    "/api/businesses/:id",
    {
      schema: {
        tags: ["Businesses"],
        operationId: "getBusinessesById",
        summary: "One business",
        errors: { 404: "No such business" },
        params: businessIdParams,
        response: { 200: businessView },
      },
    },
    async (request) =>
      withRatingCounts(
        context,
        presentBusiness(await getVisibleBusiness(context, request.viewer, request.params.id), context.clock.now()),
      ),
  );

  app.patch(
    "/api/businesses/:id",
    {
      schema: {
        tags: ["Businesses"],
        operationId: "patchBusinessesById",
        summary: "Edit your business (publish it)",
        errors: { 403: "You do not own it", 404: "No such business", 409: "Publishing needs an active coupon" },
        params: businessIdParams,
        body: updateBusinessBody,
        response: { 200: businessView },
      },
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
    {
      schema: {
        tags: ["Businesses"],
        operationId: "getUsersByUserIdBusiness",
        summary: "The business a user owns",
        errors: { 404: "The user has no visible business" },
        params: userIdParams,
        response: { 200: businessView },
      },
    },
    async (request) =>
      withRatingCounts(
        context,
        presentBusiness(await getBusinessOfUser(context, request.viewer, request.params.userId), context.clock.now()),
      ),
  );

  app.get(
    "/api/businesses/:id/visit-code",
    {
      schema: {
        tags: ["Businesses"],
        operationId: "getBusinessesByIdVisitCode",
        summary: "The current visit code (owner)",
        errors: { 403: "You do not own it", 404: "No such business" },
        params: businessIdParams,
        response: { 200: visitCodeView },
      },
      config: { access: "user" },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return readVisitCode(context, requireViewer(request), request.params.id);
    },
  );

  app.post(
    "/api/businesses/:id/checkins",
    {
      schema: {
        tags: ["Businesses"],
        operationId: "postBusinessesByIdCheckins",
        summary: "Check in (and review) with the visit code, on site",
        errors: {
          403: "Your own business, too far away, or a wrong visit code",
          404: "No such business",
          409: "The business has no location, or you checked in less than an hour ago",
          429: "Too many attempts",
        },
        params: businessIdParams,
        body: checkInBody,
        response: { 201: checkinView },
      },
      config: { access: "user" },
    },
    async (request, reply) => {
      const viewer = requireViewer(request);
      const checkin = await checkIn(context, viewer, request.params.id, request.body);
      return reply.status(201).send(presentCheckin(checkin, viewer));
    },
  );

  /** The owner sees every check-in; everyone else sees the reviews only (listBusinessCheckins). */
  app.get(
    "/api/businesses/:id/checkins",
    {
      schema: {
        tags: ["Businesses"],
        operationId: "getBusinessesByIdCheckins",
        summary: "Check-ins (owner) or reviews (everyone)",
        errors: { 404: "No such business" },
        params: businessIdParams,
        querystring: pageQuery.extend({ reviews: z.enum(["true", "false"]).optional() }),
        response: { 200: z.array(checkinView) },
      },
      config: { access: "user" },
    },
    async (request, reply) =>
      sendPage(reply, await listBusinessCheckins(context, requireViewer(request), request.params.id, request.query)),
  );

  /** Verified reviews for everyone (signed out too), of the reviewers the reader may see; newest first. */
  app.get(
    "/api/businesses/:id/reviews",
    {
      schema: {
        tags: ["Businesses"],
        operationId: "getBusinessesByIdReviews",
        summary: "Verified reviews with owner replies, newest first (public)",
        errors: { 404: "No such business" },
        params: businessIdParams,
        querystring: pageQuery,
        response: { 200: z.array(reviewView) },
      },
      config: { access: "public" },
    },
    async (request, reply) =>
      sendPage(reply, await listBusinessReviews(context, request.viewer, request.params.id, request.query)),
  );

  app.put(
    "/api/reviews/:id/reply",
    {
      schema: {
        tags: ["Businesses"],
        operationId: "putReviewsByIdReply",
        summary: "Reply to a review of your business (or edit the reply)",
        errors: { 403: "Not the business owner", 404: "No such review" },
        params: reviewIdParams,
        body: reviewReplyBody,
        response: { 200: reviewView },
      },
      config: { access: "user" },
    },
    async (request) => {
      const { checkin, user } = await replyToReview(context, requireViewer(request), request.params.id, request.body);
      return presentReview(checkin, user);
    },
  );

  app.delete(
    "/api/reviews/:id/reply",
    {
      schema: {
        tags: ["Businesses"],
        operationId: "deleteReviewsByIdReply",
        summary: "Delete your reply to a review",
        errors: { 403: "Not the business owner", 404: "No such review, or it has no reply" },
        params: reviewIdParams,
        response: { 204: noContent },
      },
      config: { access: "user" },
    },
    async (request, reply) => {
      await deleteReviewReply(context, requireViewer(request), request.params.id);
      return reply.status(204).send();
    },
  );

  app.get(
    "/api/businesses/:id/analytics",
    {
      schema: {
        tags: ["Businesses"],
        operationId: "getBusinessesByIdAnalytics",
        summary: "Check-ins, reviews and redemptions per day (owner)",
        errors: { 403: "You do not own it", 404: "No such business" },
        params: businessIdParams,
        response: { 200: businessAnalyticsView },
      },
      config: { access: "user" },
    },
    async (request) => readAnalytics(context, requireViewer(request), request.params.id),
  );

  app.get(
    "/api/friend-activity",
    {
      schema: {
        tags: ["Businesses"],
        operationId: "getFriendActivity",
        summary: "Recent check-ins of the people you follow",
        querystring: friendActivityQuery,
        response: { 200: z.array(friendActivityView) },
      },
      config: { access: "user" },
    },
    async (request, reply) =>
      sendPage(reply, await listFriendsActivity(context, requireViewer(request), request.query)),
  );
}
