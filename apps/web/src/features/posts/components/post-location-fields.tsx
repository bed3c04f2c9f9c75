import type { PostType } from "@plaza/contracts/posts";
import { LocateFixed, MapPinned } from "lucide-react";
import { type ReactNode, useState } from "react";
import { defineMessages, useIntl } from "react-intl";
import { LocationPicker } from "@/components/map/location-picker";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { fetchPlaceAt, PlaceName } from "@/lib/place-name";

/** Who may see a post, as the composer and the Edit dialog offer it (docs/PRODUCT.md "Social"). */
export type AccessChoice = PostType;
export const ACCESS_LABELS = defineMessages({
  free: { id: "posts.access.free", defaultMessage: "Free" },
  ppv: { id: "posts.access.ppv", defaultMessage: "Pay-per-view" },
  subscriber: { id: "posts.access.subscriber", defaultMessage: "Subscribers only" },
});

const messages = defineMessages({
  geolocationUnsupported: {
    id: "posts.location.geolocationUnsupported",
    defaultMessage: "Geolocation is not supported by this browser.",
  },
  geolocationFailed: {
    id: "posts.location.geolocationFailed",
    defaultMessage: "Unable to retrieve your location. Please check your browser permissions.",
  },
  legend: { id: "posts.location.legend", defaultMessage: "Location" },
  city: { id: "posts.location.city", defaultMessage: "City" },
  state: { id: "posts.location.state", defaultMessage: "State" },
  statePlaceholder: { id: "posts.location.statePlaceholder", defaultMessage: "State/Province" },
  country: { id: "posts.location.country", defaultMessage: "Country" },
  useCurrentLocation: { id: "posts.location.useCurrentLocation", defaultMessage: "Use current location" },
  hideMap: { id: "posts.location.hideMap", defaultMessage: "Hide map" },
  pickOnMap: { id: "posts.location.pickOnMap", defaultMessage: "Pick on map" },
  near: { id: "posts.location.near", defaultMessage: "Near" },
  clear: { id: "posts.location.clear", defaultMessage: "clear" },
});

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
  const intl = useIntl();
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
      window.alert(intl.formatMessage(messages.geolocationUnsupported));
      return;
    }
    navigator.geolocation.getCurrentPosition(
      (position) => void setPoint({ latitude: position.coords.latitude, longitude: position.coords.longitude }),
      () => window.alert(intl.formatMessage(messages.geolocationFailed)),
    );
  };

  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium">{intl.formatMessage(messages.legend)}</legend>
      <div className="grid grid-cols-1 gap-2 sm:grid-cols-3">
        <Input
          aria-label={intl.formatMessage(messages.city)}
          placeholder={intl.formatMessage(messages.city)}
          value={value.city}
          onChange={(event) => onChange({ city: event.target.value })}
        />
        <Input
          aria-label={intl.formatMessage(messages.state)}
          placeholder={intl.formatMessage(messages.statePlaceholder)}
          value={value.state}
          onChange={(event) => onChange({ state: event.target.value })}
        />
        <Input
          aria-label={intl.formatMessage(messages.country)}
          placeholder={intl.formatMessage(messages.country)}
          value={value.country}
          onChange={(event) => onChange({ country: event.target.value })}
        />
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <Button type="button" variant="outline" size="sm" onClick={fillCurrentLocation}>
          <LocateFixed aria-hidden /> {intl.formatMessage(messages.useCurrentLocation)}
        </Button>
        <Button
          type="button"
          variant="outline"
          size="sm"
          aria-expanded={isPickingOnMap}
          onClick={() => setIsPickingOnMap(!isPickingOnMap)}
        >
          <MapPinned aria-hidden /> {intl.formatMessage(isPickingOnMap ? messages.hideMap : messages.pickOnMap)}
        </Button>
        {value.latitude !== null && value.longitude !== null && (
          <span className="text-xs text-gray-600">
            {intl.formatMessage(messages.near)} <PlaceName latitude={value.latitude} longitude={value.longitude} />
            <button
              type="button"
              className="ms-2 underline"
              onClick={() => onChange({ latitude: null, longitude: null })}
            >
              {intl.formatMessage(messages.clear)}
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
