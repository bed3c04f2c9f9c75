import { LOCATION_RADIUS_MILES } from "@plaza/contracts/constants";
import type { LocationFilterType, LocationFilterValue } from "@plaza/contracts/location";
import { LOCATION_FILTER_TYPES } from "@plaza/contracts/location.texts";
import { LocateFixed } from "lucide-react";
import { useEffect, useState } from "react";
import { defineMessages, type IntlShape, useIntl } from "react-intl";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Slider } from "@/components/ui/slider";
import { fetchPlaceAt, PlaceName } from "@/lib/place-name";
import { applyLocationFilter, readLocationFilter, useLocationFilterDialog } from "../hooks/use-location-filter";

const messages = defineMessages({
  title: { id: "posts.locationFilter.title", defaultMessage: "Location Filter" },
  description: {
    id: "posts.locationFilter.description",
    defaultMessage: "Filter posts by location to see content from specific areas",
  },
  geolocationUnsupported: {
    id: "posts.locationFilter.geolocationUnsupported",
    defaultMessage: "Geolocation is not supported by this browser.",
  },
  geolocationFailed: {
    id: "posts.locationFilter.geolocationFailed",
    defaultMessage: "Unable to retrieve your location. Please check your browser permissions.",
  },
  filterType: { id: "posts.locationFilter.filterType", defaultMessage: "Filter type" },
  currentLocation: { id: "posts.locationFilter.currentLocation", defaultMessage: "Current location:" },
  useCurrentLocation: { id: "posts.locationFilter.useCurrentLocation", defaultMessage: "Use Current Location" },
  getLocationAndApply: { id: "posts.locationFilter.getLocationAndApply", defaultMessage: "Get Location & Apply" },
  apply: { id: "posts.locationFilter.apply", defaultMessage: "Apply Filter" },
  clear: { id: "posts.locationFilter.clear", defaultMessage: "Clear Filter" },
});
const phrases = defineMessages<{ radius: { radius: number }; miles: { count: number } }>({
  radius: { id: "posts.locationFilter.radius", defaultMessage: "Radius: {radius, number} miles" },
  miles: { id: "posts.locationFilter.miles", defaultMessage: "{count, plural, one {# mile} other {# miles}}" },
});

/** The filter types' names. */
const TYPE_LABELS = defineMessages({
  none: { id: "posts.locationFilter.type.none", defaultMessage: "No Filter" },
  city: { id: "posts.locationFilter.type.city", defaultMessage: "City" },
  state: { id: "posts.locationFilter.type.state", defaultMessage: "State/Province" },
  country: { id: "posts.locationFilter.type.country", defaultMessage: "Country" },
  radius: { id: "posts.locationFilter.type.radius", defaultMessage: "Radius (Miles)" },
});

/** The text field's placeholder for each place level. */
const TEXT_PLACEHOLDERS = defineMessages({
  city: { id: "posts.locationFilter.placeholder.city", defaultMessage: "Enter a city" },
  state: { id: "posts.locationFilter.placeholder.state", defaultMessage: "Enter a state/province" },
  country: { id: "posts.locationFilter.placeholder.country", defaultMessage: "Enter a country" },
});

interface Coordinates {
  latitude: number;
  longitude: number;
}

/** Asks the browser for its position; failures are the §8 alerts. */
function detectPosition(intl: IntlShape, onFound: (coordinates: Coordinates) => void): void {
  if (!("geolocation" in navigator)) {
    window.alert(intl.formatMessage(messages.geolocationUnsupported));
    return;
  }
  navigator.geolocation.getCurrentPosition(
    (position) => onFound({ latitude: position.coords.latitude, longitude: position.coords.longitude }),
    () => window.alert(intl.formatMessage(messages.geolocationFailed)),
    { enableHighAccuracy: false, timeout: 15_000, maximumAge: 300_000 },
  );
}

