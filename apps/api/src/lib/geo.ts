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

/**
 * Side of a cell of the grid that post positions are stored on (metres). A post shows its place name only, and
 * radius filters must not give away more: with its position snapped to the centre of a cell this size, any
 * number of radius queries finds at most the cell, a neighbourhood of thousands of homes rather than a building.
 * It stays well under the smallest radius filter (1 mile = 1,609 m), so "near me" results stay right to within
 * half a cell's diagonal (about 350 m).
 */
export const POSITION_CELL_METERS = 500;

/** Rows of the grid from pole to pole: 180° split into whole cells of (very nearly) POSITION_CELL_METERS. */
const POSITION_GRID_ROWS = Math.round((180 * EARTH_RADIUS_METERS * Math.PI) / 180 / POSITION_CELL_METERS);
const POSITION_ROW_DEGREES = 180 / POSITION_GRID_ROWS;

/**
 * The centre of the grid cell that holds `position`. Rows are POSITION_ROW_DEGREES of latitude; each row is split
 * into as many whole columns as fit at least POSITION_CELL_METERS wide at the row's middle latitude (fewer towards
 * the poles), so cells are about as wide as they are tall everywhere and a row wraps exactly at ±180°. A centre
 * snaps to itself. The backfill migration 0009_snap_post_positions runs the same arithmetic in SQL.
 */
export function snapToPositionGrid(position: Position): Position {
  const row = Math.min(POSITION_GRID_ROWS - 1, Math.floor((position.latitude + 90) / POSITION_ROW_DEGREES));
  const latitude = -90 + (row + 0.5) * POSITION_ROW_DEGREES;
  const columns = Math.max(1, Math.floor((360 * Math.cos(toRadians(latitude))) / POSITION_ROW_DEGREES));
  const columnDegrees = 360 / columns;
  const column = Math.floor((position.longitude + 180) / columnDegrees) % columns;
  return { latitude, longitude: -180 + (column + 0.5) * columnDegrees };
}
