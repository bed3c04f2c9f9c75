import { z } from "zod";
import { POST_CONTENT_MAX_LENGTH, POST_MAX_TAGS, POST_TITLE_MAX_LENGTH } from "./constants";
import {
  isCompleteLocationQuery,
  latitude,
  locationQueryFields,
  longitude,
  postLocation,
  RADIUS_FILTER_MESSAGE,
  radiusMiles,
} from "./location";
import { pageQuery } from "./pagination";
import {
  COMMENT_MAX_LENGTH,
  MEDIA_MESSAGES,
  MEDIA_STATUSES,
  MEDIA_TYPES,
  NEARBY_QUERY_MESSAGE,
  POST_ALT_TEXT_MAX_LENGTH,
  POST_ALT_TEXT_TOO_LONG,
  POST_CATEGORIES,
  POST_FORM_TYPES,
  POST_MEDIA_MAX,
  POST_TYPES,
  TRENDING_LIMIT_DEFAULT,
} from "./posts.texts";
import { plainText } from "./text";
import { userSummaryView } from "./users";

export * from "./posts.texts";

export const postCategory = z.enum(POST_CATEGORIES, "Invalid category");
export const postType = z.enum(POST_TYPES);

/** Tags: at most 10, trimmed, empty ones ignored, no duplicates (docs/PRODUCT.md §5). */
const tagList = z
  .array(z.string().max(40, "Tag too long"))
  .transform((tags) => [...new Set(tags.map((tag) => tag.trim()).filter((tag) => tag !== ""))])
  .refine((tags) => tags.length <= POST_MAX_TAGS, "At most 10 tags");
export const postTags = tagList.default([]);

export const postTitle = plainText("Title is required")
  .trim()
  .min(1, "Title is required")
  .max(POST_TITLE_MAX_LENGTH, "Title too long");
export const postAltText = z
  .string("Image description must be text")
  .trim()
  .max(POST_ALT_TEXT_MAX_LENGTH, POST_ALT_TEXT_TOO_LONG);

export const postContent = plainText("Content is required")
  .trim()
  .min(1, "Content is required")
  .max(POST_CONTENT_MAX_LENGTH, "Content too long");

/** Dollars with at most 2 decimals: 0.001 is refused, never rounded to a price nobody can pay. */
const postPrice = z
  .number("Price must be a number")
  .min(0, "Price must be at least 0")
  .max(10_000, "Price too high")
  .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, "Prices have at most 2 decimals");

/** One item of a new post: an address from the upload flow and its description. */
export const postMediaInput = z.object({
  url: z.string("Media address must be text").max(500, "Media address too long"),
  alt: postAltText.nullable().optional(),
});
export type PostMediaInput = z.infer<typeof postMediaInput>;

/** POST /api/posts (docs/PRODUCT.md §5 "Posts"). `price` is in dollars, as the form shows it. */
export const createPostBody = z.object({
  /** May be left out (the first API's payload has none, docs/PRODUCT.md "Fidelity fixes"); sent blank it is refused. */
  title: postTitle.nullable().optional(),
  content: postContent,
  postType: z.enum([...POST_FORM_TYPES, ...POST_TYPES]).default("regular"),
  price: postPrice.nullable().optional(),
  category: postCategory.nullable().optional(),
  tags: postTags,
  isCommentable: z.boolean().default(true),
  isLikeable: z.boolean().default(true),
  /** The older single-list form: addresses only; `altText` describes the first. */
  mediaUrls: z.array(z.string().max(500)).max(POST_MEDIA_MAX, MEDIA_MESSAGES.tooMany).default([]),
  /** The post's media in order, each with its own description (the first mirrors mediaUrl/altText). */
  media: z.array(postMediaInput).max(POST_MEDIA_MAX, MEDIA_MESSAGES.tooMany).optional(),
  /** Alt text of the first image when `mediaUrls` is used; ignored (stored as null) when the post has no media. */
  altText: postAltText.nullable().optional(),
  location: postLocation.nullable().optional(),
  /** "Tag a place": a published business the post is about; its pictures then show on that business's Photos tab. */
  businessId: z.uuid("Invalid place").nullable().optional(),
  /** A live perk of one of the author's partnerships, shown on the post as a card (docs/PRODUCT.md "Partnerships"). */
  perkCouponId: z.uuid("Invalid perk").nullable().optional(),
});
export type CreatePostBody = z.infer<typeof createPostBody>;
export type CreatePostInput = z.input<typeof createPostBody>;

