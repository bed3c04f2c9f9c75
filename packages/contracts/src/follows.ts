import { z } from "zod";

export * from "./follows.texts";

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
