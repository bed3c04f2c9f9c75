import { LOCATION_RADIUS_MILES } from "@plaza/contracts/constants";
import type { LocationFilterType, LocationFilterValue } from "@plaza/contracts/location";
import { LOCATION_FILTER_LABELS, LOCATION_FILTER_TEXTS, LOCATION_FILTER_TYPES } from "@plaza/contracts/location.texts";
import { LocateFixed } from "lucide-react";
import { useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Slider } from "@/components/ui/slider";
import { fetchPlaceAt, PlaceName } from "@/lib/place-name";
import { applyLocationFilter, readLocationFilter, useLocationFilterDialog } from "../hooks/use-location-filter";

interface Coordinates {
  latitude: number;
  longitude: number;
}

/** Asks the browser for its position; failures are the §8 alerts. */
function detectPosition(onFound: (coordinates: Coordinates) => void): void {
  if (!("geolocation" in navigator)) {
    window.alert(LOCATION_FILTER_TEXTS.geolocationUnsupported);
    return;
  }
  navigator.geolocation.getCurrentPosition(
    (position) => onFound({ latitude: position.coords.latitude, longitude: position.coords.longitude }),
    () => window.alert(LOCATION_FILTER_TEXTS.geolocationFailed),
    { enableHighAccuracy: false, timeout: 15_000, maximumAge: 300_000 },
  );
}

/** The location filter panel (docs/PRODUCT.md §2, §4, §5): saves the filter and reloads the page. */
export function LocationFilterDialog() {
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
    detectPosition(async (coordinates) => {
      setPosition(coordinates);
      if (type === "radius") return;
      const place = await fetchPlaceAt(coordinates);
      if (!place) return;
      const level = type === "none" ? "city" : type;
      setType(level);
      setText((level === "state" ? place.state : level === "country" ? place.country : place.city) ?? place.city);
    });

  const getLocationAndApply = () =>
    detectPosition((coordinates) => {
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
          <DialogTitle>{LOCATION_FILTER_TEXTS.title}</DialogTitle>
          <DialogDescription>{LOCATION_FILTER_TEXTS.description}</DialogDescription>
        </DialogHeader>
        <div className="space-y-4">
          <div className="space-y-1.5">
            <Label htmlFor="location-filter-type">Filter type</Label>
            <Select value={type} onValueChange={(value) => setType(value as LocationFilterType)}>
              <SelectTrigger id="location-filter-type" aria-label="Filter type">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {LOCATION_FILTER_TYPES.map((option) => (
                  <SelectItem key={option} value={option}>
                    {LOCATION_FILTER_LABELS[option]}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>

          {type === "radius" ? (
            <div className="space-y-2">
              <Label id="location-radius-label">Radius: {radius} miles</Label>
              <Slider
                aria-labelledby="location-radius-label"
                min={LOCATION_RADIUS_MILES.min}
                max={LOCATION_RADIUS_MILES.max}
                step={LOCATION_RADIUS_MILES.step}
                value={[radius]}
                onValueChange={([value]) => setRadius(value ?? LOCATION_RADIUS_MILES.default)}
              />
              <div className="flex justify-between text-xs text-gray-500">
                <span>{LOCATION_RADIUS_MILES.min} mile</span>
                <span>{LOCATION_RADIUS_MILES.max} miles</span>
              </div>
            </div>
          ) : (
            type !== "none" && (
              <div className="space-y-1.5">
                <Label htmlFor="location-filter-text">{LOCATION_FILTER_LABELS[type]}</Label>
                <Input
                  id="location-filter-text"
                  value={text}
                  maxLength={100}
                  onChange={(event) => setText(event.target.value)}
                  placeholder={`Enter a ${LOCATION_FILTER_LABELS[type].toLowerCase()}`}
                />
              </div>
            )
          )}

          {position && (
            <p className="text-sm text-gray-600" data-testid="location-coordinates">
              Current location: <PlaceName latitude={position.latitude} longitude={position.longitude} />
            </p>
          )}

          <div className="flex flex-wrap gap-2">
            <Button type="button" variant="outline" onClick={fillCurrentLocation}>
              <LocateFixed aria-hidden /> Use Current Location
            </Button>
            {type === "radius" ? (
              <Button type="button" onClick={getLocationAndApply}>
                Get Location &amp; Apply
              </Button>
            ) : (
              <Button type="button" onClick={applyText}>
                Apply Filter
              </Button>
            )}
            <Button type="button" variant="ghost" onClick={clear}>
              Clear Filter
            </Button>
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}
