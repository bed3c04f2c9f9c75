import {
  BUSINESS_MESSAGES,
  type BusinessListQuery,
  type BusinessSort,
  type BusinessView,
  type CheckInBody,
  type CreateBusinessBody,
  DISCOVER_MESSAGES,
  FRIEND_PICKS_DAYS,
  FRIEND_PICKS_NAMES_SHOWN,
  type FriendPicksView,
  type UpdateBusinessBody,
} from "@plaza/contracts/businesses";
import {
  ANALYTICS_DAYS,
  CHECKIN_ATTEMPT_LIMIT,
  CHECKIN_COOLDOWN_MS,
  CHECKIN_MAX_DISTANCE_METERS,
  REVIEW_MESSAGES,
  type ReviewReplyBody,
  VISIT_CODE_WINDOW_MS,
} from "@plaza/contracts/checkins";
import type { AppContext } from "../../app-context";
import type { BusinessRow } from "../../db/schema/businesses";
import type { CheckinRow } from "../../db/schema/checkins";
import { badRequest, conflict, forbidden, notFound, tooManyRequests } from "../../lib/app-error";
import { decodeCursor, decodeValueCursor, mapPage, type Page } from "../../lib/cursor";
import { distanceInMeters, METERS_PER_MILE, type Position } from "../../lib/geo";
import { inTransaction } from "../../lib/unit-of-work";
import { notify } from "../notifications/notifications.service";
import { resolveOwnUpload } from "../uploads/uploads.service";
import type { SessionUser } from "../users/viewer";
import { canManageBusiness, canViewBusiness } from "./businesses.policy";
import {
  addCheckinToCounters,
  countActivityPerDay,
  countCoupons,
  countRatingsOf,
  findBusinessById,
  findBusinessByOwner,
  findLatestCheckinSince,
  findReviewWithBusiness,
  insertBusiness,
  insertCheckin,
  lockBusiness,
  setOwnerReply,
  updateBusiness,
} from "./businesses.repository";
import {
  type DiscoverFilters,
  type DiscoverRow,
  listBusinessesByDistance,
  listBusinessesByFriends,
  listBusinessesByNewest,
  listBusinessesByRating,
  listFriendVisitors,
} from "./discover.repository";
import { currentVisitCode, generateVisitSecret, isValidVisitCode } from "./visit-code";

const DAY_MS = 24 * 60 * 60 * 1000;

/** Creates the owner's one business (business profiles only; 409 for a second one). Starts as a draft. */
export async function createBusiness(
  context: AppContext,
  viewer: SessionUser,
  body: CreateBusinessBody,
): Promise<BusinessRow> {
  if (viewer.profileType !== "business") throw forbidden(BUSINESS_MESSAGES.businessProfileRequired);
  if (await findBusinessByOwner(context.db, viewer.id)) throw conflict(BUSINESS_MESSAGES.alreadyHasBusiness);
  const { logoUrl, coverImageUrl, hours, timeZone, ...fields } = body;
  const images = await resolveImages(context, viewer, { logoUrl, coverImageUrl });
  return insertBusiness(context.db, {
    ...fields,
    ...images,
    hours: hours ?? null,
    ...(timeZone === undefined ? {} : { timeZone }),
    latitude: body.latitude ?? null,
    longitude: body.longitude ?? null,
    ownerId: viewer.id,
    visitSecret: generateVisitSecret(),
    createdAt: context.clock.now(),
  });
}

/** A business the viewer may see, or 404 (a draft is hidden from everyone but its owner). */
export async function getVisibleBusiness(
  context: AppContext,
  viewer: SessionUser | null,
  businessId: string,
): Promise<BusinessRow> {
  const business = await findBusinessById(context.db, businessId);
  if (!business || !canViewBusiness(viewer, business)) throw notFound(BUSINESS_MESSAGES.businessNotFound);
  return business;
}

