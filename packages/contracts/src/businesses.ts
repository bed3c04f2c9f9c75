import { z } from "zod";
import { businessHours, timeZone } from "./business-hours";
import { REVIEW_MAX_LENGTH } from "./checkins";
import { RATING_MAX, RATING_MIN } from "./constants";
import { latitude, longitude, roundCoordinate } from "./location";
import { nameText } from "./text";

export const BUSINESS_CATEGORIES = [
  "restaurant",
  "cafe",
  "retail",
  "fitness",
  "beauty",
  "entertainment",
  "services",
] as const;
export const businessCategory = z.enum(BUSINESS_CATEGORIES, "Please choose a category");
export type BusinessCategory = z.infer<typeof businessCategory>;
export const BUSINESS_CATEGORY_LABELS: Record<BusinessCategory, string> = {
  restaurant: "Restaurant",
  cafe: "Cafe",
  retail: "Retail",
  fitness: "Fitness",
  beauty: "Beauty & Wellness",
  entertainment: "Entertainment",
  services: "Services",
};

export const PRICE_RANGES = ["$", "$$", "$$$", "$$$$"] as const;
export const priceRange = z.enum(PRICE_RANGES);
export const PRICE_RANGE_LABELS: Record<(typeof PRICE_RANGES)[number], string> = {
  $: "Budget friendly",
  $$: "Moderate",
  $$$: "Expensive",
  $$$$: "Very expensive",
};

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

/** Messages of the local-discovery rules; the server sends them and the client shows them. */
export const BUSINESS_MESSAGES = {
  businessProfileRequired: "Only business profiles can create a business",
  alreadyHasBusiness: "You already have a business profile",
  notOwner: "Only the business owner can do this",
  businessNotFound: "Business not found",
  publishNeedsCoupon: "Create at least one coupon before publishing your business",
  locationMissing: "This business has not set its location yet, so check-ins are not possible",
  ownBusinessCheckIn: "You cannot check in at your own business",
  locationStepFailed: "Location check failed: you must be within 200 m of the business to check in",
  codeStepFailed: "Visit code check failed: the code is wrong or has expired. Ask the business for the current code",
  tooSoon: "You already checked in here within the last hour. Please try again later",
  reviewNeedsRating: "A review needs a rating from 1 to 5",
  visitCodeFormat: "Enter the 6-digit visit code",
  tooManyCheckInAttempts: "Too many check-in attempts. Please wait a few minutes and try again",
} as const;

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

/** Orders of the Discover list (docs/PRODUCT.md "Local discovery"). */
export const BUSINESS_SORTS = ["distance", "rating", "friends", "newest"] as const;
export type BusinessSort = (typeof BUSINESS_SORTS)[number];
export const BUSINESS_SORT_LABELS: Record<BusinessSort, string> = {
  distance: "Nearest",
  rating: "Top rated",
  friends: "Friends' picks",
  newest: "Newest",
};
/** Friends' picks count the verified check-ins and reviews of this many days (on the app clock). */
export const FRIEND_PICKS_DAYS = 90;
/** Names a card shows ("Jess and 2 friends checked in"). */
export const FRIEND_PICKS_NAMES_SHOWN = 1;
/** "Search this area": the widest circle a map view may ask for (miles). */
export const BUSINESS_AREA_RADIUS_MILES = { min: 0.1, max: 500 } as const;

export const DISCOVER_MESSAGES = {
  distanceNeedsPosition: "Share your location (latitude and longitude) to sort by distance",
  radiusNeedsPosition: "An area needs latitude, longitude and radius",
  positionPair: "Give both latitude and longitude",
  invalidSort: "Sort by distance, rating, friends or newest",
} as const;

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

/** "Jess checked in", "Jess and 2 friends checked in" (the card's explanation of a friends' pick). */
export function friendPicksText(picks: FriendPicksView): string {
  const [first] = picks.names;
  const others = picks.count - (first ? 1 : 0);
  const verb = picks.reviews > 0 && picks.reviews === picks.count ? "reviewed this place" : "checked in";
  if (!first) return `${picks.count} ${picks.count === 1 ? "friend" : "friends"} ${verb}`;
  if (others === 0) return `${first} ${verb}`;
  return `${first} and ${others} ${others === 1 ? "friend" : "friends"} ${verb}`;
}

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

/** Toast texts of the business screens (docs/PRODUCT.md §8). */
export const BUSINESS_TOASTS = {
  created: { title: "Success", description: "Business profile created successfully!" },
  createFailed: "Failed to create business profile. Please try again.",
  published: "Business profile published successfully!",
  publishFailed: "Failed to publish business. Please try again.",
  updated: "Business info updated successfully!",
  updateFailed: "Failed to update business info. Please try again.",
  checkedIn: "Checked in! Your visit is verified.",
  /** After a check-in that made a coupon redeemable: where to find it. */
  couponUnlocked: (title: string) => `You unlocked "${title}": open the Coupons tab to redeem it.`,
  unpublishedWarning:
    "Your business profile is not published yet. Create at least one coupon to make it visible to users.",
  /** Businesses created before opening hours existed have none (docs/PRODUCT.md "Local discovery"). */
  hoursMissingTitle: "Add your opening hours",
  hoursMissing: "Customers look for when you are open; without hours your page cannot say whether you are open now.",
  hoursMissingAction: "Add hours",
} as const;
