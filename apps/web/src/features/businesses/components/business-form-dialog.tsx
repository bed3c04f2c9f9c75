import {
  BUSINESS_CATEGORIES,
  BUSINESS_CATEGORY_LABELS,
  type BusinessCategory,
  type BusinessView,
  PRICE_RANGE_LABELS,
  PRICE_RANGES,
} from "@plaza/contracts/businesses";
import { latitude as latitudeSchema, longitude as longitudeSchema } from "@plaza/contracts/location";
import { LocateFixed } from "lucide-react";
import { type FormEvent, useState } from "react";
import { z } from "zod";
import { LocationPicker } from "@/components/map/location-picker";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Textarea } from "@/components/ui/textarea";
import { PlaceName } from "@/lib/place-name";
import { readBrowserPosition } from "../hooks/use-geolocation";
import {
  areHoursValid,
  BusinessExtraFields,
  type BusinessExtraValues,
  initialExtraValues,
} from "./business-extra-fields";

export interface BusinessFormValues extends BusinessExtraValues {
  name: string;
  category: BusinessCategory;
  description: string;
  address: string;
  phone: string;
  website: string;
  priceRange: (typeof PRICE_RANGES)[number];
  latitude: number | null;
  longitude: number | null;
}

const position = z.object({ latitude: latitudeSchema, longitude: longitudeSchema });

function initialValues(business: BusinessView | null): Omit<
  BusinessFormValues,
  "category" | "latitude" | "longitude" | keyof BusinessExtraValues
> & {
  category: BusinessCategory | "";
  latitude: string;
  longitude: string;
} {
  return {
    name: business?.name ?? "",
    category: business?.category ?? "",
    description: business?.description ?? "",
    address: business?.address ?? "",
    phone: business?.phone ?? "",
    website: business?.website ?? "",
    priceRange: (PRICE_RANGES as readonly string[]).includes(business?.priceRange ?? "")
      ? (business?.priceRange as (typeof PRICE_RANGES)[number])
      : "$",
    latitude: business?.latitude?.toString() ?? "",
    longitude: business?.longitude?.toString() ?? "",
  };
}

/**
 * The typed coordinates checked by the contract's schemas (packages/contracts/src/location.ts): both blank (no
 * location), or both valid numbers in range; null when they are not.
 */
function typedPosition(
  latitudeText: string,
  longitudeText: string,
): { latitude: number | null; longitude: number | null } | null {
  const latitudeValue = latitudeText.trim();
  const longitudeValue = longitudeText.trim();
  if (latitudeValue === "" && longitudeValue === "") return { latitude: null, longitude: null };
  if (latitudeValue === "" || longitudeValue === "") return null;
  const parsed = position.safeParse({ latitude: latitudeValue, longitude: longitudeValue });
  return parsed.success ? parsed.data : null;
}

/**
 * The business form of docs/PRODUCT.md §2/§5 (create, and edit on the dashboard): submit is disabled without a name
 * or a category; priceRange defaults to $; the location is typed in or taken from the browser.
 */