/** One stored width of a picture, for srcset. */
export const mediaVariantView = z.object({ url: z.string(), width: z.number().int(), height: z.number().int() });

/**
 * One media item as read. width/height are the stored full size (the card reserves the box from them);
 * `placeholder` is a ThumbHash (base64) shown until the picture arrives; `variants` are the stored widths,
 * smallest first, the last one being `url` itself. Video items also carry posterUrl, durationSeconds and status.
 */
export const mediaItemView = z.object({
  type: z.enum(MEDIA_TYPES),
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  placeholder: z.string().nullable(),
  alt: z.string().nullable(),
  variants: z.array(mediaVariantView),
  status: z.enum(MEDIA_STATUSES),
  posterUrl: z.string().nullable(),
  durationSeconds: z.number().nullable(),
});
export type MediaItemView = z.infer<typeof mediaItemView>;

/** A post as read (docs/PRODUCT.md §3), with what the viewer may do. */
export const postView = z.object({
  id: z.uuid(),
  authorId: z.uuid(),
  authorName: z.string(),
  author: userSummaryView,
  title: z.string().nullable(),
  content: z.string(),
  createdAt: z.string(),
  postType,
  price: z.number().nullable(),
  isPpv: z.boolean(),
  ppvPrice: z.number().nullable(),
  mediaUrl: z.string().nullable(),
  /** Every media address of the post (the card shows the first); empty when locked. */
  mediaUrls: z.array(z.string()),
  imageUrl: z.string().nullable(),
  /** The author's description of the image, null when none was given (cards then use fallbackImageAlt). */
  altText: z.string().nullable(),
  mediaType: z.enum(MEDIA_TYPES).nullable(),
  /** The post's media items in order (empty when locked or without media); the first mirrors mediaUrl/altText. */
  media: z.array(mediaItemView),
  category: z.string().nullable(),
  tags: z.array(z.string()),
  city: z.string().nullable(),
  state: z.string().nullable(),
  country: z.string().nullable(),
  isLocked: z.boolean(),
  isCommentable: z.boolean(),
  isLikeable: z.boolean(),
  likeCount: z.number().int(),
  commentCount: z.number().int(),
  isLiked: z.boolean(),
  /** When the author last changed the title, text, tags or place; null when never (cards then say nothing). */
  editedAt: z.string().nullable(),
  /**
   * For the author: someone has paid for this post, so its type and price can no longer change (the Edit dialog
   * shows them disabled). Always false for anyone else.
   */
  priceLocked: z.boolean(),
  /** The place the post is tagged to (a published business), shown as a link on the post; null when none. */
  business: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  /** The attached partner perk's coupon id while the perk is live, else null. */
  perkCouponId: z.uuid().nullable(),
  /** What the perk card shows: the business and the offer (null when no live perk is attached). */
  perk: z
    .object({
      id: z.uuid(),
      title: z.string(),
      businessId: z.uuid(),
      businessName: z.string(),
      discountType: z.enum(["percentage", "fixed", "freeItem"]),
      discountValue: z.number(),
    })
    .nullable(),
  /** What this viewer may do with the post, decided by the server (the UI never re-derives a rule). */
  abilities: z.object({
    canLike: z.boolean(),
    canComment: z.boolean(),
    canDelete: z.boolean(),
    canEdit: z.boolean(),
  }),
});
export type PostView = z.infer<typeof postView>;

/** One page of posts: a JSON array; the next page's cursor travels in the X-Next-Cursor header. */
export const postPage = z.array(postView);

