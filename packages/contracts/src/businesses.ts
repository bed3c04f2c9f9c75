import { z } from "zod";
import { businessHours, timeZone } from "./business-hours";
import {
  BUSINESS_AREA_RADIUS_MILES,
  BUSINESS_CATEGORIES,
  BUSINESS_MESSAGES,
  BUSINESS_SORTS,
  DISCOVER_MESSAGES,
  PRICE_RANGES,
} from "./businesses.texts";
import { REVIEW_MAX_LENGTH } from "./checkins";
import { RATING_MAX, RATING_MIN } from "./constants";
import { latitude, longitude, roundCoordinate } from "./location";
import { nameText } from "./text";

export * from "./businesses.texts";

export const businessCategory = z.enum(BUSINESS_CATEGORIES, "Please choose a category");
export const priceRange = z.enum(PRICE_RANGES);

const imageAddress = z.string().trim().min(1).max(2000);

const optionalText = (max: number) => z.string().trim().max(max).optional().default("");

/** POST /api/businesses (docs/PRODUCT.md §5 "Businesses and coupons"). */
export const createBusinessBody = z.object({
  name: nameText("Business name", "Business name is required").trim().min(1, "Business name is required").max(120),
  category: businessCategory,
  description: optionalText(2000),
  address: optionalText(300),
  phone: optionalText(40),
  website: z
    .string()
    .trim()
    .max(300)
    .refine((value) => value === "" || /^https?:\/\/\S+$/i.test(value), "Website must start with http:// or https://")
    .optional()
    .default(""),
  priceRange: priceRange.default("$"),
  latitude: latitude.optional(),
  longitude: longitude.optional(),
  /** Own uploads only (the upload's object address or its uploadURL); the server maps and checks them. */
  logoUrl: imageAddress.nullable().optional(),
  coverImageUrl: imageAddress.nullable().optional(),
  hours: businessHours.nullable().optional(),
  timeZone: timeZone.optional(),
});
export type CreateBusinessBody = z.infer<typeof createBusinessBody>;

export const rating = z
  .number()
  .int()
  .min(RATING_MIN, "Rating must be 1 to 5")
  .max(RATING_MAX, "Rating must be 1 to 5");

export const visitCode = z
  .string(BUSINESS_MESSAGES.visitCodeFormat)
  .trim()
  .regex(/^\d{6}$/, BUSINESS_MESSAGES.visitCodeFormat);

/** PATCH /api/businesses/{id}: any editable field, and publishing. */
export const updateBusinessBody = z
  .object({
    name: nameText("Business name").trim().min(1, "Business name is required").max(120),
    category: businessCategory,
    description: z.string().trim().max(2000),
    address: z.string().trim().max(300),
    phone: z.string().trim().max(40),
    website: z
      .string()
      .trim()
      .max(300)
      .refine(
        (value) => value === "" || /^https?:\/\/\S+$/i.test(value),
        "Website must start with http:// or https://",
      ),
    priceRange,
    latitude: latitude.nullable(),
    longitude: longitude.nullable(),
    isPublished: z.boolean(),
    logoUrl: imageAddress.nullable(),
    coverImageUrl: imageAddress.nullable(),
    hours: businessHours.nullable(),
    timeZone,
  })
  .partial()
  .strict();
export type UpdateBusinessBody = z.infer<typeof updateBusinessBody>;

export const businessIdParams = z.object({ id: z.uuid("Invalid business id") });

/**
 * GET /api/businesses: published businesses of one `category` (optional), inside a circle (`latitude`,
 * `longitude`, `radius` in miles; optional), in `sort` order. Without `sort`: nearest first when a position is
 * given, else newest.
 */
export const businessListQuery = z
  .object({
    limit: z.coerce.number().int().min(1).max(100).default(20),
    cursor: z.string().max(200).optional(),
    latitude: latitude.optional(),
    longitude: longitude.optional(),
    /** Only businesses open at this moment, in their own time zone. */
    openNow: z.enum(["true", "false"], "openNow is true or false").optional(),
    radius: z.coerce
      .number()
      .min(BUSINESS_AREA_RADIUS_MILES.min, "Radius must be at least 0.1 miles")
      .max(BUSINESS_AREA_RADIUS_MILES.max, "Radius must be at most 500 miles")
      .optional(),
    category: businessCategory.optional(),
    sort: z.enum(BUSINESS_SORTS, DISCOVER_MESSAGES.invalidSort).optional(),
  })
  .refine((query) => (query.latitude === undefined) === (query.longitude === undefined), {
    message: DISCOVER_MESSAGES.positionPair,
    path: ["longitude"],
  })
  .refine((query) => query.radius === undefined || query.latitude !== undefined, {
    message: DISCOVER_MESSAGES.radiusNeedsPosition,
    path: ["radius"],
  })
  .refine((query) => query.sort !== "distance" || query.latitude !== undefined, {
    message: DISCOVER_MESSAGES.distanceNeedsPosition,
    path: ["sort"],
  });