/** A business the viewer owns: 404 when it does not exist, 403 when it is someone else's. */
export async function getManagedBusiness(
  context: AppContext,
  viewer: SessionUser,
  businessId: string,
): Promise<BusinessRow> {
  // Changes answer 403 to anyone but the owner, drafts included (its existence is no secret worth a 404).
  const business = await findBusinessById(context.db, businessId);
  if (!business) throw notFound(BUSINESS_MESSAGES.businessNotFound);
  if (!canManageBusiness(viewer, business)) throw forbidden(BUSINESS_MESSAGES.notOwner);
  return business;
}

/** Edits the owner's business; publishing needs at least one coupon (409). */
export async function editBusiness(
  context: AppContext,
  viewer: SessionUser,
  businessId: string,
  body: UpdateBusinessBody,
): Promise<BusinessRow> {
  const business = await getManagedBusiness(context, viewer, businessId);
  if (body.isPublished === true && !business.isPublished && (await countCoupons(context.db, business.id)) === 0) {
    throw conflict(BUSINESS_MESSAGES.publishNeedsCoupon, "PUBLISH_NEEDS_COUPON");
  }
  if (Object.keys(body).length === 0) return business;
  const { logoUrl, coverImageUrl, ...fields } = body;
  const images = await resolveImages(context, viewer, { logoUrl, coverImageUrl });
  return updateBusiness(context.db, business.id, { ...fields, ...images });
}

/**
 * The logo and cover addresses as stored: each one the owner's own finished upload (its object address or the
 * uploadURL it was PUT to, mapped to the object), null to remove it, left out to keep it. Anything else is a 400.
 */
async function resolveImages(
  context: AppContext,
  viewer: SessionUser,
  images: { logoUrl?: string | null; coverImageUrl?: string | null },
): Promise<{ logoImageUrl?: string | null; coverImageUrl?: string | null }> {
  const resolve = async (url: string | null | undefined) =>
    url === undefined || url === null ? url : resolveOwnUpload(context, url, viewer.id);
  const logoImageUrl = await resolve(images.logoUrl);
  const coverImageUrl = await resolve(images.coverImageUrl);
  return {
    ...(logoImageUrl === undefined ? {} : { logoImageUrl }),
    ...(coverImageUrl === undefined ? {} : { coverImageUrl }),
  };
}

/** A review the viewer's business received: 404 when there is no such review, 403 for anyone but the owner. */
async function getOwnedReview(context: AppContext, viewer: SessionUser, reviewId: string) {
  const row = await findReviewWithBusiness(context.db, reviewId);
  if (!row) throw notFound(REVIEW_MESSAGES.reviewNotFound);
  if (row.ownerId !== viewer.id) throw forbidden(REVIEW_MESSAGES.onlyOwnerReplies, "NOT_BUSINESS_OWNER");
  return row;
}

/** The owner answers a review (or edits the answer); the reviewer is notified of a new answer. */
export async function replyToReview(context: AppContext, viewer: SessionUser, reviewId: string, body: ReviewReplyBody) {
  const row = await getOwnedReview(context, viewer, reviewId);
  const now = context.clock.now();
  return inTransaction(context, async (tx, effects) => {
    const checkin = await setOwnerReply(tx, row.checkin.id, { text: body.text, at: now });
    if (row.checkin.ownerReply === null) {
      await notify(tx, effects, {
        userId: row.checkin.userId,
        type: "review_reply",
        actorId: viewer.id,
        entityType: "business",
        entityId: row.checkin.businessId,
        data: { businessName: row.businessName, reviewId: row.checkin.id },
      });
    }
    return { checkin, user: row.user };
  });
}

export async function deleteReviewReply(context: AppContext, viewer: SessionUser, reviewId: string) {
  const row = await getOwnedReview(context, viewer, reviewId);
  if (row.checkin.ownerReply === null) throw notFound(REVIEW_MESSAGES.noReply);
  await setOwnerReply(context.db, row.checkin.id, null);
}

