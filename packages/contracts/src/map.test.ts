import { describe, expect, it } from "vitest";
import { friendPicksText } from "./businesses";
import { DEFAULT_MAP_TILE_URL, isTileUrlTemplate, tileSourceOf } from "./map";

describe("tile URL templates", () => {
  it("accept http(s) templates with {z}, {x} and {y}, and give their origin for the CSP", () => {
    expect(isTileUrlTemplate(DEFAULT_MAP_TILE_URL)).toBe(true);
    expect(tileSourceOf(DEFAULT_MAP_TILE_URL)).toBe("https://tile.openstreetmap.org");
    expect(tileSourceOf("https://{s}.Tiles.example:8443/a/{z}/{x}/{y}@2x.png")).toBe("https://*.tiles.example:8443");
    expect(isTileUrlTemplate("https://tiles.example/{z}/{x}.png")).toBe(false);
    expect(isTileUrlTemplate("javascript:alert(1)//{z}{x}{y}")).toBe(false);
    expect(isTileUrlTemplate("https://tiles.example/{z}/{x}/{y}.png; img-src *")).toBe(false);
  });
});

describe("friendPicksText", () => {
  it("names the newest friend and counts the others", () => {
    expect(friendPicksText({ count: 1, reviews: 0, names: ["Jess"] })).toBe("Jess checked in");
    expect(friendPicksText({ count: 2, reviews: 1, names: ["Jess"] })).toBe("Jess and 1 friend checked in");
    expect(friendPicksText({ count: 3, reviews: 0, names: ["Jess"] })).toBe("Jess and 2 friends checked in");
    expect(friendPicksText({ count: 2, reviews: 2, names: ["Jess"] })).toBe("Jess and 1 friend reviewed this place");
  });
});
