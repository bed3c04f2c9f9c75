/** Mean Earth radius in miles (haversine). */
export const EARTH_RADIUS_MILES = 3958.8;
const MILES_PER_DEGREE_LATITUDE = 69.0;

export interface BoundingBox {
  minLatitude: number;
  maxLatitude: number;
  /** Null when the box spans every longitude (near a pole or across the antimeridian). */
  longitudeRange: { min: number; max: number } | null;
}

/**
 * The latitude/longitude box that contains every point within `radiusMiles` of the centre. It only narrows
 * the search through the lat/lng index; the exact haversine distance decides.
 */
export function boundingBox(latitude: number, longitude: number, radiusMiles: number): BoundingBox {
  const latitudeDelta = radiusMiles / MILES_PER_DEGREE_LATITUDE;
  const minLatitude = Math.max(-90, latitude - latitudeDelta);
  const maxLatitude = Math.min(90, latitude + latitudeDelta);
  const widestLatitude = Math.max(Math.abs(minLatitude), Math.abs(maxLatitude));
  const cosine = Math.cos((widestLatitude * Math.PI) / 180);
  if (cosine < 1e-6) return { minLatitude, maxLatitude, longitudeRange: null };
  const longitudeDelta = radiusMiles / (MILES_PER_DEGREE_LATITUDE * cosine);
  const min = longitude - longitudeDelta;
  const max = longitude + longitudeDelta;
  if (min < -180 || max > 180) return { minLatitude, maxLatitude, longitudeRange: null };
  return { minLatitude, maxLatitude, longitudeRange: { min, max } };
}

/** Great-circle distance in miles between two points (haversine). */
export function distanceInMiles(
  from: { latitude: number; longitude: number },
  to: { latitude: number; longitude: number },
): number {
  const toRadians = (degrees: number) => (degrees * Math.PI) / 180;
  const latitudeDelta = toRadians(to.latitude - from.latitude);
  const longitudeDelta = toRadians(to.longitude - from.longitude);
  const a =
    Math.sin(latitudeDelta / 2) ** 2 +
    Math.cos(toRadians(from.latitude)) * Math.cos(toRadians(to.latitude)) * Math.sin(longitudeDelta / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(a)));
}
