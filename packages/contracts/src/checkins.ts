import { z } from "zod";
import { REVIEW_MESSAGES, REVIEW_REPLY_MAX_LENGTH } from "./checkins.texts";

export * from "./checkins.texts";

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
