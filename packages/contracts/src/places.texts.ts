// Texts, constants and pure rules of places: no zod, so the web app's first screen can import them without
// evaluating schemas. The schemas are in ./places.ts, which re-exports all of this.

/** How far from a point the nearest town may be and still name it (a point at sea names nothing). */
export const PLACE_NEAREST_MAX_KM = 50;

export const PLACE_MESSAGES = {
  noPlaceNearby: `No town within ${PLACE_NEAREST_MAX_KM} km of this point`,
  noTownNamed: "No town of that name",
} as const;

/** "Hood River, Oregon, United States", leaving out what is unknown. */
export function placeLabel(place: { city?: string | null; state?: string | null; country?: string | null }): string {
  return [place.city, place.state, place.country].filter((part) => part && part.trim() !== "").join(", ");
}
