import { LOCKED_PREVIEW_LENGTH } from "@plaza/contracts/constants";
import type { CommentView, MediaItemView, PostView } from "@plaza/contracts/posts";
import { presentUserSummary, shownName } from "../users/users.presenter";
import type { CommentRow } from "./comments-likes.repository";
import { canViewFull } from "./posts.policy";
import type { PostListRow, PostMediaJson } from "./posts.repository";

/** `/uploads/{id}.webp` → `/uploads/{id}-{width}.webp`: where a smaller stored width of a picture lives. */
function variantUrl(url: string, width: number): string {
  return url.replace(/\.webp$/, `-${width}.webp`);
}

/** A stored media item as read: its widths for srcset (smallest first, the full picture last). */
export function presentMediaItem(item: PostMediaJson): MediaItemView {
  // A picture with no state was stored before pictures had a job: ready. A video without its upload: failed.
  const status = item.processingStatus ?? (item.type === "video" ? "failed" : "ready");
  // A picture's stored widths exist only once its job made them.
  const variants =
    item.type === "image" && status === "ready"
      ? [
          ...[...item.variantWidths]
            .filter((width) => width < item.width)
            .sort((a, b) => a - b)
            .map((width) => ({
              url: variantUrl(item.url, width),
              width,
              height: Math.max(1, Math.round((item.height * width) / item.width)),
            })),
          { url: item.url, width: item.width, height: item.height },
        ]
      : [];
  return {
    type: item.type,
    url: item.url,
    width: item.width,
    height: item.height,
    placeholder: item.placeholder,
    alt: item.alt,
    variants,
    status,
    posterUrl:
      item.type === "video" && status === "ready" && item.uploadId ? `/uploads/${item.uploadId}-poster.webp` : null,
    durationSeconds: item.type === "video" ? item.durationSeconds : null,
  };
}

/** Integer cents → dollars as the cards show them. */
export function centsToDollars(cents: number | null): number | null {
  return cents === null ? null : cents / 100;
}

/**
 * What a locked post shows of its content: its start, at most LOCKED_PREVIEW_LENGTH characters and never more than
 * half of it, so a short paid post is not given away whole as its own preview.
 */
export function lockedPreview(content: string): string {
  const shown = Math.min(LOCKED_PREVIEW_LENGTH, Math.floor(content.length / 2));
  return `${content.slice(0, shown).trimEnd()}…`;
}

/**
 * Who a post speaks as: its author, or for a business account its business (presentUserSummary's rule: the name
 * as authorName and in the summary, the logo as the picture, or no picture so the business's initials show).
 */
function presentPostAuthor(row: Pick<PostListRow, "author">) {
  return { authorName: shownName(row.author), author: presentUserSummary(row.author) };
}

/**
 * A post as this viewer may see it. A locked post (canViewFull false) leaves with isLocked true, no media and
 * only a preview of its content (docs/PRODUCT.md "Privacy"); the author always sees all.
 */
export function presentPost(row: PostListRow, viewerId: string | null): PostView {
  const { post } = row;
  const isLocked = !canViewFull(viewerId, post, row);
  const mediaUrls = isLocked ? [] : post.mediaUrls;
  const mediaUrl = mediaUrls[0] ?? null;
  const price = post.postType === "ppv" ? centsToDollars(post.priceCents) : null;
  const perk = row.perk ? { ...row.perk, discountValue: Number(row.perk.discountValue) } : null;
  return {
    perkCouponId: perk?.id ?? null,
    perk,
    id: post.id,
    authorId: post.authorId,
    ...presentPostAuthor(row),
    title: post.title,
    content: isLocked ? lockedPreview(post.content) : post.content,
    createdAt: post.createdAt.toISOString(),
    postType: post.postType,
    price,
    isPpv: post.postType === "ppv",
    ppvPrice: price,
    mediaUrl,
    mediaUrls,
    imageUrl: mediaUrl && post.mediaType === "image" ? mediaUrl : null,
    altText: mediaUrl ? post.altText : null,
    mediaType: mediaUrl ? post.mediaType : null,
    media: isLocked ? [] : row.media.map(presentMediaItem),
    category: post.category,
    tags: post.tags,
    city: post.city,
    state: post.state,
    country: post.country,
    isLocked,
    isCommentable: post.isCommentable,
    isLikeable: post.isLikeable,
    likeCount: post.likeCount,
    commentCount: post.commentCount,
    isLiked: row.isLiked,
    editedAt: post.editedAt?.toISOString() ?? null,
    priceLocked: viewerId !== null && viewerId === post.authorId && row.priceLocked,
    business: row.business,
    abilities: {
      canLike: viewerId !== null && post.isLikeable,
      // A locked post's comments are for those who may see it whole (docs/PRODUCT.md "Closing the outside review").
      canComment: viewerId !== null && post.isCommentable && !isLocked,
      canDelete: viewerId !== null && viewerId === post.authorId,
      canEdit: viewerId !== null && viewerId === post.authorId,
    },
  };
}

/**
 * A comment with what the viewer may do: its author edits and deletes it, the post's author may delete it too
 * (docs/PRODUCT.md "Local discovery").
 */
export function presentComment(
  row: { comment: CommentRow; author: PostListRow["author"] },
  viewerId: string | null,
  postAuthorId: string,
): CommentView {
  const isCommentAuthor = viewerId !== null && viewerId === row.comment.authorId;
  return {
    id: row.comment.id,
    postId: row.comment.postId,
    authorId: row.comment.authorId,
    author: presentUserSummary(row.author),
    content: row.comment.content,
    createdAt: row.comment.createdAt.toISOString(),
    editedAt: row.comment.editedAt?.toISOString() ?? null,
    abilities: {
      canEdit: isCommentAuthor,
      canDelete: isCommentAuthor || (viewerId !== null && viewerId === postAuthorId),
    },
  };
}
