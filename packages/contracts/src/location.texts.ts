// Texts, constants and pure rules of location: no zod, so the web app's first screen can import them without
// evaluating schemas. The schemas are in ./location.ts, which re-exports all of this.

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

export const RADIUS_FILTER_MESSAGE = "A radius filter needs latitude, longitude and radius";

/** A radius filter needs both coordinates; coordinates without a radius are refused too (nothing to filter by). */
export function isCompleteLocationQuery(query: { latitude?: number; longitude?: number; radius?: number }): boolean {
  const hasLatitude = query.latitude !== undefined;
  const hasLongitude = query.longitude !== undefined;
  const hasRadius = query.radius !== undefined;
  return hasLatitude === hasLongitude && hasLatitude === hasRadius;
}

/** The value the filter panel hands to its parent. */
export type LocationFilterValue =
  | { type: "city" | "state" | "country"; text: string }
  | { type: "radius"; latitude: number; longitude: number; radius: number };

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
