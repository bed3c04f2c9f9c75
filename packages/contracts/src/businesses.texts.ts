// Texts, constants and pure rules of businesses: no zod, so the web app's first screen can import them without
// evaluating schemas. The schemas are in ./businesses.ts, which re-exports all of this.

export const BUSINESS_CATEGORIES = [
  "restaurant",
  "cafe",
  "retail",
  "fitness",
  "beauty",
  "entertainment",
  "services",
] as const;
export type BusinessCategory = (typeof BUSINESS_CATEGORIES)[number];
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
export const PRICE_RANGE_LABELS: Record<(typeof PRICE_RANGES)[number], string> = {
  $: "Budget friendly",
  $$: "Moderate",
  $$$: "Expensive",
  $$$$: "Very expensive",
};

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
  ownBusinessReview: "You cannot review your own business",
  reviewNeedsVisit:
    "Reviews come from verified visits: check in here, or be admitted at one of its events, then rate your visit",
  visitAlreadyRated: "You have already rated your last visit here. Check in again to rate another one",
} as const;

/** A verified visit without a rating (a door admission, a check-in rated later) can be rated for this long. */
export const RATE_VISIT_DAYS = 14;

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

/** "Jess checked in", "Jess and 2 friends checked in" (the card's explanation of a friends' pick). */
export function friendPicksText(picks: { count: number; reviews: number; names: readonly string[] }): string {
  const [first] = picks.names;
  const others = picks.count - (first ? 1 : 0);
  const verb = picks.reviews > 0 && picks.reviews === picks.count ? "reviewed this place" : "checked in";
  if (!first) return `${picks.count} ${picks.count === 1 ? "friend" : "friends"} ${verb}`;
  if (others === 0) return `${first} ${verb}`;
  return `${first} and ${others} ${others === 1 ? "friend" : "friends"} ${verb}`;
}

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
