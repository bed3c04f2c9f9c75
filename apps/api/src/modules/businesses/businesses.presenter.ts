import { localClock, openStatus } from "@plaza/contracts/business-hours";
import type { BusinessView, FriendPicksView } from "@plaza/contracts/businesses";
import type { CheckinView, FriendActivityView, ReviewView } from "@plaza/contracts/checkins";
import type { BusinessRow } from "../../db/schema/businesses";
import type { CheckinRow } from "../../db/schema/checkins";
import type { UserSummaryRow } from "../users/user-summary.repository";
import { presentUserSummary } from "../users/users.presenter";

/**
 * A business as anyone may read it: everything but the owner's visit secret and the raw rating sum; open or
 * closed at `now` (the app clock) in its own time zone; on Discover, its distance, the viewer's friends' picks and
 * the owner's Verified badge.
 */
export function presentBusiness(
  business: BusinessRow,
  now: Date,
  distanceMeters?: number | null,
  friendPicks?: FriendPicksView | null,
  verified?: boolean,
): BusinessView {
  const status = openStatus(business.hours ?? null, business.timeZone, now);
  return {
    id: business.id,
    ownerId: business.ownerId,
    name: business.name,
    category: business.category,
    description: business.description,
    address: business.address,
    phone: business.phone,
    website: business.website,
    priceRange: business.priceRange,
    coverImageUrl: business.coverImageUrl,
    logoUrl: business.logoImageUrl,
    logoImageUrl: business.logoImageUrl,
    hours: business.hours ?? null,
    timeZone: business.timeZone,
    isOpenNow: status.isOpen,
    openStatus: { ...status, todayWeekday: localClock(now, business.timeZone).weekday },
    latitude: business.latitude,
    longitude: business.longitude,
    isPublished: business.isPublished,
    averageRating: Number(business.averageRating),
    totalReviews: business.totalReviews,
    totalCheckIns: business.totalCheckIns,
    createdAt: business.createdAt.toISOString(),
    ...(distanceMeters === undefined
      ? {}
      : { distanceMeters: distanceMeters === null ? null : Math.round(distanceMeters) }),
    ...(friendPicks === undefined ? {} : { friendPicks }),
    ...(verified === undefined ? {} : { verified }),
  };
}

export type CheckinAuthor = UserSummaryRow;

function presentAuthor(user: CheckinAuthor) {
  const { id, username, firstName, lastName, profileImageUrl, isVerified } = presentUserSummary(user);
  return { id, username, firstName, lastName, profileImageUrl, isVerified };
}

/** A check-in without the visitor's exact position (only the business needs to know they were there). */
export function presentCheckin(checkin: CheckinRow, user: CheckinAuthor): CheckinView {
  return {
    id: checkin.id,
    userId: checkin.userId,
    businessId: checkin.businessId,
    rating: checkin.rating,
    review: checkin.review,
    checkedInAt: checkin.checkedInAt.toISOString(),
    // Every stored check-in passed both steps (position and visit code).
    verifiedVisit: true,
    user: presentAuthor(user),
  };
}

export function presentFriendActivity(
  checkin: CheckinRow,
  user: CheckinAuthor,
  businessName: string,
): FriendActivityView {
  return {
    id: checkin.id,
    userId: checkin.userId,
    businessId: checkin.businessId,
    rating: checkin.rating,
    couponId: null,
    review: checkin.review,
    checkedInAt: checkin.checkedInAt.toISOString(),
    user: presentAuthor(user),
    businessName,
  };
}

/** A verified review with its reviewer and the owner's answer. */
export function presentReview(checkin: CheckinRow, user: CheckinAuthor): ReviewView {
  return {
    id: checkin.id,
    businessId: checkin.businessId,
    rating: checkin.rating ?? 0,
    review: checkin.review,
    createdAt: checkin.checkedInAt.toISOString(),
    verifiedVisit: true,
    user: presentAuthor(user),
    ownerReply:
      checkin.ownerReply === null
        ? null
        : { text: checkin.ownerReply, createdAt: (checkin.ownerReplyAt ?? checkin.checkedInAt).toISOString() },
  };
}