export async function getBusinessOfUser(context: AppContext, viewer: SessionUser | null, userId: string) {
  const business = await findBusinessByOwner(context.db, userId);
  if (!business || !canViewBusiness(viewer, business)) throw notFound(BUSINESS_MESSAGES.businessNotFound);
  return business;
}

export async function readVisitCode(context: AppContext, viewer: SessionUser, businessId: string) {
  const business = await getManagedBusiness(context, viewer, businessId);
  return {
    ...currentVisitCode(business.visitSecret, context.clock.now()),
    windowSeconds: VISIT_CODE_WINDOW_MS / 1000,
  };
}

/**
 * Records a verified check-in: step 1 the reported position is within 200 m of the business, step 2 the visit
 * code is the current (or the previous) window's. At most one per user and business per hour; the rating and
 * review ride on the verified check-in, and the business counters change in the same transaction.
 */
export async function checkIn(
  context: AppContext,
  viewer: SessionUser,
  businessId: string,
  body: CheckInBody,
): Promise<CheckinRow> {
  const now = context.clock.now();
  // Every attempt counts, right or wrong, so a 6-digit code cannot be guessed by trying them all.
  const attempt = await context.rateLimiter.hit(
    `checkin-attempts:${viewer.id}:${businessId}`,
    CHECKIN_ATTEMPT_LIMIT.max,
    CHECKIN_ATTEMPT_LIMIT.windowMs,
  );
  if (!attempt.allowed) throw tooManyRequests(BUSINESS_MESSAGES.tooManyCheckInAttempts, attempt.retryAfterMs);
  return context.db.transaction(async (tx) => {
    const business = await lockBusiness(tx, businessId);
    if (!business?.isPublished) throw notFound(BUSINESS_MESSAGES.businessNotFound);
    if (business.ownerId === viewer.id) throw forbidden(BUSINESS_MESSAGES.ownBusinessCheckIn, "OWN_BUSINESS");
    if (business.latitude === null || business.longitude === null) {
      throw conflict(BUSINESS_MESSAGES.locationMissing, "BUSINESS_LOCATION_MISSING");
    }
    const distance = distanceInMeters(body, { latitude: business.latitude, longitude: business.longitude });
    if (distance > CHECKIN_MAX_DISTANCE_METERS)
      throw forbidden(BUSINESS_MESSAGES.locationStepFailed, "LOCATION_STEP_FAILED");
    if (!isValidVisitCode(business.visitSecret, body.visitCode, now)) {
      throw forbidden(BUSINESS_MESSAGES.codeStepFailed, "CODE_STEP_FAILED");
    }
    const since = new Date(now.getTime() - CHECKIN_COOLDOWN_MS);
    if (await findLatestCheckinSince(tx, viewer.id, business.id, since)) {
      throw conflict(BUSINESS_MESSAGES.tooSoon, "CHECKIN_TOO_SOON");
    }
    const rating = body.rating ?? null;
    const review = body.review ? body.review : null;
    const checkin = await insertCheckin(tx, {
      userId: viewer.id,
      businessId: business.id,
      rating,
      review,
      // The visitor's position was needed for the distance only; it is not stored.
      distanceMeters: distance,
      checkedInAt: now,
    });
    await addCheckinToCounters(tx, business.id, rating);
    return checkin;
  });
}

/** Check-ins, reviews and redemptions per day over the last 30 days (owner only), oldest day first. */
export async function readAnalytics(context: AppContext, viewer: SessionUser, businessId: string) {
  const business = await getManagedBusiness(context, viewer, businessId);
  const now = context.clock.now();
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const firstDay = today - (ANALYTICS_DAYS - 1) * DAY_MS;
  const { checkinRows, redemptionRows } = await countActivityPerDay(context.db, business.id, new Date(firstDay));
  const days = Array.from({ length: ANALYTICS_DAYS }, (_, index) => {
    const date = new Date(firstDay + index * DAY_MS).toISOString().slice(0, 10);
    const checkinDay = checkinRows.find((row) => row.day === date);
    return {
      date,
      checkIns: checkinDay?.checkIns ?? 0,
      reviews: checkinDay?.reviews ?? 0,
      redemptions: redemptionRows.find((row) => row.day === date)?.redemptions ?? 0,
    };
  });
  return { days };
}

