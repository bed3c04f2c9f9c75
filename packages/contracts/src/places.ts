import { z } from "zod";
import { latitude, longitude } from "./location";

export * from "./places.texts";

/** GET /api/places/reverse: the town nearest to a point, from an offline gazetteer (no outside service). */
export const reversePlaceQuery = z.object({ latitude, longitude });
export type ReversePlaceQuery = z.infer<typeof reversePlaceQuery>;

/** GET /api/places/town: where a named town is (the most populous of that name), e.g. a profile's city. */
export const townQuery = z.object({
  city: z.string("City is required").trim().min(1, "City is required").max(100),
  countryCode: z.string().trim().length(2, "Country code must be 2 letters").optional(),
});
export const townView = z.object({
  latitude: z.number(),
  longitude: z.number(),
  label: z.string(),
});
export type TownView = z.infer<typeof townView>;

export const placeView = z.object({
  city: z.string(),
  /** The state's name where the gazetteer knows it (United States), otherwise null. */
  state: z.string().nullable(),
  country: z.string(),
  countryCode: z.string().length(2),
  /** "Hood River, Oregon, United States": how screens show the point instead of its coordinates. */
  label: z.string(),
});
export type PlaceView = z.infer<typeof placeView>;
