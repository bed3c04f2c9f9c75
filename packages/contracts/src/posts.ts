import { z } from "zod";
import { POST_CONTENT_MAX_LENGTH, POST_MAX_TAGS, POST_TITLE_MAX_LENGTH } from "./constants";
import { postLocation } from "./location";
import { userSummaryView } from "./users";

export const POST_CATEGORIES = [
  "food",
  "entertainment",
  "lifestyle",
  "travel",
  "business",
  "events",
  "community",
] as const;
export const postCategory = z.enum(POST_CATEGORIES);

/** Stored post types, as the cards read them. */
export const POST_TYPES = ["free", "ppv", "subscriber"] as const;
export const postType = z.enum(POST_TYPES);
export type PostType = z.infer<typeof postType>;

/** Values the create form uses; CONTRACT "Social" maps them to stored types. */
export const POST_FORM_TYPES = ["regular", "premium"] as const;

/** Tags: at most 10, trimmed, empty ones ignored, no duplicates (seed-spec §5). */
export const postTags = z
  .array(z.string().max(40, "Tag too long"))
  .default([])
  .transform((tags) => [...new Set(tags.map((tag) => tag.trim()).filter((tag) => tag !== ""))])
  .refine((tags) => tags.length <= POST_MAX_TAGS, "At most 10 tags");

export const postTitle = z
  .string("Title is required")
  .trim()
  .min(1, "Title is required")
  .max(POST_TITLE_MAX_LENGTH, "Title too long");
export const postContent = z
  .string("Content is required")
  .trim()
  .min(1, "Content is required")
  .max(POST_CONTENT_MAX_LENGTH, "Content too long");

/** POST /api/posts (seed-spec §5 "Create post"). `price` is in dollars, as the form shows it. */
export const createPostBody = z.object({
  title: postTitle,
  content: postContent,
  postType: z.enum([...POST_FORM_TYPES, ...POST_TYPES]).default("regular"),
  price: z.number().min(0, "Price must be at least 0").max(10_000, "Price too high").nullable().optional(),
  category: postCategory.nullable().optional(),
  tags: postTags,
  isCommentable: z.boolean().default(true),
  isLikeable: z.boolean().default(true),
  mediaUrls: z.array(z.string().max(500)).max(4, "At most 4 media files").default([]),
  location: postLocation.nullable().optional(),
});
export type CreatePostBody = z.infer<typeof createPostBody>;
export type CreatePostInput = z.input<typeof createPostBody>;

/** Maps the form's regular/premium to the stored type (CONTRACT "Social"). */
export function resolvePostType(body: Pick<CreatePostBody, "postType" | "price">): PostType {
  if (body.postType === "regular" || body.postType === "free") return "free";
  if (body.postType === "premium") return body.price && body.price > 0 ? "ppv" : "subscriber";
  return body.postType;
}

export const MEDIA_TYPES = ["image", "video"] as const;

/** A post as read (seed-spec §3), with what the viewer may do. */
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
  imageUrl: z.string().nullable(),
  mediaType: z.enum(MEDIA_TYPES).nullable(),
  category: z.string().nullable(),
  tags: z.array(z.string()),
  city: z.string().nullable(),
  country: z.string().nullable(),
  isLocked: z.boolean(),
  isCommentable: z.boolean(),
  isLikeable: z.boolean(),
  likeCount: z.number().int(),
  commentCount: z.number().int(),
  isLiked: z.boolean(),
});
export type PostView = z.infer<typeof postView>;

export const likeBody = z.object({ postId: z.uuid("Invalid post id") });

export const COMMENT_MAX_LENGTH = 1000;
export const createCommentBody = z.object({
  content: z
    .string("Comment is required")
    .trim()
    .min(1, "Comment is required")
    .max(COMMENT_MAX_LENGTH, "Comment too long"),
});