/** The location filter panel (docs/PRODUCT.md §2, §4, §5): saves the filter and reloads the page. */
export function LocationFilterDialog() {
  const intl = useIntl();
  const { isOpen, initialType, setOpen } = useLocationFilterDialog();
  const [type, setType] = useState<LocationFilterType>("none");
  const [text, setText] = useState("");
  const [radius, setRadius] = useState<number>(LOCATION_RADIUS_MILES.default);
  const [position, setPosition] = useState<Coordinates | null>(null);

  // Each opening starts from the saved filter (or the type asked for, e.g. Find Nearby → radius).
  useEffect(() => {
    if (!isOpen) return;
    const saved = readLocationFilter();
    if (saved?.type === "radius") {
      setType("radius");
      setRadius(saved.radius);
      setPosition({ latitude: saved.latitude, longitude: saved.longitude });
      setText("");
    } else if (saved) {
      setType(saved.type);
      setText(saved.text);
      setPosition(null);
    } else {
      setType("none");
      setText("");
      setPosition(null);
    }
    if (initialType) setType(initialType);
  }, [isOpen, initialType]);

  const apply = (value: LocationFilterValue | null) => {
    setOpen(false);
    applyLocationFilter(value);
  };

  const applyText = () => {
    const trimmed = text.trim();
    if (type === "none" || type === "radius" || trimmed === "") apply(null);
    else apply({ type, text: trimmed });
  };

  // Fills the text field with the place's name at the chosen level (city by default), never with coordinates,
  // which no post's place text would match.
  const fillCurrentLocation = () =>
    detectPosition(intl, async (coordinates) => {
      setPosition(coordinates);
      if (type === "radius") return;
      const place = await fetchPlaceAt(coordinates);
      if (!place) return;
      const level = type === "none" ? "city" : type;
      setType(level);
      setText((level === "state" ? place.state : level === "country" ? place.country : place.city) ?? place.city);
    });

  const getLocationAndApply = () =>
    detectPosition(intl, (coordinates) => {
      setPosition(coordinates);
      apply({ type: "radius", ...coordinates, radius });
    });

  const clear = () => {
    setType("none");
    setText("");
    setPosition(null);
    apply(null);
  };

  return (
    <Dialog open={isOpen} onOpenChange={setOpen}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>{intl.formatMessage(messages.title)}</DialogTitle>
          <DialogDescription>{intl.formatMessage(messages.description)}</DialogDescription>
        </DialogHeader>
        <div className="space-y-4">
          <div className="space-y-1.5">
            <Label htmlFor="location-filter-type">{intl.formatMessage(messages.filterType)}</Label>
            <Select value={type} onValueChange={(value) => setType(value as LocationFilterType)}>
              <SelectTrigger id="location-filter-type" aria-label={intl.formatMessage(messages.filterType)}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {LOCATION_FILTER_TYPES.map((option) => (
                  <SelectItem key={option} value={option}>
                    {intl.formatMessage(TYPE_LABELS[option])}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>

          {type === "radius" ? (
            <div className="space-y-2">
              <Label id="location-radius-label">{intl.formatMessage(phrases.radius, { radius })}</Label>
              <Slider
                aria-labelledby="location-radius-label"
                min={LOCATION_RADIUS_MILES.min}
                max={LOCATION_RADIUS_MILES.max}
                step={LOCATION_RADIUS_MILES.step}
                value={[radius]}
                onValueChange={([value]) => setRadius(value ?? LOCATION_RADIUS_MILES.default)}
              />
              <div className="flex justify-between text-xs text-gray-500">
                <span>{intl.formatMessage(phrases.miles, { count: LOCATION_RADIUS_MILES.min })}</span>
                <span>{intl.formatMessage(phrases.miles, { count: LOCATION_RADIUS_MILES.max })}</span>
              </div>
            </div>
          ) : (
            type !== "none" && (
              <div className="space-y-1.5">
                <Label htmlFor="location-filter-text">{intl.formatMessage(TYPE_LABELS[type])}</Label>
                <Input
                  id="location-filter-text"
                  value={text}
                  maxLength={100}
                  onChange={(event) => setText(event.target.value)}
                  placeholder={intl.formatMessage(TEXT_PLACEHOLDERS[type])}
                />
              </div>
            )
          )}

          {position && (
            <p className="text-sm text-gray-600" data-testid="location-coordinates">
              {intl.formatMessage(messages.currentLocation)}{" "}
              <PlaceName latitude={position.latitude} longitude={position.longitude} />
            </p>
          )}

          <div className="flex flex-wrap gap-2">
            <Button type="button" variant="outline" onClick={fillCurrentLocation}>
              <LocateFixed aria-hidden /> {intl.formatMessage(messages.useCurrentLocation)}
            </Button>
            {type === "radius" ? (
              <Button type="button" onClick={getLocationAndApply}>
                {intl.formatMessage(messages.getLocationAndApply)}
              </Button>
            ) : (
              <Button type="button" onClick={applyText}>
                {intl.formatMessage(messages.apply)}
              </Button>
            )}
            <Button type="button" variant="ghost" onClick={clear}>
              {intl.formatMessage(messages.clear)}
            </Button>
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}
