import { describe, expect, it } from "vitest";
import {
  boundingBox,
  distanceInMeters,
  METERS_PER_MILE,
  POSITION_CELL_METERS,
  type Position,
  snapToPositionGrid,
} from "./geo";

/** The point `meters` away from `from` along `bearingDegrees` on the sphere (the direct geodesic problem). */
function destination(from: Position, bearingDegrees: number, meters: number): Position {
  const toRadians = (degrees: number) => (degrees * Math.PI) / 180;
  const angular = meters / 6_371_000;
  const bearing = toRadians(bearingDegrees);
  const latitude = toRadians(from.latitude);
  const destinationLatitude = Math.asin(
    Math.sin(latitude) * Math.cos(angular) + Math.cos(latitude) * Math.sin(angular) * Math.cos(bearing),
  );
  const destinationLongitude =
    toRadians(from.longitude) +
    Math.atan2(
      Math.sin(bearing) * Math.sin(angular) * Math.cos(latitude),
      Math.cos(angular) - Math.sin(latitude) * Math.sin(destinationLatitude),
    );
  const longitude = (((((destinationLongitude * 180) / Math.PI + 180) % 360) + 360) % 360) - 180;
  return { latitude: (destinationLatitude * 180) / Math.PI, longitude };
}

describe("geometry on the sphere", () => {
  const timesSquare = { latitude: 40.758, longitude: -73.9855 };
  const paris = { latitude: 48.8566, longitude: 2.3522 };

  it("measures great-circle distances in metres", () => {
    expect(distanceInMeters(timesSquare, timesSquare)).toBe(0);
    expect(distanceInMeters(timesSquare, { latitude: 39.9526, longitude: -75.1652 }) / METERS_PER_MILE).toBeCloseTo(
      83.4,
      0,
    );
    const london = { latitude: 51.5074, longitude: -0.1278 };
    expect(distanceInMeters(paris, london)).toBeGreaterThan(340_000);
    expect(distanceInMeters(paris, london)).toBeLessThan(345_000);
    // 0.001° of latitude is about 111 m anywhere.
    expect(distanceInMeters(paris, { latitude: 48.8576, longitude: 2.3522 })).toBeCloseTo(111.2, 0);
  });

  it("builds a box that contains the whole circle, at every size and latitude", () => {
    for (const centre of [timesSquare, paris, { latitude: -45, longitude: 170 }, { latitude: 70, longitude: 20 }]) {
      for (const radius of [500, 16_093, 200_000, 1_500_000]) {
        const box = boundingBox(centre, radius);
        for (let bearing = 0; bearing < 360; bearing += 5) {
          // Just inside the circle in this direction.
          const point = destination(centre, bearing, radius * 0.999);
          expect(point.latitude).toBeGreaterThanOrEqual(box.minLatitude);
          expect(point.latitude).toBeLessThanOrEqual(box.maxLatitude);
          expect(point.longitude).toBeGreaterThanOrEqual(box.longitudeRange?.min ?? -180);
          expect(point.longitude).toBeLessThanOrEqual(box.longitudeRange?.max ?? 180);
        }
      }
    }
  });

  it("drops the longitude bound near the poles and across the antimeridian", () => {
    expect(boundingBox({ latitude: 89.9, longitude: 0 }, 80_000).longitudeRange).toBeNull();
    expect(boundingBox({ latitude: 0, longitude: 179.9 }, 80_000).longitudeRange).toBeNull();
    expect(boundingBox({ latitude: 0, longitude: 0 }, 80_000).longitudeRange).not.toBeNull();
  });
});

describe("the position grid", () => {
  const samples: Position[] = [];
  for (let index = 0; index < 2000; index += 1) {
    samples.push({ latitude: ((index * 7.3137) % 170) - 85, longitude: ((index * 13.7913) % 360) - 180 });
  }

  it("moves a point at most half a cell's diagonal, to a centre that snaps to itself", () => {
    const halfDiagonal = (POSITION_CELL_METERS * Math.SQRT2) / 2;
    for (const point of [...samples, { latitude: 90, longitude: 180 }, { latitude: -90, longitude: -180 }]) {
      const centre = snapToPositionGrid(point);
      if (Math.abs(point.latitude) < 85) expect(distanceInMeters(point, centre)).toBeLessThan(halfDiagonal * 1.01);
      expect(snapToPositionGrid(centre)).toEqual(centre);
      expect(Math.abs(centre.latitude)).toBeLessThanOrEqual(90);
      expect(Math.abs(centre.longitude)).toBeLessThanOrEqual(180);
    }
  });

  it("puts points of one neighbourhood together and points a cell apart in different cells", () => {
    const centre = snapToPositionGrid({ latitude: 40.758, longitude: -73.9855 });
    const metersPerDegree = 111_195;
    const eastDegrees = (meters: number) => meters / (metersPerDegree * Math.cos((centre.latitude * Math.PI) / 180));
    // 200 m from the centre in any direction is still the same cell (cells are at least 500 m across)...
    for (const [north, east] of [
      [200, 200],
      [-200, -200],
      [200, -200],
      [-200, 200],
    ] as const) {
      const point = {
        latitude: centre.latitude + north / metersPerDegree,
        longitude: centre.longitude + eastDegrees(east),
      };
      expect(snapToPositionGrid(point)).toEqual(centre);
    }
    // ...and 600 m away is another one.
    expect(snapToPositionGrid({ ...centre, latitude: centre.latitude + 600 / metersPerDegree })).not.toEqual(centre);
    expect(snapToPositionGrid({ ...centre, longitude: centre.longitude + eastDegrees(600) })).not.toEqual(centre);
  });

  it("wraps at the antimeridian: -180 and 180 are one cell", () => {
    expect(snapToPositionGrid({ latitude: 10, longitude: 180 })).toEqual(
      snapToPositionGrid({ latitude: 10, longitude: -180 }),
    );
  });
});
