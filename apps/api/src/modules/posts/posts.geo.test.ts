import { describe, expect, it } from "vitest";
import { boundingBox, distanceInMiles } from "./posts.geo";

describe("radius geometry", () => {
  const timesSquare = { latitude: 40.758, longitude: -73.9855 };

  it("measures great-circle distances in miles", () => {
    expect(distanceInMiles(timesSquare, timesSquare)).toBe(0);
    expect(distanceInMiles(timesSquare, { latitude: 39.9526, longitude: -75.1652 })).toBeCloseTo(83.4, 0);
  });

  it("builds a box that contains the whole circle", () => {
    const box = boundingBox(timesSquare.latitude, timesSquare.longitude, 10);
    for (let bearing = 0; bearing < 360; bearing += 15) {
      const radians = (bearing * Math.PI) / 180;
      // A point about 9.9 miles away in this direction.
      const point = {
        latitude: timesSquare.latitude + (9.9 / 69) * Math.cos(radians),
        longitude:
          timesSquare.longitude + (9.9 / (69 * Math.cos((timesSquare.latitude * Math.PI) / 180))) * Math.sin(radians),
      };
      expect(point.latitude).toBeGreaterThanOrEqual(box.minLatitude);
      expect(point.latitude).toBeLessThanOrEqual(box.maxLatitude);
      expect(point.longitude).toBeGreaterThanOrEqual(box.longitudeRange?.min ?? -180);
      expect(point.longitude).toBeLessThanOrEqual(box.longitudeRange?.max ?? 180);
    }
  });

  it("drops the longitude bound near the poles and across the antimeridian", () => {
    expect(boundingBox(89.9, 0, 50).longitudeRange).toBeNull();
    expect(boundingBox(0, 179.9, 50).longitudeRange).toBeNull();
    expect(boundingBox(0, 0, 50).longitudeRange).not.toBeNull();
  });
});
