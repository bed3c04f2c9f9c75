import { z } from "zod";
import { LOCATION_RADIUS_MILES } from "./constants";
import { isCompleteLocationQuery, RADIUS_FILTER_MESSAGE, roundCoordinate } from "./location.texts";

export * from "./location.texts";

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

/** The location filter as a feed query (docs/PRODUCT.md §3): city/state/country text, or a radius around a point. */
export const locationQuery = z
  .object(locationQueryFields)
  .refine(isCompleteLocationQuery, { message: RADIUS_FILTER_MESSAGE, path: ["radius"] });
export type LocationQuery = z.infer<typeof locationQuery>;

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
