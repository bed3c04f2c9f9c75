import { and, eq, sql } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { followRequests, follows } from "../../db/schema/follows";
import { users } from "../../db/schema/users";
import { encodeCursor, type KeysetCursor, type Page } from "../../lib/cursor";
import { newestFirst, type PageRequest, paginate } from "../../lib/paginate";
import { notBlockedWith } from "../relationships/relationships.repository";
import { type UserSummaryRow, userSummaryColumns } from "../users/user-summary.repository";

/**
 * Adds `delta` to the follower's followingCount and the followed user's followersCount. The two rows are
 * updated in id order so that A→B and B→A at the same moment cannot deadlock.
 */
async function shiftFollowCounters(db: Executor, followerId: string, followingId: string, delta: 1 | -1) {
  const updates = [
    { id: followerId, column: "following" as const },
    { id: followingId, column: "followers" as const },
  ].sort((first, second) => first.id.localeCompare(second.id));
  for (const update of updates) {
    const set =
      update.column === "following"
        ? { followingCount: sql`greatest(${users.followingCount} + ${delta}, 0)` }
        : { followersCount: sql`greatest(${users.followersCount} + ${delta}, 0)` };
    await db.update(users).set(set).where(eq(users.id, update.id));
  }
}

/** Inserts the follow once and moves both counters; answers whether a new follow was created. */
export async function insertFollow(db: Executor, followerId: string, followingId: string, now: Date) {
  const inserted = await db
    .insert(follows)
    .values({ followerId, followingId, createdAt: now })
    .onConflictDoNothing()
    .returning({ followerId: follows.followerId });
  if (inserted.length === 0) return false;
  await shiftFollowCounters(db, followerId, followingId, 1);
  return true;
}

/** Removes the follow if present and moves both counters back; answers whether one was removed. */
export async function deleteFollow(db: Executor, followerId: string, followingId: string) {
  const deleted = await db
    .delete(follows)
    .where(and(eq(follows.followerId, followerId), eq(follows.followingId, followingId)))
    .returning({ followerId: follows.followerId });
  if (deleted.length === 0) return false;
  await shiftFollowCounters(db, followerId, followingId, -1);
  return true;
}

export interface FollowListRow {
  user: UserSummaryRow;
  followedAt: Date;
}

/**
 * One page of a user's followers ("followers") or of the people they follow ("following"), newest follow
 * first, deleted accounts and people blocked with the viewer (either way) left out.
 */
export function listFollowPage(
  db: Executor,
  direction: "followers" | "following",
  userId: string,
  viewerId: string | null,
  page: PageRequest<KeysetCursor>,
): Promise<Page<FollowListRow>> {
  const ownColumn = direction === "followers" ? follows.followingId : follows.followerId;
  const otherColumn = direction === "followers" ? follows.followerId : follows.followingId;
  return paginate(
    page,
    newestFirst(follows.createdAt, otherColumn),
    ({ after, orderBy, limit }) =>
      db
        .select({ user: userSummaryColumns(), followedAt: follows.createdAt })
        .from(follows)
        .innerJoin(users, eq(users.id, otherColumn))
        .where(
          and(
            eq(ownColumn, userId),
            eq(users.isDeleted, false),
            // People on either side of a block with the viewer are left out of the lists the viewer sees.
            viewerId ? notBlockedWith(viewerId, otherColumn) : undefined,
            after,
          ),
        )
        .orderBy(...orderBy)
        .limit(limit),
    byFollowedAt,
  );
}

/** The cursor of a row of a list of people, ordered by when they followed (or asked to), then their id. */
const byFollowedAt = (row: FollowListRow) => encodeCursor({ createdAt: row.followedAt, id: row.user.id });

/** Records a request to follow a private account (idempotent). */
export async function insertFollowRequest(db: Executor, requesterId: string, targetId: string, now: Date) {
  const inserted = await db
    .insert(followRequests)
    .values({ requesterId, targetId, createdAt: now })
    .onConflictDoNothing()
    .returning({ requesterId: followRequests.requesterId });
  return inserted.length > 0;
}

/** Removes a pending request; answers whether there was one. */
export async function deleteFollowRequest(db: Executor, requesterId: string, targetId: string) {
  const deleted = await db
    .delete(followRequests)
    .where(and(eq(followRequests.requesterId, requesterId), eq(followRequests.targetId, targetId)))
    .returning({ requesterId: followRequests.requesterId });
  return deleted.length > 0;
}

export async function hasFollowRequest(db: Executor, requesterId: string, targetId: string) {
  const [row] = await db
    .select({ requesterId: followRequests.requesterId })
    .from(followRequests)
    .where(and(eq(followRequests.requesterId, requesterId), eq(followRequests.targetId, targetId)))
    .limit(1);
  return row !== undefined;
}

/** One page of the people asking to follow `targetId`, newest first. */
export function listFollowRequestPage(
  db: Executor,
  targetId: string,
  page: PageRequest<KeysetCursor>,
): Promise<Page<FollowListRow>> {
  const keyset = newestFirst(followRequests.createdAt, followRequests.requesterId);
  return paginate(
    page,
    keyset,
    ({ after, orderBy, limit }) =>
      db
        .select({ user: userSummaryColumns(), followedAt: followRequests.createdAt })
        .from(followRequests)
        .innerJoin(users, eq(users.id, followRequests.requesterId))
        .where(and(eq(followRequests.targetId, targetId), eq(users.isDeleted, false), after))
        .orderBy(...orderBy)
        .limit(limit),
    byFollowedAt,
  );
}

/**
 * Serialises follow and block changes between two people for the rest of the transaction, so a follow racing a
 * block can never leave a follow standing next to the block (the block would not see the uncommitted follow).
 */
export async function lockPair(db: Executor, userA: string, userB: string): Promise<void> {
  const key = userA < userB ? `${userA}:${userB}` : `${userB}:${userA}`;
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
}
