import { type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";

/** Mean Earth radius (haversine), the one used by every distance in the app and in SQL. */
export const EARTH_RADIUS_METERS = 6_371_000;
export const METERS_PER_MILE = 1_609.344;
/**
 * A little under the true 111,195 m, so a box drawn with it is a little larger than the circle it must contain,
 * never smaller.
 */
const METERS_PER_DEGREE_LATITUDE = 111_000;

export interface Position {
  latitude: number;
  longitude: number;
}

const toRadians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle distance in metres between two positions (haversine formula). */
export function distanceInMeters(from: Position, to: Position): number {
  const latitudeDelta = toRadians(to.latitude - from.latitude);
  const longitudeDelta = toRadians(to.longitude - from.longitude);
  const a =
    Math.sin(latitudeDelta / 2) ** 2 +
    Math.cos(toRadians(from.latitude)) * Math.cos(toRadians(to.latitude)) * Math.sin(longitudeDelta / 2) ** 2;
  return 2 * EARTH_RADIUS_METERS * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** The same haversine as distanceInMeters, in SQL, from `position` to a row's columns (null without coordinates). */
export function distanceInMetersSql(latitude: AnyPgColumn, longitude: AnyPgColumn, position: Position): SQL<number> {
  return sql<number>`(2 * ${EARTH_RADIUS_METERS}::float8 * asin(least(1, sqrt(
    power(sin(radians(${latitude} - ${position.latitude}::float8) / 2), 2)
    + cos(radians(${position.latitude}::float8)) * cos(radians(${latitude}))
      * power(sin(radians(${longitude} - ${position.longitude}::float8) / 2), 2)))))`;
}

export interface BoundingBox {
  minLatitude: number;
  maxLatitude: number;
  /** Null when the box spans every longitude (near a pole or across the antimeridian). */
  longitudeRange: { min: number; max: number } | null;
}

/**
 * The latitude/longitude box that contains every point within `radiusMeters` of the centre. It only narrows a
 * search through a lat/lng index; the exact haversine distance decides.
 */
export function boundingBox(centre: Position, radiusMeters: number): BoundingBox {
  const latitudeDelta = radiusMeters / METERS_PER_DEGREE_LATITUDE;
  const minLatitude = Math.max(-90, centre.latitude - latitudeDelta);
  const maxLatitude = Math.min(90, centre.latitude + latitudeDelta);
  const widestLatitude = Math.max(Math.abs(minLatitude), Math.abs(maxLatitude));
  const cosine = Math.cos(toRadians(widestLatitude));
  if (cosine < 1e-6) return { minLatitude, maxLatitude, longitudeRange: null };
  const longitudeDelta = radiusMeters / (METERS_PER_DEGREE_LATITUDE * cosine);
  const min = centre.longitude - longitudeDelta;
  const max = centre.longitude + longitudeDelta;
  if (min < -180 || max > 180) return { minLatitude, maxLatitude, longitudeRange: null };
  return { minLatitude, maxLatitude, longitudeRange: { min, max } };
}

/** The box as SQL conditions on a row's lat/lng columns (what the lat/lng index can range over). */
export function withinBoxSql(latitude: AnyPgColumn, longitude: AnyPgColumn, box: BoundingBox): SQL[] {
  const conditions = [sql`${latitude} between ${box.minLatitude}::float8 and ${box.maxLatitude}::float8`];
  if (box.longitudeRange) {
    conditions.push(sql`${longitude} between ${box.longitudeRange.min}::float8 and ${box.longitudeRange.max}::float8`);
  }
  return conditions;
}
