// Texts, constants and pure rules of posts: no zod, so the web app's first screen can import them without
// evaluating schemas. The schemas are in ./posts.ts, which re-exports all of this.

export const POST_CATEGORIES = [
  "food",
  "entertainment",
  "lifestyle",
  "travel",
  "business",
  "events",
  "community",
] as const;

/** Stored post types, as the cards read them. */
export const POST_TYPES = ["free", "ppv", "subscriber"] as const;
export type PostType = (typeof POST_TYPES)[number];

/** Values the create form uses; docs/PRODUCT.md "Social" maps them to stored types. */
export const POST_FORM_TYPES = ["regular", "premium"] as const;
/** What a new post says of its type and price (the create body's fields, as parsed). */
type PostPricing = { postType: PostType | (typeof POST_FORM_TYPES)[number]; price?: number | null };

/** Describes the post's image for people who cannot see it (WCAG 1.1.1); blank means "none given". */
export const POST_ALT_TEXT_MAX_LENGTH = 300;
export const POST_ALT_TEXT_TOO_LONG = `Image description too long (max ${POST_ALT_TEXT_MAX_LENGTH} characters)`;

/** What a card says about a post image whose author gave no description. */
export function fallbackImageAlt(authorName: string): string {
  return `Image posted by ${authorName}`;
}

/** A post holds up to this many pictures, or one video (docs/PRODUCT.md "Media"). */
export const POST_MEDIA_MAX = 4;

export const MEDIA_MESSAGES = {
  tooMany: `A post holds at most ${POST_MEDIA_MAX} pictures`,
  mixed: "A post holds pictures or one video, not both",
  oneVideo: "A post holds one video",
  eitherField: "Send the post's media as media or as mediaUrls, not both",
  duplicate: "The same picture is in this post twice",
} as const;

/** Maps the form's regular/premium to the stored type (docs/PRODUCT.md "Social"). */
export function resolvePostType(body: PostPricing): PostType {
  if (body.postType === "regular" || body.postType === "free") return "free";
  if (body.postType === "premium") return body.price && body.price > 0 ? "ppv" : "subscriber";
  return body.postType;
}

/**
 * Why a new post's price is refused, or null. `premium` with a price above 0 is pay-per-view and without one is
 * for subscribers (docs/PRODUCT.md "Social"); an explicit `ppv` needs a price above 0, or it could never be unlocked.
 */
export function postPriceProblem(body: PostPricing): string | null {
  if (body.postType === "ppv" && !(body.price && body.price > 0)) return POST_MESSAGES.ppvPriceRequired;
  return null;
}

export const MEDIA_TYPES = ["image", "video"] as const;
export type MediaType = (typeof MEDIA_TYPES)[number];
export const MEDIA_STATUSES = ["processing", "ready", "failed"] as const;
export type MediaStatus = (typeof MEDIA_STATUSES)[number];

/** The `srcset` attribute of a picture's stored widths. */
export function mediaSrcSet(item: { variants: readonly { url: string; width: number }[] }): string {
  return item.variants.map((variant) => `${variant.url} ${variant.width}w`).join(", ");
}

export const NEARBY_QUERY_MESSAGE = "Near you needs latitude, longitude and radius";

/** How far back "trending" looks. */
export const TRENDING_WINDOW_DAYS = 7;
export const TRENDING_LIMIT_DEFAULT = 10;

/** Messages of the posts domain, shown by server and client alike. */
export const POST_MESSAGES = {
  created: { title: "Post Created", description: "Your post has been published successfully!" },
  createFailed: "Failed to create post",
  fetchFailed: "Failed to fetch posts",
  likeFailed: "Failed to update like. Please try again.",
  linkCopied: "Link copied",
  notFound: "Post not found",
  notVisible: "You cannot see this content",
  userNotFound: "User not found",
  notAuthor: "Only the author can delete this post",
  notAuthorEdit: "Only the author can edit this post",
  paidTypeFixed: "People have paid for this post: its type and price can no longer change",
  hasBuyers: "This post has buyers, so it can no longer be edited",
  placeNotFound: "That place is not on Plaza (or not published yet)",
  edited: "Post updated",
  editFailed: "Failed to update post.",
  commentNotFound: "Comment not found",
  commentNotAuthor: "Only the author can edit this comment",
  commentDeleteRefused: "Only the comment's author or the post's author can delete this comment",
  commentEdited: "Comment updated",
  commentDeleted: "Comment deleted",
  commentEditFailed: "Failed to update comment.",
  commentDeleteFailed: "Failed to delete comment.",
  notLikeable: "Likes are turned off for this post",
  notCommentable: "Comments are turned off for this post",
  commentsLocked: "Only people who can see the whole post can read and write its comments",
  commentFailed: "Failed to add comment. Please try again.",
  deleted: "Post deleted",
  hasPurchases: "This post has been paid for and cannot be deleted",
  deleteFailed: "Failed to delete post.",
  ppvPriceRequired: "Enter a price above 0 for pay-per-view",
  paidPostsCreatorsOnly: "Only creator profiles can publish pay-per-view or subscriber posts",
  tagsFull: "At most 10 tags",
  tagDuplicate: "This tag is already added",
} as const;

export const COMMENT_MAX_LENGTH = 1000;
