import type {
  BusinessView,
  CheckInBody,
  CreateBusinessBody,
  RateVisitBody,
  UpdateBusinessBody,
} from "@plaza/contracts/businesses";
import type { CheckinView, ReviewReplyBody, ReviewView } from "@plaza/contracts/checkins";
import type { AppContext } from "../../app-context";
import { findUserSummary } from "../users/user-summary.repository";
import type { SessionUser } from "../users/viewer";
import { presentBusiness, presentCheckin, presentReview } from "./businesses.presenter";
import {
  checkIn,
  createBusiness,
  editBusiness,
  getBusinessOfUser,
  getVisibleBusiness,
  replyToReview,
  withRatingCounts,
} from "./businesses.service";
import { rateVisit } from "./visits.service";

/**
 * The business services as the routes answer them: each one's rows presented as the view the API sends
 * (businesses.service keeps the rows for its other callers, such as the demo town).
 */
export async function openBusiness(
  context: AppContext,
  viewer: SessionUser,
  body: CreateBusinessBody,
): Promise<BusinessView> {
  return presentBusiness(await createBusiness(context, viewer, body), context.clock.now());
}

/** One business the viewer may see, with its rating counts. */
export async function readBusiness(
  context: AppContext,
  viewer: SessionUser | null,
  businessId: string,
): Promise<BusinessView> {
  const business = await getVisibleBusiness(context, viewer, businessId);
  return withRatingCounts(context, presentBusiness(business, context.clock.now()));
}

export async function changeBusiness(
  context: AppContext,
  viewer: SessionUser,
  businessId: string,
  body: UpdateBusinessBody,
): Promise<BusinessView> {
  return presentBusiness(await editBusiness(context, viewer, businessId, body), context.clock.now());
}

/** A user's business, with its rating counts. */
export async function readBusinessOfUser(
  context: AppContext,
  viewer: SessionUser | null,
  userId: string,
): Promise<BusinessView> {
  const business = await getBusinessOfUser(context, viewer, userId);
  return withRatingCounts(context, presentBusiness(business, context.clock.now()));
}

export async function recordCheckin(
  context: AppContext,
  viewer: SessionUser,
  businessId: string,
  body: CheckInBody,
): Promise<CheckinView> {
  const checkin = await checkIn(context, viewer, businessId, body);
  // The visitor as check-in lists show them (a business account as its business); the viewer's row is there.
  const visitor = (await findUserSummary(context.db, viewer.id)) ?? { ...viewer, speaksAs: null };
  return presentCheckin(checkin, visitor);
}

/** A rating (and review) of the viewer's latest unrated visit, presented as a check-in. */
export async function rateMyVisit(
  context: AppContext,
  viewer: SessionUser,
  businessId: string,
  body: RateVisitBody,
): Promise<CheckinView> {
  const checkin = await rateVisit(context, viewer, businessId, body);
  const visitor = (await findUserSummary(context.db, viewer.id)) ?? { ...viewer, speaksAs: null };
  return presentCheckin(checkin, visitor);
}

export async function answerReview(
  context: AppContext,
  viewer: SessionUser,
  reviewId: string,
  body: ReviewReplyBody,
): Promise<ReviewView> {
  const { checkin, user } = await replyToReview(context, viewer, reviewId, body);
  return presentReview(checkin, user);
}
