import {
  businessIdParams,
  businessListQuery,
  businessPage,
  businessView,
  checkInBody,
  createBusinessBody,
  myVisitView,
  RATE_VISIT_DAYS,
  rateVisitBody,
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
import { noContent as noBody } from "@plaza/contracts/http";
import { pageQuery } from "@plaza/contracts/pagination";
import { userIdParams } from "@plaza/contracts/users";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { created, noContent, ok, page, route } from "../../lib/route";
import { requireViewer } from "../../plugins/session";
import {
  answerReview,
  changeBusiness,
  openBusiness,
  rateMyVisit,
  readBusiness,
  readBusinessOfUser,
  recordCheckin,
} from "./businesses.answers";
import { discoverBusinesses, listBusinessCheckins, listBusinessReviews, listFriendsActivity } from "./businesses.lists";
import { deleteReviewReply, readAnalytics, readVisitCode } from "./businesses.service";
import { readMyVisit } from "./visits.service";

const friendActivityQuery = pageQuery.extend({
  limit: z.coerce.number().int().min(1).max(100).default(FRIEND_ACTIVITY_SHOWN),
});

export async function businessesRoutes(app: FastifyInstance): Promise<void> {
  businessRoutes(app);
  checkinAndReviewRoutes(app);
  visitReviewRoutes(app);
}

/** Visit codes, check-ins, reviews and owner replies. */
function checkinAndReviewRoutes(app: FastifyInstance): void {
  const context = app.context;

  route(
    app,
    "GET",
    "/api/businesses/:id/visit-code",
    {
      schema: {
        summary: "The current visit code (owner)",
        errors: { 403: "You do not own it", 404: "No such business" },
        params: businessIdParams,
        response: { 200: visitCodeView },
      },
      cacheControl: "no-store",
      config: { access: "user" },
    },
    async (request) => ok(await readVisitCode(context, requireViewer(request), request.params.id)),
  );

  route(
    app,
    "POST",
    "/api/businesses/:id/checkins",
    {
      schema: {
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
    async (request) => created(await recordCheckin(context, requireViewer(request), request.params.id, request.body)),
  );

  /** The owner sees every check-in; everyone else sees the reviews only (listBusinessCheckins). */
  route(
    app,
    "GET",
    "/api/businesses/:id/checkins",
    {
      schema: {
        summary: "Check-ins (owner) or reviews (everyone)",
        errors: { 404: "No such business" },
        params: businessIdParams,
        querystring: pageQuery.extend({ reviews: z.enum(["true", "false"]).optional() }),
        response: { 200: z.array(checkinView) },
      },
      config: { access: "user" },
    },
    async (request) =>
      page(await listBusinessCheckins(context, requireViewer(request), request.params.id, request.query)),
  );

  /** Verified reviews for everyone (signed out too), of the reviewers the reader may see; newest first. */
  route(
    app,
    "GET",
    "/api/businesses/:id/reviews",
    {
      schema: {
        summary: "Verified reviews with owner replies, newest first (public)",
        errors: { 404: "No such business" },
        params: businessIdParams,
        querystring: pageQuery,
        response: { 200: z.array(reviewView) },
      },
      config: { access: "public" },
    },
    async (request) => page(await listBusinessReviews(context, request.viewer, request.params.id, request.query)),
  );

  route(
    app,
    "PUT",
    "/api/reviews/:id/reply",
    {
      schema: {
        summary: "Reply to a review of your business (or edit the reply)",
        errors: { 403: "Not the business owner", 404: "No such review" },
        params: reviewIdParams,
        body: reviewReplyBody,
        response: { 200: reviewView },
      },
      config: { access: "user" },
    },
    async (request) => ok(await answerReview(context, requireViewer(request), request.params.id, request.body)),
  );

  route(
    app,
    "DELETE",
    "/api/reviews/:id/reply",
    {
      schema: {
        summary: "Delete your reply to a review",
        errors: { 403: "Not the business owner", 404: "No such review, or it has no reply" },
        params: reviewIdParams,
        response: { 204: noBody },
      },
      config: { access: "user" },
    },
    async (request) => noContent(await deleteReviewReply(context, requireViewer(request), request.params.id)),
  );
}

/** Business profiles: creating, discovering, reading, editing; analytics and friends activity. */
/** A verified visit rated after it happened (a door admission, a check-in made without stars). */
function visitReviewRoutes(app: FastifyInstance): void {
  const context = app.context;

  route(
    app,
    "GET",
    "/api/businesses/:id/visit",
    {
      schema: {
        summary: "Your latest verified visit here, and whether you may still rate it",
        errors: { 404: "No such business" },
        params: businessIdParams,
        response: { 200: myVisitView },
      },
      cacheControl: "no-store",
      config: { access: "user" },
    },
    async (request) => ok(await readMyVisit(context, requireViewer(request), request.params.id)),
  );

  route(
    app,
    "POST",
    "/api/businesses/:id/reviews",
    {
      schema: {
        summary: "Rate your latest verified visit (a door admission, or a check-in made without a rating)",
        description: `Within ${RATE_VISIT_DAYS} days of the visit; one review per visit.`,
        errors: {
          403: "Your own business, or no verified visit to rate",
          404: "No such business",
          409: "Your latest visit is already rated",
        },
        params: businessIdParams,
        body: rateVisitBody,
        response: { 201: checkinView },
      },
      config: { access: "user" },
    },
    async (request) => created(await rateMyVisit(context, requireViewer(request), request.params.id, request.body)),
  );
}

function businessRoutes(app: FastifyInstance): void {
  const context = app.context;

  route(
    app,
    "POST",
    "/api/businesses",
    {
      schema: {
        summary: "Create your business",
        errors: { 403: "Only business profiles can create one", 409: "You already have a business" },
        body: createBusinessBody,
        response: { 201: businessView },
      },
      config: { access: "user" },
    },
    async (request) => created(await openBusiness(context, requireViewer(request), request.body)),
  );

  route(
    app,
    "GET",
    "/api/businesses",
    {
      schema: {
        summary: "Published businesses, newest or nearest first",
        querystring: businessListQuery,
        response: { 200: businessPage },
      },
      config: { access: "user", readsReplica: true },
    },
    async (request) => page(await discoverBusinesses(context, requireViewer(request), request.query)),
  );

  route(
    app,
    "GET",
    "/api/businesses/:id",
    {
      schema: {
        summary: "One business",
        errors: { 404: "No such business" },
        params: businessIdParams,
        response: { 200: businessView },
      },
    },
    async (request) => ok(await readBusiness(context, request.viewer, request.params.id)),
  );

  route(
    app,
    "PATCH",
    "/api/businesses/:id",
    {
      schema: {
        summary: "Edit your business (publish it)",
        errors: { 403: "You do not own it", 404: "No such business", 409: "Publishing needs an active coupon" },
        params: businessIdParams,
        body: updateBusinessBody,
        response: { 200: businessView },
      },
      config: { access: "user" },
    },
    async (request) => ok(await changeBusiness(context, requireViewer(request), request.params.id, request.body)),
  );

  route(
    app,
    "GET",
    "/api/users/:userId/business",
    {
      schema: {
        summary: "The business a user owns",
        errors: { 404: "The user has no visible business" },
        params: userIdParams,
        response: { 200: businessView },
      },
    },
    async (request) => ok(await readBusinessOfUser(context, request.viewer, request.params.userId)),
  );

  route(
    app,
    "GET",
    "/api/businesses/:id/analytics",
    {
      schema: {
        summary: "Check-ins, reviews and redemptions per day (owner)",
        errors: { 403: "You do not own it", 404: "No such business" },
        params: businessIdParams,
        response: { 200: businessAnalyticsView },
      },
      config: { access: "user" },
    },
    async (request) => ok(await readAnalytics(context, requireViewer(request), request.params.id)),
  );

  route(
    app,
    "GET",
    "/api/friend-activity",
    {
      schema: {
        summary: "Recent check-ins of the people you follow",
        querystring: friendActivityQuery,
        response: { 200: z.array(friendActivityView) },
      },
      config: { access: "user" },
    },
    async (request) => page(await listFriendsActivity(context, requireViewer(request), request.query)),
  );
}
