import { LOCATION_FILTER_TEXTS } from "@plaza/contracts/location.texts";
import type { PostType } from "@plaza/contracts/posts";
import { LocateFixed, MapPinned } from "lucide-react";
import { type ReactNode, useState } from "react";
import { LocationPicker } from "@/components/map/location-picker";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { fetchPlaceAt, PlaceName } from "@/lib/place-name";

/** Who may see a post, as the composer and the Edit dialog offer it (docs/PRODUCT.md "Social"). */
export type AccessChoice = PostType;
export const ACCESS_LABELS: Record<AccessChoice, string> = {
  free: "Free",
  ppv: "Pay-per-view",
  subscriber: "Subscribers only",
};

/** A post's place as its form holds it: the place names and, when one was picked, a point. */
export interface PlaceFields {
  city: string;
  state: string;
  country: string;
  latitude: number | null;
  longitude: number | null;
}

export const EMPTY_PLACE: PlaceFields = { city: "", state: "", country: "", latitude: null, longitude: null };

/** The place as the API's `location`, or null when the form holds none. */
export function placePayload(place: PlaceFields) {
  const hasLocation = place.city.trim() || place.state.trim() || place.country.trim() || place.latitude !== null;
  return hasLocation
    ? {
        city: place.city.trim() || undefined,
        state: place.state.trim() || undefined,
        country: place.country.trim() || undefined,
        latitude: place.latitude ?? undefined,
        longitude: place.longitude ?? undefined,
      }
    : null;
}

/**
 * A post's Location fieldset, shared by the composer and the Edit dialog: city, state and country, the browser's
 * position or a point picked on the map (the place names then follow the point, from the offline gazetteer).
 */
export function PostLocationFields({
  value,
  onChange,
  error,
}: {
  value: PlaceFields;
  onChange: (patch: Partial<PlaceFields>) => void;
  error?: ReactNode;
}) {
  const [isPickingOnMap, setIsPickingOnMap] = useState(false);

  /** A point from the browser or the map picker; the place fields follow it. */
  const setPoint = async (point: { latitude: number; longitude: number }) => {
    onChange(point);
    // The place fields say where; the post keeps only a coarse position.
    const place = await fetchPlaceAt(point);
    if (place) onChange({ city: place.city, state: place.state ?? "", country: place.country });
  };

  const fillCurrentLocation = () => {
    if (!("geolocation" in navigator)) {
      window.alert(LOCATION_FILTER_TEXTS.geolocationUnsupported);
      return;
    }
    navigator.geolocation.getCurrentPosition(
      (position) => void setPoint({ latitude: position.coords.latitude, longitude: position.coords.longitude }),
      () => window.alert(LOCATION_FILTER_TEXTS.geolocationFailed),
    );
  };

  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium">Location</legend>
      <div className="grid grid-cols-1 gap-2 sm:grid-cols-3">
        <Input
          aria-label="City"
          placeholder="City"
          value={value.city}
          onChange={(event) => onChange({ city: event.target.value })}
        />
        <Input
          aria-label="State"
          placeholder="State/Province"
          value={value.state}
          onChange={(event) => onChange({ state: event.target.value })}
        />
        <Input
          aria-label="Country"
          placeholder="Country"
          value={value.country}
          onChange={(event) => onChange({ country: event.target.value })}
        />
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <Button type="button" variant="outline" size="sm" onClick={fillCurrentLocation}>
          <LocateFixed aria-hidden /> Use current location
        </Button>
        <Button
          type="button"
          variant="outline"
          size="sm"
          aria-expanded={isPickingOnMap}
          onClick={() => setIsPickingOnMap(!isPickingOnMap)}
        >
          <MapPinned aria-hidden /> {isPickingOnMap ? "Hide map" : "Pick on map"}
        </Button>
        {value.latitude !== null && value.longitude !== null && (
          <span className="text-xs text-gray-600">
            Near <PlaceName latitude={value.latitude} longitude={value.longitude} />
            <button
              type="button"
              className="ml-2 underline"
              onClick={() => onChange({ latitude: null, longitude: null })}
            >
              clear
            </button>
          </span>
        )}
      </div>
      {isPickingOnMap && (
        <LocationPicker
          value={
            value.latitude !== null && value.longitude !== null
              ? { latitude: value.latitude, longitude: value.longitude }
              : null
          }
          onChange={(point) => void setPoint(point)}
        />
      )}
      {error}
    </fieldset>
  );
}
