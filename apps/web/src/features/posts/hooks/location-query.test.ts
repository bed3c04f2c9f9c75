import { describe, expect, it } from "vitest";
import { locationQueryOf } from "./use-location-filter";

describe("locationQueryOf", () => {
  it("turns the panel's value into the feed query", () => {
    expect(locationQueryOf(null)).toEqual({});
    expect(locationQueryOf({ type: "city", text: "Porto" })).toEqual({ city: "Porto" });
    expect(locationQueryOf({ type: "state", text: "Ontario" })).toEqual({ state: "Ontario" });
    expect(locationQueryOf({ type: "country", text: "Spain" })).toEqual({ country: "Spain" });
    expect(locationQueryOf({ type: "radius", latitude: 1.5, longitude: 2.5, radius: 10 })).toEqual({
      latitude: 1.5,
      longitude: 2.5,
      radius: 10,
    });
  });
});
