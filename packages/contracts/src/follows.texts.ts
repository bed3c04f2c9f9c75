// Texts, constants and pure rules of follows: no zod, so the web app's first screen can import them without
// evaluating schemas. The schemas are in ./follows.ts, which re-exports all of this.

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
