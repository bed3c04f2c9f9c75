import { BUSINESS_MESSAGES, type MyVisitView, RATE_VISIT_DAYS, type RateVisitBody } from "@plaza/contracts/businesses";
import { CHECKIN_COOLDOWN_MS } from "@plaza/contracts/checkins";
import type { AppContext } from "../../app-context";
import type { Transaction } from "../../db/client";
import type { CheckinRow } from "../../db/schema/checkins";
import { conflict, forbidden, notFound } from "../../lib/app-error";
import type { SessionUser } from "../users/viewer";
import {
  addCheckinToCounters,
  addReviewToCounters,
  findLatestCheckinSince,
  insertCheckin,
  lockBusiness,
  rateCheckin,
} from "./businesses.repository";
import { getVisibleBusiness } from "./businesses.service";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Records a visit verified by someone other than the visitor's phone: an event's host admitting a ticket at the door
 * of an event placed at the business (CONTRACT.md "Fourth round" → "Events": "An admission counts as a verified visit
 * of the event's business"). It is stored as a check-in at distance 0 (a check-in keeps no position), inside the caller's
 * transaction, so everything that asks for a verified visit (coupons that need one in the last 24 hours, the
 * business's check-in counters and analytics) takes it like one made on site with the visit code. The check-in
 * rules still hold: none for the business's owner, none without a position, at most one per hour. Answers whether a
 * visit was recorded.
 */
export async function recordVerifiedVisit(
  tx: Transaction,
  visit: { businessId: string; userId: string; now: Date },
): Promise<boolean> {
  const { businessId, userId, now } = visit;
  const business = await lockBusiness(tx, businessId);
  if (!business || business.ownerId === userId || business.latitude === null || business.longitude === null) {
    return false;
  }
  if (await findLatestCheckinSince(tx, userId, business.id, new Date(now.getTime() - CHECKIN_COOLDOWN_MS))) {
    return false;
  }
  await insertCheckin(tx, {
    userId,
    businessId: business.id,
    rating: null,
    review: null,
    distanceMeters: 0,
    checkedInAt: now,
  });
  await addCheckinToCounters(tx, business.id, null);
  return true;
}

/** GET /api/businesses/{id}/visit: the viewer's latest verified visit here, and whether it may still be rated. */
export async function readMyVisit(context: AppContext, viewer: SessionUser, businessId: string): Promise<MyVisitView> {
  await getVisibleBusiness(context, viewer, businessId);
  const now = context.clock.now();
  const visit = await findLatestCheckinSince(
    context.db,
    viewer.id,
    businessId,
    new Date(now.getTime() - RATE_VISIT_DAYS * DAY_MS),
  );
  return {
    lastVisitAt: visit?.checkedInAt.toISOString() ?? null,
    canRate: visit !== undefined && visit.rating === null,
  };
}

/**
 * POST /api/businesses/{id}/reviews: rates the viewer's latest verified visit of the last RATE_VISIT_DAYS days when
 * it has no rating yet — a door admission at one of the business's events, or a check-in made without one (CONTRACT.md
 * "Fourth round": "An admission counts as a verified visit of the event's business (reviews …)"). The review is that
 * visit's, so one visit gives one review; the business's counters change in the same transaction.
 */
export async function rateVisit(
  context: AppContext,
  viewer: SessionUser,
  businessId: string,
  body: RateVisitBody,
): Promise<CheckinRow> {
  const now = context.clock.now();
  return context.db.transaction(async (tx) => {
    const business = await lockBusiness(tx, businessId);
    if (!business?.isPublished) throw notFound(BUSINESS_MESSAGES.businessNotFound);
    if (business.ownerId === viewer.id) throw forbidden(BUSINESS_MESSAGES.ownBusinessReview, "OWN_BUSINESS");
    const since = new Date(now.getTime() - RATE_VISIT_DAYS * DAY_MS);
    const visit = await findLatestCheckinSince(tx, viewer.id, business.id, since);
    if (!visit) throw forbidden(BUSINESS_MESSAGES.reviewNeedsVisit, "VISIT_NEEDED");
    const rated = visit.rating === null ? await rateCheckin(tx, visit.id, body.rating, body.review || null) : undefined;
    if (!rated) throw conflict(BUSINESS_MESSAGES.visitAlreadyRated, "VISIT_ALREADY_RATED");
    await addReviewToCounters(tx, business.id, body.rating);
    return rated;
  });
}
