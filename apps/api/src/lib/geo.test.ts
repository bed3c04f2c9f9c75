import { describe, expect, it } from "vitest";
import { boundingBox, distanceInMeters, METERS_PER_MILE, type Position } from "./geo";

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
