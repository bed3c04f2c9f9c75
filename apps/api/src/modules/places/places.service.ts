import {
  PLACE_MESSAGES,
  PLACE_NEAREST_MAX_KM,
  type PlaceView,
  placeLabel,
  type TownView,
} from "@plaza/contracts/places";
import { notFound } from "../../lib/app-error";
import { gazetteer } from "../../lib/gazetteer";

/** GeoNames' first-level codes of the United States are the postal letters; other countries' are numbers. */
const US_STATES: Record<string, string> = {
  AL: "Alabama",
  AK: "Alaska",
  AZ: "Arizona",
  AR: "Arkansas",
  CA: "California",
  CO: "Colorado",
  CT: "Connecticut",
  DE: "Delaware",
  DC: "District of Columbia",
  FL: "Florida",
  GA: "Georgia",
  HI: "Hawaii",
  ID: "Idaho",
  IL: "Illinois",
  IN: "Indiana",
  IA: "Iowa",
  KS: "Kansas",
  KY: "Kentucky",
  LA: "Louisiana",
  ME: "Maine",
  MD: "Maryland",
  MA: "Massachusetts",
  MI: "Michigan",
  MN: "Minnesota",
  MS: "Mississippi",
  MO: "Missouri",
  MT: "Montana",
  NE: "Nebraska",
  NV: "Nevada",
  NH: "New Hampshire",
  NJ: "New Jersey",
  NM: "New Mexico",
  NY: "New York",
  NC: "North Carolina",
  ND: "North Dakota",
  OH: "Ohio",
  OK: "Oklahoma",
  OR: "Oregon",
  PA: "Pennsylvania",
  RI: "Rhode Island",
  SC: "South Carolina",
  SD: "South Dakota",
  TN: "Tennessee",
  TX: "Texas",
  UT: "Utah",
  VT: "Vermont",
  VA: "Virginia",
  WA: "Washington",
  WV: "West Virginia",
  WI: "Wisconsin",
  WY: "Wyoming",
};

const countryNames = new Intl.DisplayNames(["en"], { type: "region" });

/**
 * Names the town a point is in ("Use current location" shows this instead of coordinates), from the offline
 * gazetteer: no request leaves the server, so a user's position is never sent to a third party. 404 at sea.
 */
export function findPlaceAt(latitude: number, longitude: number): PlaceView {
  const town = gazetteer().townAt(latitude, longitude, PLACE_NEAREST_MAX_KM);
  if (!town) throw notFound(PLACE_MESSAGES.noPlaceNearby);
  const state = town.countryCode === "US" ? (US_STATES[town.adminCode] ?? null) : null;
  const country = countryNames.of(town.countryCode) ?? town.countryCode;
  return {
    city: town.name,
    state,
    country,
    countryCode: town.countryCode,
    label: placeLabel({ city: town.name, state, country }),
  };
}

/** Where a named town is (the most populous of that name, in the country when given); 404 when unknown. */
export function findTownNamed(city: string, countryCode?: string): TownView {
  const town = gazetteer().townNamed(city, countryCode);
  if (!town) throw notFound(PLACE_MESSAGES.noTownNamed);
  const state = town.countryCode === "US" ? (US_STATES[town.adminCode] ?? null) : null;
  const country = countryNames.of(town.countryCode) ?? town.countryCode;
  return {
    latitude: town.latitude,
    longitude: town.longitude,
    label: placeLabel({ city: town.name, state, country }),
  };
}
