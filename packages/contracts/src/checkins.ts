import { z } from "zod";

/** Check-ins, reviews and their replies, friend activity and business analytics (docs/PRODUCT.md "Local discovery"). */

/** Check-in and visit-code rules (docs/PRODUCT.md "Local discovery"). */
export const CHECKIN_MAX_DISTANCE_METERS = 200;
export const VISIT_CODE_WINDOW_MS = 10 * 60 * 1000;
export const VISIT_CODE_LENGTH = 6;
/** After the code changes, the previous one is still accepted this long (a code read just before it changed). */
export const VISIT_CODE_PREVIOUS_GRACE_MS = 2 * 60 * 1000;
export const CHECKIN_COOLDOWN_MS = 60 * 60 * 1000;
export const REVIEW_MAX_LENGTH = 2000;
export const ANALYTICS_DAYS = 30;

/** Check-in attempts per user and business in a window, so nobody can guess visit codes by brute force. */
export const CHECKIN_ATTEMPT_LIMIT = { max: 10, windowMs: 10 * 60 * 1000 } as const;

export const visitCodeView = z.object({
  code: z.string(),
  secondsRemaining: z.number().int(),
  windowSeconds: z.number().int(),
});
export type VisitCodeView = z.infer<typeof visitCodeView>;

const checkinUser = z.object({
  id: z.uuid(),
  username: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  isVerified: z.boolean(),
});

/** A check-in as the business and its reviews tab read it. Every stored check-in passed both steps. */
export const checkinView = z.object({
  id: z.uuid(),
  userId: z.uuid(),
  businessId: z.uuid(),
  rating: z.number().int().nullable(),
  review: z.string().nullable(),
  checkedInAt: z.string(),
  verifiedVisit: z.boolean(),
  user: checkinUser,
});
export type CheckinView = z.infer<typeof checkinView>;

/** Friend-activity item (docs/PRODUCT.md §3) with who and where, for the home column and /activity. */
export const friendActivityView = z.object({
  id: z.uuid(),
  userId: z.uuid(),
  businessId: z.uuid(),
  rating: z.number().int().nullable(),
  couponId: z.uuid().nullable(),
  review: z.string().nullable(),
  checkedInAt: z.string(),
  user: checkinUser,
  businessName: z.string(),
});
export type FriendActivityView = z.infer<typeof friendActivityView>;

export const analyticsDayView = z.object({
  date: z.string(),
  checkIns: z.number().int(),
  reviews: z.number().int(),
  redemptions: z.number().int(),
});
export const businessAnalyticsView = z.object({ days: z.array(analyticsDayView) });
export type BusinessAnalyticsView = z.infer<typeof businessAnalyticsView>;

export const REVIEW_REPLY_MAX_LENGTH = 1000;

export const REVIEW_MESSAGES = {
  reviewNotFound: "Review not found",
  replyEmpty: "Write a reply first",
  replyTooLong: "Reply is too long (max 1000 characters)",
  onlyOwnerReplies: "Only the business owner can reply to its reviews",
  noReply: "This review has no reply",
} as const;

export const reviewIdParams = z.object({ id: z.uuid("Invalid review id") });

/** PUT /api/reviews/{id}/reply */
export const reviewReplyBody = z
  .object({
    text: z
      .string(REVIEW_MESSAGES.replyEmpty)
      .trim()
      .min(1, REVIEW_MESSAGES.replyEmpty)
      .max(REVIEW_REPLY_MAX_LENGTH, REVIEW_MESSAGES.replyTooLong),
  })
  .strict();
export type ReviewReplyBody = z.infer<typeof reviewReplyBody>;

export const ownerReplyView = z.object({ text: z.string(), createdAt: z.string() });

/** A verified review on the business page (GET /api/businesses/{id}/reviews). */
export const reviewView = z.object({
  id: z.uuid(),
  businessId: z.uuid(),
  rating: z.number().int(),
  review: z.string().nullable(),
  createdAt: z.string(),
  /** Every review rides on a check-in that passed both steps. */
  verifiedVisit: z.boolean(),
  user: checkinUser,
  ownerReply: ownerReplyView.nullable(),
});
export type ReviewView = z.infer<typeof reviewView>;

export const REVIEW_TEXTS = {
  tab: "Reviews",
  empty: "No reviews yet",
  emptyHint: "Reviews come from verified visits: check in, then rate the place.",
  verifiedVisit: "Verified visit",
  ownerReply: "Response from the owner",
  reply: "Reply",
  editReply: "Edit reply",
  deleteReply: "Delete reply",
  replySaved: "Reply posted",
  replyDeleted: "Reply deleted",
  replyPlaceholder: "Thank the reviewer or answer their points",
} as const;
