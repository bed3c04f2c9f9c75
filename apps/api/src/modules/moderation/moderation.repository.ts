import type { AppealStatus } from "@plaza/contracts/moderation";
import { and, eq, sql } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { appeals, moderationNotices } from "../../db/schema/moderation";
import { posts } from "../../db/schema/posts";
import { reports } from "../../db/schema/reports";
import { users } from "../../db/schema/users";
import type { KeysetCursor } from "../../lib/cursor";
import { encodeCursor } from "../../lib/cursor";
import { newestFirst, type PageRequest, paginate } from "../../lib/paginate";
import { userSummaryColumns } from "../users/user-summary.repository";

export type NoticeRow = typeof moderationNotices.$inferSelect;
export type AppealRow = typeof appeals.$inferSelect;

export async function insertNotice(db: Executor, values: typeof moderationNotices.$inferInsert): Promise<NoticeRow> {
  const [row] = await db.insert(moderationNotices).values(values).returning();
  if (!row) throw new Error("insert returned no row");
  return row;
}

export async function findNoticeById(db: Executor, noticeId: string): Promise<NoticeRow | undefined> {
  const [row] = await db.select().from(moderationNotices).where(eq(moderationNotices.id, noticeId)).limit(1);
  return row;
}

export async function markNoticeReversed(db: Executor, noticeId: string, at: Date): Promise<void> {
  await db.update(moderationNotices).set({ reversedAt: at }).where(eq(moderationNotices.id, noticeId));
}

export async function findAppealOfNotice(db: Executor, noticeId: string): Promise<AppealRow | undefined> {
  const [row] = await db.select().from(appeals).where(eq(appeals.noticeId, noticeId)).limit(1);
  return row;
}

/** Stores the notice's one appeal; undefined when it already has one (the unique index decides under races). */
export async function insertAppeal(db: Executor, values: typeof appeals.$inferInsert): Promise<AppealRow | undefined> {
  const [row] = await db.insert(appeals).values(values).onConflictDoNothing().returning();
  return row;
}

/** Locks an open appeal for its decision; undefined when there is none or it is decided. */
export async function findAppealForDecision(db: Executor, appealId: string): Promise<AppealRow | undefined> {
  const [row] = await db.select().from(appeals).where(eq(appeals.id, appealId)).limit(1).for("update");
  return row;
}

export async function decideAppealRow(
  db: Executor,
  appealId: string,
  values: { status: Exclude<AppealStatus, "open">; decidedBy: string; decisionNote: string | null; decidedAt: Date },
): Promise<AppealRow | undefined> {
  const [row] = await db
    .update(appeals)
    .set(values)
    .where(and(eq(appeals.id, appealId), eq(appeals.status, "open")))
    .returning();
  return row;
}

/** A page of appeals with a status, newest first, each with its notice and the person. */
export function selectAppealsPage(db: Executor, status: AppealStatus, page: PageRequest<KeysetCursor>) {
  return paginate(
    page,
    newestFirst(appeals.createdAt, appeals.id),
    ({ after, orderBy, limit }) =>
      db
        .select({ appeal: appeals, notice: moderationNotices, user: userSummaryColumns() })
        .from(appeals)
        .innerJoin(moderationNotices, eq(moderationNotices.id, appeals.noticeId))
        .leftJoin(users, eq(users.id, appeals.userId))
        .where(and(eq(appeals.status, status), after))
        .orderBy(...orderBy)
        .limit(limit),
    (row) => encodeCursor(row.appeal),
  );
}

export async function setModeratorFlag(db: Executor, userId: string, isModerator: boolean, now: Date) {
  const [row] = await db
    .update(users)
    .set({ isModerator, updatedAt: now })
    .where(eq(users.id, userId))
    .returning({ id: users.id, isModerator: users.isModerator });
  return row;
}

export async function setLimitedFlag(db: Executor, userId: string, isLimited: boolean, now: Date): Promise<void> {
  await db.update(users).set({ isLimited, updatedAt: now }).where(eq(users.id, userId));
}

/** Hides or shows a post again; answers whether the post exists. */
export async function setPostHidden(db: Executor, postId: string, hiddenAt: Date | null): Promise<boolean> {
  const rows = await db.update(posts).set({ hiddenAt }).where(eq(posts.id, postId)).returning({ id: posts.id });
  return rows.length > 0;
}

/** How many removed posts one purge run erases (the next run takes the rest). */
const PURGE_BATCH = 500;

/**
 * Posts a moderator deleted before `before` whose notices have no appeal open: their window has passed, or their
 * appeal was denied.
 */
export async function selectPurgeableRemovedPosts(db: Executor, before: Date): Promise<string[]> {
  const rows = await db
    .select({ id: posts.id })
    .from(posts)
    .where(
      and(
        sql`${posts.removedAt} < ${before.toISOString()}::timestamptz`,
        sql`not exists (select 1 from ${moderationNotices} join ${appeals} on ${appeals.noticeId} = ${moderationNotices.id} where ${moderationNotices.postId} = ${posts.id}::text and ${appeals.status} = 'open')`,
      ),
    )
    .limit(PURGE_BATCH);
  return rows.map((row) => row.id);
}

export async function findPostForModeration(db: Executor, postId: string) {
  const [row] = await db
    .select({
      id: posts.id,
      authorId: posts.authorId,
      title: posts.title,
      content: posts.content,
      postType: posts.postType,
    })
    .from(posts)
    .where(eq(posts.id, postId))
    .limit(1);
  return row;
}

/** Assigns an open report; undefined when it is not open (resolved meanwhile) or does not exist. */
export async function assignOpenReport(db: Executor, reportId: string, moderatorId: string) {
  const [row] = await db
    .update(reports)
    .set({ assignedTo: moderatorId })
    .where(and(eq(reports.id, reportId), eq(reports.status, "open")))
    .returning();
  return row;
}