export type BusinessListQuery = z.infer<typeof businessListQuery>;

/** Who of the viewer's friends visited: `count` people, the newest `names` of them (display names). */
export const friendPicksView = z.object({
  count: z.number().int(),
  reviews: z.number().int(),
  names: z.array(z.string()),
});
export type FriendPicksView = z.infer<typeof friendPicksView>;

export const businessView = z.object({
  id: z.uuid(),
  ownerId: z.uuid(),
  name: z.string(),
  category: businessCategory,
  description: z.string(),
  address: z.string(),
  phone: z.string(),
  website: z.string(),
  priceRange: z.string(),
  coverImageUrl: z.string().nullable(),
  logoUrl: z.string().nullable(),
  /** The same address as logoUrl, under its first-round name. */
  logoImageUrl: z.string().nullable(),
  hours: z.array(z.object({ open: z.string(), close: z.string() }).nullable()).nullable(),
  timeZone: z.string(),
  /** Open at this moment in the business's time zone (server clock). */
  isOpenNow: z.boolean(),
  /** When that changes: closing time while open, next opening (weekday 0 = Monday) while closed. */
  openStatus: z.object({
    isOpen: z.boolean(),
    until: z.string().nullable(),
    opensAt: z.object({ weekday: z.number().int(), time: z.string(), inDays: z.number().int() }).nullable(),
    /** The business's local weekday now (0 = Monday), so "opens 08:00" can drop the day when it is today. */
    todayWeekday: z.number().int(),
  }),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  isPublished: z.boolean(),
  averageRating: z.number(),
  totalReviews: z.number().int(),
  /** On a single business's read: how many reviews gave each number of stars ({"1": n, …, "5": n}). */
  ratingCounts: z
    .object({
      "1": z.number().int(),
      "2": z.number().int(),
      "3": z.number().int(),
      "4": z.number().int(),
      "5": z.number().int(),
    })
    .optional(),
  totalCheckIns: z.number().int(),
  createdAt: z.string(),
  /** Metres from the position given in the query, when one was given. */
  distanceMeters: z.number().nullable().optional(),
  /**
   * In lists: the people the viewer follows who checked in (a review is a check-in) in the last FRIEND_PICKS_DAYS
   * days and whose activity the viewer may see; null when none did.
   */
  friendPicks: friendPicksView.nullable().optional(),
  /** In lists: the owner carries the Verified badge. */
  verified: z.boolean().optional(),
});
export type BusinessView = z.infer<typeof businessView>;

/** One page of businesses: a JSON array; the next page's cursor travels in the X-Next-Cursor header. */
export const businessPage = z.array(businessView);

/** POST /api/businesses/{id}/checkins: position (step 1), visit code (step 2), optional rating and review. */
export const checkInBody = z
  .object({
    latitude: z
      .number("Your position is required")
      .min(-90, "Invalid latitude")
      .max(90, "Invalid latitude")
      .transform(roundCoordinate),
    longitude: z
      .number("Your position is required")
      .min(-180, "Invalid longitude")
      .max(180, "Invalid longitude")
      .transform(roundCoordinate),
    visitCode,
    rating: rating.nullable().optional(),
    review: z.string().trim().max(REVIEW_MAX_LENGTH, "Review is too long (max 2000 characters)").optional(),
  })
  .refine((body) => !body.review || (body.rating !== undefined && body.rating !== null), {
    path: ["rating"],
    message: BUSINESS_MESSAGES.reviewNeedsRating,
  });
export type CheckInBody = z.infer<typeof checkInBody>;
export type CheckInInput = z.input<typeof checkInBody>;

/**
 * POST /api/businesses/{id}/reviews: a rating (and review) of the viewer's latest verified visit that has none (a
 * door admission at one of its events, or a check-in made without one) within RATE_VISIT_DAYS.
 */
export const rateVisitBody = z.object({
  rating,
  review: z.string().trim().max(REVIEW_MAX_LENGTH, "Review is too long (max 2000 characters)").optional(),
});
export type RateVisitBody = z.infer<typeof rateVisitBody>;

/** GET /api/businesses/{id}/visit: the viewer's latest verified visit, and whether it may still be rated. */
export const myVisitView = z.object({
  lastVisitAt: z.string().nullable(),
  canRate: z.boolean(),
});
export type MyVisitView = z.infer<typeof myVisitView>;