/** Position given in the list query, or a 400 when only half of it is there. */
export function positionOf(query: Pick<BusinessListQuery, "latitude" | "longitude">): Position | null {
  if (query.latitude === undefined || query.longitude === undefined) return null;
  if (Number.isNaN(query.latitude) || Number.isNaN(query.longitude)) throw badRequest("Invalid position");
  return { latitude: query.latitude, longitude: query.longitude };
}

/** A Discover page: its rows, each with the friends who visited. */
export type DiscoverPage = Page<DiscoverRow & { friendPicks: FriendPicksView | null }>;

/**
 * GET /api/businesses (docs/PRODUCT.md "Local discovery"): the filters, then one of the orders,
 * each paged by its own keyset. Every card says which of the viewer's friends visited in the last
 * FRIEND_PICKS_DAYS days (the people the viewer follows; the same window and rule as the friends' order).
 */
export async function listDiscoverPage(
  context: AppContext,
  viewer: SessionUser,
  query: BusinessListQuery,
): Promise<DiscoverPage> {
  const position = positionOf(query);
  const filters: DiscoverFilters = {
    category: query.category,
    ...(query.openNow === "true" ? { openAt: context.clock.now() } : {}),
    area:
      position && query.radius !== undefined
        ? { centre: position, radiusMeters: query.radius * METERS_PER_MILE }
        : null,
  };
  const sort: BusinessSort = query.sort ?? (position ? "distance" : "newest");
  const since = new Date(context.clock.now().getTime() - FRIEND_PICKS_DAYS * DAY_MS);
  const { limit, cursor } = query;
  let page: Page<DiscoverRow>;
  switch (sort) {
    case "distance": {
      if (!position) throw badRequest(DISCOVER_MESSAGES.distanceNeedsPosition, "sort");
      page = await listBusinessesByDistance(context.db, filters, position, {
        limit,
        cursor: decodeValueCursor(sort, cursor),
      });
      break;
    }
    case "rating":
      page = await listBusinessesByRating(context.db, filters, position, {
        limit,
        cursor: decodeValueCursor(sort, cursor),
      });
      break;
    case "friends":
      page = await listBusinessesByFriends(context.db, viewer, since, filters, position, {
        limit,
        cursor: decodeValueCursor(sort, cursor),
      });
      break;
    case "newest":
      page = await listBusinessesByNewest(context.db, filters, position, { limit, cursor: decodeCursor(cursor) });
      break;
  }
  const picks = await friendPicksOf(
    context,
    viewer,
    since,
    page.items.map((row) => row.business.id),
  );
  return mapPage(page, (row) => ({ ...row, friendPicks: picks.get(row.business.id) ?? null }));
}

async function friendPicksOf(
  context: AppContext,
  viewer: SessionUser,
  since: Date,
  businessIds: string[],
): Promise<Map<string, FriendPicksView>> {
  const picks = new Map<string, FriendPicksView>();
  for (const visitor of await listFriendVisitors(context.db, viewer, since, businessIds)) {
    const pick = picks.get(visitor.businessId) ?? { count: 0, reviews: 0, names: [] };
    pick.count += 1;
    if (visitor.reviewed) pick.reviews += 1;
    if (pick.names.length < FRIEND_PICKS_NAMES_SHOWN) pick.names.push(visitor.name);
    picks.set(visitor.businessId, pick);
  }
  return picks;
}

/** A single business's read with its rating summary: the count of reviews for each number of stars. */
export async function withRatingCounts(context: AppContext, view: BusinessView): Promise<BusinessView> {
  return { ...view, ratingCounts: await countRatingsOf(context.db, view.id) };
}
