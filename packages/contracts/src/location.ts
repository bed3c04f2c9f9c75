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

export const latitude = z.coerce.number().min(-90, "Invalid latitude").max(90, "Invalid latitude");
export const longitude = z.coerce.number().min(-180, "Invalid longitude").max(180, "Invalid longitude");
export const radiusMiles = z.coerce
  .number()
  .int()
  .min(LOCATION_RADIUS_MILES.min, "Radius must be at least 1 mile")
  .max(LOCATION_RADIUS_MILES.max, "Radius must be at most 50 miles");

const placeText = z.string().trim().max(100).optional();

/** The location filter as a feed query (seed-spec §3): city/state/country text, or a radius around a point. */
export const locationQuery = z
  .object({
    city: placeText,
    state: placeText,
    country: placeText,
    countryCode: z.string().trim().length(2).optional(),
    latitude: latitude.optional(),
    longitude: longitude.optional(),
    radius: radiusMiles.optional(),
  })
  .refine(
    (query) =>
      (query.latitude === undefined) === (query.longitude === undefined) &&
      (query.radius === undefined || query.latitude !== undefined),
    { message: "A radius filter needs latitude, longitude and radius" },
  );
export type LocationQuery = z.infer<typeof locationQuery>;

/** The value the filter panel hands to its parent. */
export type LocationFilterValue =
  | { type: "city" | "state" | "country"; text: string }
  | { type: "radius"; latitude: number; longitude: number; radius: number };

/** Post location as stored (CONTRACT "Social"). */
export const postLocation = z.object({
  city: z.string().trim().max(100).optional(),
  state: z.string().trim().max(100).optional(),
  country: z.string().trim().max(100).optional(),
  countryCode: z.string().trim().length(2).optional(),
  latitude: latitude.optional(),
  longitude: longitude.optional(),
});
export type PostLocation = z.infer<typeof postLocation>;

/** Browser geolocation failures (seed-spec §8 "Location"). */
export const GEOLOCATION_MESSAGES = {
  unsupported: "Geolocation is not supported by this browser.",
  failed: "Unable to retrieve your location. Please check your browser permissions.",
} as const;
