import { COORDINATE_DECIMALS } from "@plaza/contracts/constants";
import type { PlaceView } from "@plaza/contracts/places";
import { useQuery } from "@tanstack/react-query";
import { api, operationQuery } from "./api";

/** A point rounded to about 10 m, so that small jitters of a position share one look-up. */
function rounded(value: number): number {
  return Number(value.toFixed(COORDINATE_DECIMALS));
}

const placeQuery = (position: { latitude: number; longitude: number }) => ({
  params: { query: { latitude: rounded(position.latitude), longitude: rounded(position.longitude) } },
});

/** The town a point is in, for a form to fill its fields; null at sea or when the look-up fails. */
export async function fetchPlaceAt(position: { latitude: number; longitude: number }): Promise<PlaceView | null> {
  try {
    return await api.get("/api/places/reverse", placeQuery(position));
  } catch {
    return null;
  }
}

/** The town a point is in, from GET /api/places/reverse (null while loading, at sea or on error). */
export function usePlaceName(position: { latitude: number; longitude: number } | null) {
  return useQuery({
    ...operationQuery("getPlacesReverse", placeQuery(position ?? { latitude: 0, longitude: 0 })),
    enabled: position !== null,
  });
}

/**
 * A point as people read it: "Hood River, Oregon, United States", with the coordinates in a tooltip. Until the
 * name arrives (or where there is none) it shows the coordinates.
 */
export function PlaceName({ latitude, longitude }: { latitude: number; longitude: number }) {
  const place = usePlaceName({ latitude, longitude });
  const coordinates = `${latitude.toFixed(COORDINATE_DECIMALS)}, ${longitude.toFixed(COORDINATE_DECIMALS)}`;
  return (
    <span title={coordinates} data-testid="place-name">
      {place.data?.label ?? coordinates}
    </span>
  );
}

/** Where a named town is (GET /api/places/town), e.g. the centre of Near you from a profile's city. */
export function useTownPosition(city: string | null | undefined, countryCode?: string | null) {
  const name = city?.trim() ?? "";
  return useQuery({
    ...operationQuery("getPlacesTown", {
      params: { query: countryCode ? { city: name, countryCode } : { city: name } },
    }),
    enabled: name !== "",
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