export const postIdParams = z.object({ id: z.uuid("Invalid post id") });
export const likeParams = z.object({ postId: z.uuid("Invalid post id") });
export const likeBody = z.object({ postId: z.uuid("Invalid post id") });

/** Answer of POST /api/likes and DELETE /api/likes/{postId}: the state after the call. */
export const likeView = z.object({ postId: z.uuid(), isLiked: z.boolean(), likeCount: z.number().int() });
export type LikeView = z.infer<typeof likeView>;

/** GET /api/posts/feed: a page plus the location filter (docs/PRODUCT.md §7 + §3). */
export const feedQuery = z
  .object({ ...pageQuery.shape, ...locationQueryFields })
  .refine(isCompleteLocationQuery, { message: RADIUS_FILTER_MESSAGE, path: ["radius"] });
export type FeedQuery = z.infer<typeof feedQuery>;
/**
 * GET /api/posts/nearby: posts anyone may see, made within `radius` miles of a point, newest first (the local
 * feed of someone who follows nobody yet). All three of latitude, longitude and radius are required.
 */
export const nearbyQuery = z
  .object({
    ...pageQuery.shape,
    latitude: latitude.optional(),
    longitude: longitude.optional(),
    radius: radiusMiles.optional(),
  })
  .transform((query, context) => {
    const { latitude: lat, longitude: lng, radius, ...page } = query;
    if (lat === undefined || lng === undefined || radius === undefined) {
      context.addIssue({ code: "custom", message: NEARBY_QUERY_MESSAGE, path: ["radius"] });
      return z.NEVER;
    }
    return { ...page, latitude: lat, longitude: lng, radius };
  });
export type NearbyQuery = z.infer<typeof nearbyQuery>;

/**
 * PATCH /api/posts/{id}: what the author may change after publishing. Fields left out stay as they are; a null
 * title or location removes it. Type and price may change only while nobody has paid for the post.
 */
export const updatePostBody = z
  .object({
    title: postTitle.nullable().optional(),
    content: postContent.optional(),
    /** No default here: tags left out stay as they are. */
    tags: tagList.optional(),
    location: postLocation.nullable().optional(),
    postType: z.enum([...POST_FORM_TYPES, ...POST_TYPES]).optional(),
    price: postPrice.nullable().optional(),
    /** The tagged place; null removes the tag. */
    businessId: z.uuid("Invalid place").nullable().optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), "Nothing to change");
export type UpdatePostBody = z.infer<typeof updatePostBody>;
export type UpdatePostInput = z.input<typeof updatePostBody>;
/** GET /api/posts/trending: the most-liked recent posts, optionally near a place. */
export const trendingQuery = z
  .object({
    ...locationQueryFields,
    limit: z.coerce.number().int().min(1).max(50).default(TRENDING_LIMIT_DEFAULT),
  })
  .refine(isCompleteLocationQuery, { message: RADIUS_FILTER_MESSAGE, path: ["radius"] });
export const createCommentBody = z.object({
  content: plainText("Comment is required")
    .trim()
    .min(1, "Comment is required")
    .max(COMMENT_MAX_LENGTH, "Comment too long"),
});
/** PATCH /api/comments/{id}: the new text (author only). */
export const updateCommentBody = createCommentBody;
export type UpdateCommentBody = z.infer<typeof updateCommentBody>;
export const commentIdParams = z.object({ id: z.uuid("Invalid comment id") });

export const commentView = z.object({
  id: z.uuid(),
  postId: z.uuid(),
  authorId: z.uuid(),
  author: userSummaryView,
  content: z.string(),
  createdAt: z.string(),
  /** When the author last changed the text; null when never. */
  editedAt: z.string().nullable(),
  /** Edit: the comment's author. Delete: the comment's author or the post's author. */
  abilities: z.object({ canEdit: z.boolean(), canDelete: z.boolean() }),
});
export type CommentView = z.infer<typeof commentView>;

/** One page of comments: a JSON array; the next page's cursor travels in the X-Next-Cursor header. */
export const commentPage = z.array(commentView);
export type CreateCommentBody = z.infer<typeof createCommentBody>;
