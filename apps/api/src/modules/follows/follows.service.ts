import { FOLLOWS_MESSAGES } from "@plaza/contracts/follows";
import type { AppContext } from "../../app-context";
import { badRequest, forbidden, notFound } from "../../lib/app-error";
import type { SessionUser } from "../auth/auth.service";
import { notify } from "../notifications/notifications.service";
import { isBlockedEitherWay, isFollowing } from "../relationships/relationships.repository";
import { findUserById } from "../users/users.repository";
import { deleteFollow, insertFollow } from "./follows.repository";

/**
 * Follows a user (idempotent): 400 for oneself, 404 for an unknown or deleted account, 403 when a block stands
 * between the two either way. The follow, both counters and the notification are one transaction.
 */
export async function followUser(context: AppContext, viewer: SessionUser, followingId: string) {
  if (followingId === viewer.id) throw badRequest(FOLLOWS_MESSAGES.cannotFollowYourself, "followingId");
  const target = await findUserById(context.db, followingId);
  if (!target || target.isDeleted) throw notFound(FOLLOWS_MESSAGES.userNotFound);
  return context.db.transaction(async (tx) => {
    if (await isBlockedEitherWay(tx, viewer.id, followingId)) throw forbidden(FOLLOWS_MESSAGES.blocked, "BLOCKED");
    const isNew = await insertFollow(tx, viewer.id, followingId, context.clock.now());
    if (isNew) {
      await notify(tx, {
        userId: followingId,
        type: "follow",
        actorId: viewer.id,
        entityType: "user",
        entityId: viewer.id,
      });
    }
    return { isFollowing: true };
  });
}

/** Stops following (idempotent); both counters move back in the same transaction. */
export async function unfollowUser(context: AppContext, viewer: SessionUser, followingId: string) {
  await context.db.transaction(async (tx) => {
    await deleteFollow(tx, viewer.id, followingId);
  });
  return { isFollowing: false };
}

export async function getFollowStatus(context: AppContext, viewer: SessionUser, userId: string) {
  return { isFollowing: await isFollowing(context.db, viewer.id, userId) };
}
