// Texts, constants and pure rules of checkins: no zod, so the web app's first screen can import them without
// evaluating schemas. The schemas are in ./checkins.ts, which re-exports all of this.

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

export const REVIEW_REPLY_MAX_LENGTH = 1000;

export const REVIEW_MESSAGES = {
  reviewNotFound: "Review not found",
  replyEmpty: "Write a reply first",
  replyTooLong: "Reply is too long (max 1000 characters)",
  onlyOwnerReplies: "Only the business owner can reply to its reviews",
  noReply: "This review has no reply",
} as const;

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
