// Texts, constants and pure rules of map: no zod, so the web app's first screen can import them without
// evaluating schemas. The schemas are in ./map.ts, which re-exports all of this.

/** Tiles when MAP_TILE_URL is not set: OpenStreetMap's standard layer (its tile usage policy applies). */
export const DEFAULT_MAP_TILE_URL = "https://tile.openstreetmap.org/{z}/{x}/{y}.png";
export const DEFAULT_MAP_TILE_ATTRIBUTION = "© OpenStreetMap contributors";

/**
 * A tile URL template: http(s), a host (`{s}` stands for a subdomain), and the {z}, {x} and {y} placeholders.
 * Checked when the server starts (env) so a bad one never reaches a browser.
 */
export const MAP_TILE_URL_PATTERN = /^https?:\/\/[a-z0-9.{}-]+(:\d+)?\/\S*$/i;
export function isTileUrlTemplate(value: string): boolean {
  return MAP_TILE_URL_PATTERN.test(value) && ["{z}", "{x}", "{y}"].every((part) => value.includes(part));
}

/**
 * The origin a tile template loads from, as a Content-Security-Policy source: `{s}` subdomains become a wildcard
 * (`https://*.tile.example`).
 */
export function tileSourceOf(template: string): string {
  const match = /^(https?):\/\/([^/]+)/i.exec(template);
  if (!match) throw new Error("Not a tile URL");
  const host = (match[2] ?? "").replace(/\{s\}/g, "*").toLowerCase();
  return `${(match[1] ?? "https").toLowerCase()}://${host}`;
}

/** Texts of the maps and the location picker. */
export const MAP_TEXTS = {
  searchThisArea: "Search this area",
  showMap: "Map",
  showList: "List",
  pickerHint: "Click the map or drag the pin to set the place.",
  pickerLabel: "Location on the map",
  noPosition: "No location set yet",
  businessMapLabel: (name: string) => `Map showing where ${name} is`,
  discoverMapLabel: "Map of the businesses in this list",
  withoutCoordinates: "Not on the map: no location set",
} as const;
