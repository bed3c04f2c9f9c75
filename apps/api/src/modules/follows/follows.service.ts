import { FOLLOWS_MESSAGES, type FollowStatusView } from "@plaza/contracts/follows";
import type { PageQuery } from "@plaza/contracts/pagination";
import type { UserSummaryView } from "@plaza/contracts/users";
import type { AppContext } from "../../app-context";
import { badRequest, forbidden, notFound } from "../../lib/app-error";
import { decodeCursor, mapPage, type Page } from "../../lib/cursor";
import { inTransaction } from "../../lib/unit-of-work";
import { assertNewAccountQuota } from "../instance/new-account-limits";
import { notify, notifyOnce } from "../notifications/notifications.service";
import { isBlockedEitherWay, isFollowing } from "../relationships/relationships.repository";
import { presentUserSummary } from "../users/users.presenter";
import { findUserById } from "../users/users.repository";
import { requireVisibleProfileContent } from "../users/users.service";
import type { SessionUser } from "../users/viewer";
import {
  deleteFollow,
  deleteFollowRequest,
  hasFollowRequest,
  insertFollow,
  insertFollowRequest,
  listFollowPage,
  listFollowRequestPage,
  lockPair,
} from "./follows.repository";

/**
 * Follows a user (idempotent): 400 for oneself, 404 for an unknown or deleted account, 403 when a block stands
 * between the two either way. A private account gets a follow request instead, which its owner approves. The
 * follow (or request), both counters and the notification are one transaction. The followee keeps one follow
 * notification per follower: following again (or asking again) refreshes it instead of adding another.
 */
export async function followUser(
  context: AppContext,
  viewer: SessionUser,
  followingId: string,
): Promise<FollowStatusView> {
  if (followingId === viewer.id) throw badRequest(FOLLOWS_MESSAGES.cannotFollowYourself, "followingId");
  const target = await findUserById(context.db, followingId);
  if (!target || target.isDeleted) throw notFound(FOLLOWS_MESSAGES.userNotFound);
  await assertNewAccountQuota(context, viewer, "follows");
  return inTransaction(context, async (tx, effects) => {
    await lockPair(tx, viewer.id, followingId);
    if (await isBlockedEitherWay(tx, viewer.id, followingId)) throw forbidden(FOLLOWS_MESSAGES.blocked, "BLOCKED");
    const now = context.clock.now();
    const needsApproval = target.accountVisibility === "private" && !viewer.isSuperuser;
    if (needsApproval && !(await isFollowing(tx, viewer.id, followingId))) {
      const isNew = await insertFollowRequest(tx, viewer.id, followingId, now);
      if (isNew) {
        await notifyOnce(tx, effects, {
          userId: followingId,
          type: "follow",
          actorId: viewer.id,
          entityType: "user",
          entityId: viewer.id,
          data: { isRequest: true },
        });
      }
      return { isFollowing: false, isRequested: true };
    }
    await deleteFollowRequest(tx, viewer.id, followingId);
    const isNew = await insertFollow(tx, viewer.id, followingId, now);
    if (isNew) {
      await notifyOnce(tx, effects, {
        userId: followingId,
        type: "follow",
        actorId: viewer.id,
        entityType: "user",
        entityId: viewer.id,
        data: {},
      });
    }
    return { isFollowing: true, isRequested: false };
  });
}

/** Stops following, or withdraws a pending request (idempotent); counters move back in the same transaction. */
export async function unfollowUser(
  context: AppContext,
  viewer: SessionUser,
  followingId: string,
): Promise<FollowStatusView> {
  await context.db.transaction(async (tx) => {
    await deleteFollowRequest(tx, viewer.id, followingId);
    await deleteFollow(tx, viewer.id, followingId);
  });
  return { isFollowing: false, isRequested: false };
}

export async function getFollowStatus(
  context: AppContext,
  viewer: SessionUser,
  userId: string,
): Promise<FollowStatusView> {
  const [following, requested] = await Promise.all([
    isFollowing(context.db, viewer.id, userId),
    hasFollowRequest(context.db, viewer.id, userId),
  ]);
  return { isFollowing: following, isRequested: requested };
}

/** The people asking to follow the viewer. */
export async function listFollowRequests(
  context: AppContext,
  viewer: SessionUser,
  { limit, cursor }: PageQuery,
): Promise<Page<UserSummaryView>> {
  const page = await listFollowRequestPage(context.db, viewer.id, { limit, cursor: decodeCursor(cursor) });
  return mapPage(page, (row) => presentUserSummary(row.user));
}

/** Turns a pending request into a follow (with counters and a notification to the requester); 404 without one. */
export async function approveFollowRequest(context: AppContext, viewer: SessionUser, requesterId: string) {
  await inTransaction(context, async (tx, effects) => {
    await lockPair(tx, viewer.id, requesterId);
    if (!(await deleteFollowRequest(tx, requesterId, viewer.id))) throw notFound(FOLLOWS_MESSAGES.requestNotFound);
    if (await isBlockedEitherWay(tx, viewer.id, requesterId)) throw notFound(FOLLOWS_MESSAGES.requestNotFound);
    if (await insertFollow(tx, requesterId, viewer.id, context.clock.now())) {
      await notify(tx, effects, {
        userId: requesterId,
        type: "follow",
        actorId: viewer.id,
        entityType: "user",
        entityId: viewer.id,
        data: { isApproval: true },
      });
    }
  });
}

/** Declines a pending request (idempotent). */
export async function declineFollowRequest(context: AppContext, viewer: SessionUser, requesterId: string) {
  await deleteFollowRequest(context.db, requesterId, viewer.id);
}

/** A page of the people following the user, or followed by them, when the viewer may see the profile's content. */
export async function listFollows(
  context: AppContext,
  viewer: SessionUser | null,
  userId: string,
  direction: "followers" | "following",
  { limit, cursor }: PageQuery,
): Promise<Page<UserSummaryView>> {
  const owner = await requireVisibleProfileContent(context, viewer, userId);
  const page = await listFollowPage(context.db, direction, owner.id, viewer?.id ?? null, {
    limit,
    cursor: decodeCursor(cursor),
  });
  return mapPage(page, (row) => presentUserSummary(row.user));
}
