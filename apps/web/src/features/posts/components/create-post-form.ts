import { type CreatePostInput, createPostBody } from "@plaza/contracts/posts";
import { POST_CATEGORIES, POST_TYPES, postPriceProblem } from "@plaza/contracts/posts.texts";
import { z } from "zod";
import { placePayload } from "./post-location-fields";
import type { TaggedPlace } from "./tag-place-field";

export const NO_CATEGORY = "none";

/** A picture or video already uploaded for the post being written. */
const chosenMedia = z.object({
  type: z.enum(["image", "video"]),
  objectUrl: z.string(),
  previewUrl: z.string(),
  /** This picture's description (alt text). */
  alt: z.string(),
});
export type ChosenMedia = z.infer<typeof chosenMedia>;

/** What the composer holds while the post is written: the screen's shape, not yet the API's. */
const composerFields = z.object({
  title: z.string(),
  content: z.string(),
  access: z.enum(POST_TYPES),
  price: z.string(),
  category: z.enum([NO_CATEGORY, ...POST_CATEGORIES]),
  tags: z.array(z.string()),
  tagDraft: z.string(),
  isCommentable: z.boolean(),
  isLikeable: z.boolean(),
  media: z.array(chosenMedia),
  city: z.string(),
  state: z.string(),
  country: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  place: z.custom<TaggedPlace>().nullable(),
  perkCouponId: z.string().nullable(),
});
export type ComposerValues = z.infer<typeof composerFields>;

export const EMPTY_COMPOSER: ComposerValues = {
  title: "",
  content: "",
  access: "free",
  price: "",
  category: NO_CATEGORY,
  tags: [],
  tagDraft: "",
  isCommentable: true,
  isLikeable: true,
  media: [],
  city: "",
  state: "",
  country: "",
  latitude: null,
  longitude: null,
  place: null,
  perkCouponId: null,
};

/**
 * The composer as the API's payload (docs/PRODUCT.md "Social": Free → regular; subscribers → premium without a
 * price; pay-per-view → ppv, which needs a price above 0).
 */
export function toPayload(form: ComposerValues): CreatePostInput {
  return {
    title: form.title,
    content: form.content,
    postType: form.access === "free" ? "regular" : form.access === "ppv" ? "ppv" : "premium",
    price: form.access === "ppv" && form.price !== "" ? Number(form.price) : null,
    category: form.category === NO_CATEGORY ? null : form.category,
    tags: form.tags,
    isCommentable: form.isCommentable,
    isLikeable: form.isLikeable,
    ...(form.perkCouponId ? { perkCouponId: form.perkCouponId } : {}),
    media: form.media.map((item) => ({ url: item.objectUrl, alt: item.alt.trim() ? item.alt : null })),
    location: placePayload(form),
    businessId: form.place?.id ?? null,
  };
}

/**
 * The composer's schema: its values become the payload, checked by the contract's own `createPostBody` and price
 * rule, so an error lands on the payload's path (`title`, `price`, `media.0.alt`, `location`…).
 */
export const composerSchema = composerFields
  .transform(toPayload)
  .pipe(createPostBody)
  .superRefine((body, context) => {
    const problem = postPriceProblem(body);
    if (problem) context.addIssue({ code: "custom", message: problem, path: ["price"] });
  });

/** The first message of a field's error, however deep (a tag's, a place's latitude's). */
export function firstMessage(error: unknown): string | undefined {
  if (!error || typeof error !== "object") return undefined;
  const { message } = error as { message?: unknown };
  if (typeof message === "string" && message) return message;
  for (const [key, value] of Object.entries(error)) {
    if (key === "ref" || key === "type") continue;
    const found = firstMessage(value);
    if (found) return found;
  }
  return undefined;
}
