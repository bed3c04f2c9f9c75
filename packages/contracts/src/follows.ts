import { z } from "zod";

/** POST /api/follows */
export const followBody = z.object({ followingId: z.uuid("Invalid user id") });
export type FollowBody = z.infer<typeof followBody>;

/** GET /api/follows/status/{userId} */
export const followStatusView = z.object({ isFollowing: z.boolean() });
export type FollowStatusView = z.infer<typeof followStatusView>;

export const FOLLOWS_MESSAGES = {
  cannotFollowYourself: "You cannot follow yourself",
  blocked: "You cannot follow this user",
  userNotFound: "User not found",
} as const;
