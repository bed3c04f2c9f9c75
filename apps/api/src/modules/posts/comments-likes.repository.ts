/** Likes and comments: their rows and the posts' counters. */
import { and, eq, type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { notifications } from "../../db/schema/notifications";
import { comments, likes, posts } from "../../db/schema/posts";
import { users } from "../../db/schema/users";
import { encodeCursor, type KeysetCursor } from "../../lib/cursor";
import { oldestFirst, type PageRequest, paginate } from "../../lib/paginate";
import { notBlockedWith } from "../relationships/relationships.repository";
import { authorColumns } from "./posts.repository";

/** Adds a like; false when it already existed (idempotent). */
export async function insertLike(db: Executor, postId: string, userId: string, now: Date): Promise<boolean> {
  const inserted = await db
    .insert(likes)
    .values({ postId, userId, createdAt: now })
    .onConflictDoNothing()
    .returning({ postId: likes.postId });
  return inserted.length > 0;
}

export async function deleteLike(db: Executor, postId: string, userId: string): Promise<boolean> {
  const deleted = await db
    .delete(likes)
    .where(and(eq(likes.postId, postId), eq(likes.userId, userId)))
    .returning({ postId: likes.postId });
  return deleted.length > 0;
}

/** True when this actor's like of this post was already notified (an unlike and like again stays quiet). */
export async function wasLikeNotified(
  db: Executor,
  like: { postId: string; authorId: string; actorId: string },
): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(notifications)
    .where(
      and(
        // user_id first: the notifications index starts with it.
        eq(notifications.userId, like.authorId),
        eq(notifications.type, "like"),
        eq(notifications.entityId, like.postId),
        eq(notifications.actorId, like.actorId),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Moves a counter column atomically (`n = n + delta` in one UPDATE, never read-then-write) and returns it. */
export async function changeLikeCount(db: Executor, postId: string, delta: 1 | -1): Promise<number> {
  const [row] = await db
    .update(posts)
    .set({ likeCount: sql`greatest(0, ${posts.likeCount} + ${delta})` })
    .where(eq(posts.id, postId))
    .returning({ likeCount: posts.likeCount });
  return row?.likeCount ?? 0;
}

export async function selectLikeCount(db: Executor, postId: string): Promise<number> {
  const [row] = await db.select({ likeCount: posts.likeCount }).from(posts).where(eq(posts.id, postId));
  return row?.likeCount ?? 0;
}

export async function isPostLikedBy(db: Executor, postId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(likes)
    .where(and(eq(likes.postId, postId), eq(likes.userId, userId)))
    .limit(1);
  return row !== undefined;
}

export async function incrementCommentCount(db: Executor, postId: string): Promise<void> {
  await db
    .update(posts)
    .set({ commentCount: sql`${posts.commentCount} + 1` })
    .where(eq(posts.id, postId));
}

export type CommentRow = typeof comments.$inferSelect;

export async function insertComment(
  db: Executor,
  values: { postId: string; authorId: string; content: string; createdAt: Date },
): Promise<CommentRow> {
  const [row] = await db.insert(comments).values(values).returning();
  if (!row) throw new Error("insert into comments returned no row");
  return row;
}

/** A post's comments, oldest first, after the cursor; comments of users blocked with the viewer are left out. */
export function selectComments(
  db: Executor,
  options: { postId: string; viewerId: string | null },
  page: PageRequest<KeysetCursor>,
) {
  const conditions: SQL[] = [sql`${comments.postId} = ${options.postId}`];
  if (options.viewerId) conditions.push(notBlockedWith(options.viewerId, comments.authorId));
  return paginate(
    page,
    oldestFirst(comments.createdAt, comments.id),
    ({ after, orderBy, limit }) =>
      db
        .select({ comment: comments, author: authorColumns })
        .from(comments)
        .innerJoin(users, eq(users.id, comments.authorId))
        .where(and(...conditions, after))
        .orderBy(...orderBy)
        .limit(limit),
    (row) => encodeCursor(row.comment),
  );
}

export async function findUserPrivacy(db: Executor, userId: string) {
  const [row] = await db
    .select({
      id: users.id,
      accountVisibility: users.accountVisibility,
      customVisibleUsers: users.customVisibleUsers,
      isLimited: users.isLimited,
      isDeleted: users.isDeleted,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}

export async function findCommentById(db: Executor, commentId: string) {
  const [row] = await db
    .select({ comment: comments, postAuthorId: posts.authorId, author: authorColumns })
    .from(comments)
    .innerJoin(posts, eq(posts.id, comments.postId))
    .innerJoin(users, eq(users.id, comments.authorId))
    .where(eq(comments.id, commentId))
    .limit(1);
  return row;
}

export async function updateCommentRow(db: Executor, commentId: string, content: string, editedAt: Date) {
  const [row] = await db.update(comments).set({ content, editedAt }).where(eq(comments.id, commentId)).returning();
  return row;
}

export async function deleteCommentRow(db: Executor, commentId: string): Promise<CommentRow | undefined> {
  const [row] = await db.delete(comments).where(eq(comments.id, commentId)).returning();
  return row;
}

export async function decrementCommentCount(db: Executor, postId: string): Promise<void> {
  await db
    .update(posts)
    .set({ commentCount: sql`greatest(0, ${posts.commentCount} - 1)` })
    .where(eq(posts.id, postId));
}
