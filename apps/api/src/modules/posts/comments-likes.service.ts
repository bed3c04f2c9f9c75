import type { CommentView, CreateCommentBody, LikeView, UpdateCommentBody } from "@plaza/contracts/posts";
import { POST_MESSAGES } from "@plaza/contracts/posts";
import { USERS_MESSAGES } from "@plaza/contracts/users";
import type { AppContext } from "../../app-context";
import { forbidden, notFound } from "../../lib/app-error";
import { decodeCursor, mapPage, type Page } from "../../lib/cursor";
import { inTransaction } from "../../lib/unit-of-work";
import { assertNewAccountQuota } from "../instance/new-account-limits";
import { notify } from "../notifications/notifications.service";
import { findUserSummary } from "../users/user-summary.repository";
import type { Viewer } from "../users/viewer";
import {
  changeLikeCount,
  decrementCommentCount,
  deleteCommentRow,
  deleteLike,
  findCommentById,
  incrementCommentCount,
  insertComment,
  insertLike,
  isPostLikedBy,
  selectComments,
  selectLikeCount,
  updateCommentRow,
  wasLikeNotified,
} from "./comments-likes.repository";
import type { PageRequest } from "./feed.service";
import { canViewFull } from "./posts.policy";
import { presentComment } from "./posts.presenter";
import { findPostById, type PostRow } from "./posts.repository";
import { assertWithinQuota, requireVisiblePost } from "./posts.service";

/** Likes and comments on posts. */

export const COMMENTS_PER_HOUR = 300;

function assertLikeable(post: PostRow): void {
  if (!post.isLikeable) throw forbidden(POST_MESSAGES.notLikeable, "NOT_LIKEABLE");
}

/** Likes a post once (a repeat changes nothing); likeCount and the author's notification in the same transaction. */
export async function likePost(context: AppContext, viewer: Viewer, postId: string): Promise<LikeView> {
  const { post } = await requireVisiblePost(context, viewer, postId);
  assertLikeable(post);
  const now = context.clock.now();
  return inTransaction(context, async (tx, effects) => {
    const isNew = await insertLike(tx, postId, viewer.id, now);
    if (!isNew) return { postId, isLiked: true, likeCount: await selectLikeCount(tx, postId) };
    const likeCount = await changeLikeCount(tx, postId, 1);
    if (!(await wasLikeNotified(tx, { postId, authorId: post.authorId, actorId: viewer.id }))) {
      await notify(tx, effects, {
        userId: post.authorId,
        type: "like",
        actorId: viewer.id,
        entityType: "post",
        entityId: postId,
      });
    }
    return { postId, isLiked: true, likeCount };
  });
}

/** Removes the viewer's like, if any (a repeat changes nothing). */
export async function unlikePost(context: AppContext, viewer: Viewer, postId: string): Promise<LikeView> {
  const post = await findPostById(context.db, postId);
  if (!post) throw notFound(POST_MESSAGES.notFound);
  return context.db.transaction(async (tx) => {
    const wasLiked = await deleteLike(tx, postId, viewer.id);
    const likeCount = wasLiked ? await changeLikeCount(tx, postId, -1) : await selectLikeCount(tx, postId);
    return { postId, isLiked: await isPostLikedBy(tx, postId, viewer.id), likeCount };
  });
}

export async function listComments(
  context: AppContext,
  viewer: Viewer | null,
  postId: string,
  page: PageRequest,
): Promise<Page<CommentView>> {
  const { post } = await requireCommentablePost(context, viewer, postId);
  const comments = await selectComments(
    context.db,
    { postId, viewerId: viewer?.id ?? null },
    { limit: page.limit, cursor: decodeCursor(page.cursor) },
  );
  return mapPage(comments, (row) => presentComment(row, viewer?.id ?? null, post.authorId));
}

/**
 * The post, when the viewer may read and write its comments: they see the post, and see it whole (a locked post's
 * comments would give its hidden part away; docs/PRODUCT.md "Closing the outside review").
 */
async function requireCommentablePost(context: AppContext, viewer: Viewer | null, postId: string) {
  const row = await requireVisiblePost(context, viewer, postId);
  if (!canViewFull(viewer?.id ?? null, row.post, row)) throw forbidden(POST_MESSAGES.commentsLocked, "POST_LOCKED");
  return row;
}

/** Adds a comment; commentCount and the author's notification in the same transaction. */
export async function addComment(
  context: AppContext,
  viewer: Viewer & { createdAt: Date },
  postId: string,
  body: CreateCommentBody,
): Promise<CommentView> {
  const { post } = await requireCommentablePost(context, viewer, postId);
  if (!post.isCommentable) throw forbidden(POST_MESSAGES.notCommentable, "NOT_COMMENTABLE");
  await assertWithinQuota(context, `comments:${viewer.id}`, COMMENTS_PER_HOUR);
  await assertNewAccountQuota(context, viewer, "comments");
  const now = context.clock.now();
  const comment = await inTransaction(context, async (tx, effects) => {
    const inserted = await insertComment(tx, { postId, authorId: viewer.id, content: body.content, createdAt: now });
    await incrementCommentCount(tx, postId);
    await notify(tx, effects, {
      userId: post.authorId,
      type: "comment",
      actorId: viewer.id,
      entityType: "post",
      entityId: postId,
      data: { commentId: inserted.id },
    });
    return inserted;
  });
  const author = await findUserSummary(context.db, viewer.id);
  if (!author) throw notFound(USERS_MESSAGES.userNotFound);
  return presentComment({ comment, author }, viewer.id, post.authorId);
}

/** Changes a comment's text; only its author may. */
export async function updateComment(
  context: AppContext,
  viewer: Viewer,
  commentId: string,
  body: UpdateCommentBody,
): Promise<CommentView> {
  const found = await findCommentById(context.db, commentId);
  if (!found) throw notFound(POST_MESSAGES.commentNotFound);
  if (found.comment.authorId !== viewer.id) throw forbidden(POST_MESSAGES.commentNotAuthor, "NOT_AUTHOR");
  await requireCommentablePost(context, viewer, found.comment.postId);
  const comment =
    found.comment.content === body.content
      ? found.comment
      : await updateCommentRow(context.db, commentId, body.content, context.clock.now());
  if (!comment) throw notFound(POST_MESSAGES.commentNotFound);
  return presentComment({ comment, author: found.author }, viewer.id, found.postAuthorId);
}

/** Deletes a comment: its author or the post's author may. The post's commentCount follows in the transaction. */
export async function deleteComment(context: AppContext, viewer: Viewer, commentId: string): Promise<void> {
  await context.db.transaction(async (tx) => {
    const found = await findCommentById(tx, commentId);
    if (!found) throw notFound(POST_MESSAGES.commentNotFound);
    if (found.comment.authorId !== viewer.id && found.postAuthorId !== viewer.id) {
      throw forbidden(POST_MESSAGES.commentDeleteRefused, "NOT_AUTHOR");
    }
    const deleted = await deleteCommentRow(tx, commentId);
    if (deleted) await decrementCommentCount(tx, deleted.postId);
  });
}
