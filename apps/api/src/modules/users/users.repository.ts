import { and, asc, eq, gt, ilike, inArray, isNull, lt, lte, ne, or, type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { containsPattern } from "../../db/like";
import { sessions } from "../../db/schema/auth";
import { blocks } from "../../db/schema/blocks";
import { businesses } from "../../db/schema/businesses";
import { followRequests, follows } from "../../db/schema/follows";
import { conversations } from "../../db/schema/messaging";
import { ledgerAccounts } from "../../db/schema/payments";
import { comments, likes, posts } from "../../db/schema/posts";
import { uploads } from "../../db/schema/uploads";
import { type UserRow, users } from "../../db/schema/users";
import { notBlockedWith } from "../relationships/relationships.repository";
import { type UserSummaryRow, userSummaryColumns } from "./user-summary.repository";

export async function findUserById(db: Executor, userId: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  return row;
}

/** Another account already using this username (any case). */
export async function isUsernameTakenByOther(db: Executor, username: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.username}) = lower(${username})`, ne(users.id, userId)))
    .limit(1);
  return row !== undefined;
}

/** The subset of ids that are live accounts. */
export async function findExistingUserIds(db: Executor, userIds: string[]): Promise<string[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, userIds), eq(users.isDeleted, false)));
  return rows.map((row) => row.id);
}

export async function updateUser(
  db: Executor,
  userId: string,
  values: Partial<typeof users.$inferInsert>,
): Promise<UserRow | undefined> {
  const [row] = await db.update(users).set(values).where(eq(users.id, userId)).returning();
  return row;
}

/**
 * Username or full name ("first last") contains the text, case-insensitively: exactly the two expressions of the
 * trigram GIN indexes (migration 0005), so the match is an index scan. A part of the first or last name is a part
 * of the full name, so neither needs a condition of its own (one would force a scan of every account).
 */
export function usernameOrNameContains(text: string): SQL {
  const pattern = containsPattern(text);
  const fullName = sql`(coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, ''))`;
  return or(ilike(users.username, pattern), sql`${fullName} ilike ${pattern}`) as SQL;
}

/**
 * What people search matches (docs/PRODUCT.md "Businesses"): the username, or the name others see. A business
 * account is shown by its business's name, so its owner's own name does not find it (its business's name finds it
 * among the businesses). Still the two trigram expressions, so an index scan.
 */
export function shownNameOrUsernameContains(text: string): SQL {
  const pattern = containsPattern(text);
  const fullName = sql`(coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, ''))`;
  return or(
    ilike(users.username, pattern),
    and(sql`${fullName} ilike ${pattern}`, ne(users.profileType, "business")),
  ) as SQL;
}

/** People whose username or name contains the text; never the viewer, deleted accounts or blocked ones. */
export async function searchUsers(
  db: Executor,
  viewerId: string,
  text: string,
  limit: number,
): Promise<UserSummaryRow[]> {
  return db
    .select(userSummaryColumns())
    .from(users)
    .where(
      and(
        ne(users.id, viewerId),
        eq(users.isDeleted, false),
        shownNameOrUsernameContains(text),
        notBlockedWith(viewerId, users.id),
      ),
    )
    .orderBy(asc(sql`length(${users.username})`), asc(users.username))
    .limit(limit);
}

/** Ends every session of the user except the one given (deletion keeps the current one so it can be undone). */
export async function deleteOtherSessions(db: Executor, userId: string, keepSessionId: string | null): Promise<void> {
  await db
    .delete(sessions)
    .where(
      keepSessionId ? and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)) : eq(sessions.userId, userId),
    );
}

/**
 * Accounts whose deletion grace period has ended and that are not purged yet (an anonymised account keeps its
 * row with deletionGracePeriodEnd cleared, so it is not picked again).
 */
export async function findAccountsDueForPurge(db: Executor, now: Date, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.isDeleted, true), lte(users.deletionGracePeriodEnd, now)))
    .orderBy(asc(users.deletionGracePeriodEnd))
    .limit(limit);
  return rows.map((row) => row.id);
}

/** Merges preference switches into the stored object in one statement (no read-modify-write race). */
export async function mergePreferences(
  db: Executor,
  userId: string,
  changes: Record<string, unknown>,
  now: Date,
): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ preferences: sql`${users.preferences} || ${JSON.stringify(changes)}::jsonb`, updatedAt: now })
    .where(eq(users.id, userId))
    .returning();
  return row;
}

/** Marks the account deleted; a second request keeps the first end date. */
export async function markScheduledForDeletion(db: Executor, userId: string, end: Date): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({
      isDeleted: true,
      deletionGracePeriodEnd: sql`coalesce(${users.deletionGracePeriodEnd}, ${end.toISOString()}::timestamptz)`,
    })
    .where(eq(users.id, userId))
    .returning();
  return row;
}

/**
 * Undoes a scheduled deletion only while it is still pending (conditional update, so a purge that got there
 * first wins and the cancel changes nothing).
 */
export async function clearScheduledDeletion(db: Executor, userId: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ isDeleted: false, deletionGracePeriodEnd: null })
    .where(and(eq(users.id, userId), eq(users.isDeleted, true), gt(users.deletionGracePeriodEnd, now)))
    .returning({ id: users.id });
  return rows.length > 0;
}

/**
 * Counters other people hold because of this account: followers/following counts of the people on the other
 * side of its follows, and like/comment counts of other people's posts it liked or commented on.
 */
export async function releaseCounters(tx: Executor, userId: string): Promise<void> {
  await tx.execute(sql`
    update ${users} set following_count = greatest(following_count - 1, 0)
    where id in (select follower_id from ${follows} where following_id = ${userId})`);
  await tx.execute(sql`
    update ${users} set followers_count = greatest(followers_count - 1, 0)
    where id in (select following_id from ${follows} where follower_id = ${userId})`);
  await tx.execute(sql`
    update ${posts} set like_count = greatest(like_count - 1, 0)
    where id in (select post_id from ${likes} where user_id = ${userId}) and author_id <> ${userId}`);
  await tx.execute(sql`
    update ${posts} p set comment_count = greatest(p.comment_count - c.n, 0)
    from (select post_id, count(*)::int as n from ${comments} where author_id = ${userId} group by post_id) c
    where p.id = c.post_id and p.author_id <> ${userId}`);
}

/** The account row, locked for the rest of the transaction. */
export async function lockUser(tx: Executor, userId: string): Promise<UserRow | undefined> {
  const [user] = await tx.select().from(users).where(eq(users.id, userId)).for("update");
  return user;
}

/** Whether the money ledger references the account (ledger rows are never deleted). */
export async function hasLedgerAccount(tx: Executor, userId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: ledgerAccounts.id })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.userId, userId))
    .limit(1);
  return row !== undefined;
}

/** Deletes the account row (everything personal cascades). */
export async function deleteUserRow(tx: Executor, userId: string): Promise<void> {
  await tx.delete(users).where(eq(users.id, userId));
}

/** Deletes the account's content and relationships, and ends its sessions; the row itself stays. */
export async function deleteAccountContent(tx: Executor, userId: string): Promise<void> {
  await tx.delete(follows).where(sql`${follows.followerId} = ${userId} or ${follows.followingId} = ${userId}`);
  await tx
    .delete(followRequests)
    .where(sql`${followRequests.requesterId} = ${userId} or ${followRequests.targetId} = ${userId}`);
  await tx.delete(blocks).where(sql`${blocks.blockerId} = ${userId} or ${blocks.blockedId} = ${userId}`);
  await tx.delete(likes).where(eq(likes.userId, userId));
  await tx.delete(comments).where(eq(comments.authorId, userId));
  await tx.delete(posts).where(eq(posts.authorId, userId));
  await tx.delete(uploads).where(eq(uploads.ownerId, userId));
  await tx.delete(businesses).where(eq(businesses.ownerId, userId));
  await tx
    .delete(conversations)
    .where(sql`${conversations.participant1Id} = ${userId} or ${conversations.participant2Id} = ${userId}`);
  await tx.delete(sessions).where(eq(sessions.userId, userId));
}

/** Scrubs the account's personal fields and clears deletionGracePeriodEnd so the purge does not pick it again. */
export async function anonymiseUser(tx: Executor, userId: string, passwordHash: string, now: Date): Promise<void> {
  const anonymousName = `deleted_${userId.replaceAll("-", "")}`;
  await tx
    .update(users)
    .set({
      email: `${anonymousName}@deleted.invalid`,
      passwordHash,
      username: anonymousName,
      firstName: null,
      lastName: null,
      bio: null,
      profileImageUrl: null,
      socialLinks: {},
      customVisibleUsers: [],
      city: null,
      state: null,
      country: null,
      countryCode: null,
      latitude: null,
      longitude: null,
      locationPrivacy: "hidden",
      allowLocationTracking: false,
      followersCount: 0,
      followingCount: 0,
      postsCount: 0,
      isDeleted: true,
      deletionGracePeriodEnd: null,
      updatedAt: now,
    })
    .where(eq(users.id, userId));
}

/** lastActiveAt is written at most this often while a connection stays open (and at connect and close). */
export const LAST_ACTIVE_WRITE_INTERVAL_MS = 60_000;

/** Records that the user has the app open (throttled unless `force`: connect and close always write). */
export async function recordActivity(db: Executor, userId: string, now: Date, force = false): Promise<void> {
  const stale = new Date(now.getTime() - LAST_ACTIVE_WRITE_INTERVAL_MS);
  await db
    .update(users)
    .set({ lastActiveAt: now })
    .where(
      and(eq(users.id, userId), force ? undefined : or(isNull(users.lastActiveAt), lt(users.lastActiveAt, stale))),
    );
}
