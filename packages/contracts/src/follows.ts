import { z } from "zod";

/** POST /api/follows */
export const followBody = z.object({ followingId: z.uuid("Invalid user id") });
export type FollowBody = z.infer<typeof followBody>;

/** GET /api/follows/status/{userId} */
export const followStatusView = z.object({
  isFollowing: z.boolean(),
  /** A follow request to a private account waits for the owner's approval. */
  isRequested: z.boolean(),
});
export type FollowStatusView = z.infer<typeof followStatusView>;

export const FOLLOWS_MESSAGES = {
  cannotFollowYourself: "You cannot follow yourself",
  blocked: "You cannot follow this user",
  userNotFound: "User not found",
  requestNotFound: "Follow request not found",
} as const;

/** GET /api/follows/requests: people asking to follow the signed-in (private) account. */
export const FOLLOW_REQUEST_TEXTS = {
  requestedTitle: "Follow Requested",
  requested: "Your request to follow this user has been sent",
  cancelledTitle: "Request Cancelled",
  cancelled: "Your follow request has been cancelled",
  approvedTitle: "Request Approved",
  approved: "This user now follows you",
  declinedTitle: "Request Declined",
  declined: "The follow request has been declined",
  empty: "No pending follow requests",
} as const;
