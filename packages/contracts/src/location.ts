import { z } from "zod";
import { LOCATION_RADIUS_MILES } from "./constants";

export const LOCATION_FILTER_TYPES = ["none", "city", "state", "country", "radius"] as const;
export type LocationFilterType = (typeof LOCATION_FILTER_TYPES)[number];
export const LOCATION_FILTER_LABELS: Record<LocationFilterType, string> = {
  none: "No Filter",
  city: "City",
  state: "State/Province",
  country: "Country",
  radius: "Radius (Miles)",
};

/**
 * Coordinates are kept to 7 decimals (about 1 cm): finer values mean nothing for a place, and subnormal numbers
 * such as 5e-324 are out of range for PostgreSQL's double precision (they used to end in a 500).
 */
export function roundCoordinate(value: number): number {
  return Math.round(value * 1e7) / 1e7 || 0;
}
export const latitude = z.coerce
  .number()
  .min(-90, "Invalid latitude")
  .max(90, "Invalid latitude")
  .transform(roundCoordinate);
export const longitude = z.coerce
  .number()
  .min(-180, "Invalid longitude")
  .max(180, "Invalid longitude")
  .transform(roundCoordinate);
export const radiusMiles = z.coerce
  .number()
  .int()
  .min(LOCATION_RADIUS_MILES.min, "Radius must be at least 1 mile")
  .max(LOCATION_RADIUS_MILES.max, "Radius must be at most 50 miles");

const placeText = z.string().trim().max(100).optional();

/** Fields of the location filter as a query (docs/PRODUCT.md §3): city/state/country text, or a radius around a point. */
export const locationQueryFields = {
  city: placeText,
  state: placeText,
  country: placeText,
  countryCode: z.string().trim().length(2, "Country code must be 2 letters").optional(),
  latitude: latitude.optional(),
  longitude: longitude.optional(),
  radius: radiusMiles.optional(),
};

export const RADIUS_FILTER_MESSAGE = "A radius filter needs latitude, longitude and radius";

/** A radius filter needs both coordinates; coordinates without a radius are refused too (nothing to filter by). */
export function isCompleteLocationQuery(query: { latitude?: number; longitude?: number; radius?: number }): boolean {
  const hasLatitude = query.latitude !== undefined;
  const hasLongitude = query.longitude !== undefined;
  const hasRadius = query.radius !== undefined;
  return hasLatitude === hasLongitude && hasLatitude === hasRadius;
}

/** The location filter as a feed query (docs/PRODUCT.md §3): city/state/country text, or a radius around a point. */
export const locationQuery = z
  .object(locationQueryFields)
  .refine(isCompleteLocationQuery, { message: RADIUS_FILTER_MESSAGE, path: ["radius"] });
export type LocationQuery = z.infer<typeof locationQuery>;

/** The value the filter panel hands to its parent. */
export type LocationFilterValue =
  | { type: "city" | "state" | "country"; text: string }
  | { type: "radius"; latitude: number; longitude: number; radius: number };

/** Post location as stored (docs/PRODUCT.md "Social"). */
export const postLocation = z.object({
  city: z.string().trim().max(100).optional(),
  state: z.string().trim().max(100).optional(),
  country: z.string().trim().max(100).optional(),
  countryCode: z.string().trim().length(2).optional(),
  latitude: latitude.optional(),
  longitude: longitude.optional(),
});
export type PostLocation = z.infer<typeof postLocation>;

/** Texts of the location filter panel (docs/PRODUCT.md §2, §8). */
export const LOCATION_FILTER_TEXTS = {
  title: "Location Filter",
  description: "Filter posts by location to see content from specific areas",
  geolocationUnsupported: "Geolocation is not supported by this browser.",
  geolocationFailed: "Unable to retrieve your location. Please check your browser permissions.",
} as const;

/**
 * With `allowLocationTracking` off, no screen asks the browser for a position by itself (docs/PRODUCT.md "Fidelity fixes"):
 * the nearest-first list offers it instead with these texts.
 */
export const LOCATION_PROMPT_TEXTS = {
  sortByDistance: "Show nearest first",
  sortByDistanceHint: "Share your location to see the businesses nearest to you first.",
  locating: "Locating...",
} as const;