export function BusinessFormDialog({
  open,
  onOpenChange,
  business,
  title,
  submitLabel,
  isPending,
  onSubmit,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  business: BusinessView | null;
  title: string;
  submitLabel: string;
  isPending: boolean;
  onSubmit: (values: BusinessFormValues) => void;
}) {
  const [values, setValues] = useState(() => initialValues(business));
  const [extra, setExtra] = useState(() => initialExtraValues(business));
  const [locationError, setLocationError] = useState<string | null>(null);
  const [isLocating, setIsLocating] = useState(false);
  const set = <Key extends keyof typeof values>(key: Key, value: (typeof values)[Key]) =>
    setValues((current) => ({ ...current, [key]: value }));

  const position = typedPosition(values.latitude, values.longitude);
  const isLocationValid = position !== null;
  const latitude = position?.latitude ?? null;
  const longitude = position?.longitude ?? null;
  const canSubmit =
    values.name.trim() !== "" && values.category !== "" && isLocationValid && areHoursValid(extra.hours) && !isPending;

  async function fillCurrentLocation() {
    setIsLocating(true);
    setLocationError(null);
    try {
      const position = await readBrowserPosition();
      setValues((current) => ({
        ...current,
        latitude: position.latitude.toFixed(6),
        longitude: position.longitude.toFixed(6),
      }));
    } catch (error) {
      setLocationError(error instanceof Error ? error.message : String(error));
    } finally {
      setIsLocating(false);
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!canSubmit || values.category === "") return;
    onSubmit({ ...values, ...extra, category: values.category, latitude, longitude });
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (next) {
          setValues(initialValues(business));
          setExtra(initialExtraValues(business));
        }
        onOpenChange(next);
      }}
    >
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>Tell customers about your business and where to find it.</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="space-y-3">
          <div className="space-y-1">
            <Label htmlFor="business-name">Business name</Label>
            <Input id="business-name" value={values.name} onChange={(event) => set("name", event.target.value)} />
          </div>
          <div className="space-y-1">
            <Label htmlFor="business-category">Category</Label>
            <Select value={values.category} onValueChange={(value) => set("category", value as BusinessCategory)}>
              <SelectTrigger id="business-category" aria-label="Category">
                <SelectValue placeholder="Select a category" />
              </SelectTrigger>
              <SelectContent>
                {BUSINESS_CATEGORIES.map((category) => (
                  <SelectItem key={category} value={category}>
                    {BUSINESS_CATEGORY_LABELS[category]}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          <div className="space-y-1">
            <Label htmlFor="business-description">Description</Label>
            <Textarea
              id="business-description"
              value={values.description}
              onChange={(event) => set("description", event.target.value)}
            />
          </div>
          <div className="space-y-1">
            <Label htmlFor="business-address">Address</Label>
            <Input
              id="business-address"
              value={values.address}
              onChange={(event) => set("address", event.target.value)}
            />
          </div>
          <div className="grid gap-3 sm:grid-cols-2">
            <div className="space-y-1">
              <Label htmlFor="business-phone">Phone</Label>
              <Input id="business-phone" value={values.phone} onChange={(event) => set("phone", event.target.value)} />
            </div>
            <div className="space-y-1">
              <Label htmlFor="business-website">Website</Label>
              <Input
                id="business-website"
                placeholder="https://"
                value={values.website}
                onChange={(event) => set("website", event.target.value)}
              />
            </div>
          </div>
          <div className="space-y-1">
            <Label htmlFor="business-price-range">Price range</Label>
            <Select
              value={values.priceRange}
              onValueChange={(value) => set("priceRange", value as (typeof PRICE_RANGES)[number])}
            >
              <SelectTrigger id="business-price-range" aria-label="Price range">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {PRICE_RANGES.map((range) => (
                  <SelectItem key={range} value={range}>
                    {range} ({PRICE_RANGE_LABELS[range]})
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          <fieldset className="space-y-2 rounded-lg border p-3">
            <legend className="px-1 text-sm font-medium">Location (for verified check-ins)</legend>
            <Button type="button" variant="outline" size="sm" onClick={fillCurrentLocation} disabled={isLocating}>
              <LocateFixed aria-hidden />
              {isLocating ? "Locating..." : "Use my current location"}
            </Button>
            {locationError && <p className="text-sm text-red-600">{locationError}</p>}
            <div className="grid gap-3 sm:grid-cols-2">
              <div className="space-y-1">
                <Label htmlFor="business-latitude">Latitude</Label>
                <Input
                  id="business-latitude"
                  inputMode="decimal"
                  value={values.latitude}
                  onChange={(event) => set("latitude", event.target.value)}
                />
              </div>
              <div className="space-y-1">
                <Label htmlFor="business-longitude">Longitude</Label>
                <Input
                  id="business-longitude"
                  inputMode="decimal"
                  value={values.longitude}
                  onChange={(event) => set("longitude", event.target.value)}
                />
              </div>
            </div>
            <LocationPicker
              value={latitude !== null && longitude !== null && isLocationValid ? { latitude, longitude } : null}
              onChange={(point) =>
                setValues((current) => ({
                  ...current,
                  latitude: point.latitude.toFixed(6),
                  longitude: point.longitude.toFixed(6),
                }))
              }
            />
            {latitude !== null && longitude !== null && isLocationValid && (
              <p className="text-xs text-gray-500">
                <PlaceName latitude={latitude} longitude={longitude} />
              </p>
            )}
            {!isLocationValid && <p className="text-sm text-red-600">Enter a valid latitude and longitude</p>}
          </fieldset>
          <BusinessExtraFields values={extra} onChange={setExtra} />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={!canSubmit}>
              {isPending ? "Saving..." : submitLabel}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
