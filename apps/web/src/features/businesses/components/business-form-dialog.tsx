import type { BusinessHours } from "@plaza/contracts/business-hours";
import {
  type BusinessCategory,
  type BusinessView,
  businessCategory,
  createBusinessBody,
  priceRange,
} from "@plaza/contracts/businesses";
import {
  BUSINESS_CATEGORIES,
  BUSINESS_CATEGORY_LABELS,
  PRICE_RANGE_LABELS,
  PRICE_RANGES,
} from "@plaza/contracts/businesses.texts";
import { latitude as latitudeSchema, longitude as longitudeSchema } from "@plaza/contracts/location";
import { LocateFixed } from "lucide-react";
import { useState } from "react";
import { useWatch } from "react-hook-form";
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
import { Form, FormField, FormMessage, FormSubmit, useZodForm } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
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

/** The form as typed: the category may still be unchosen and the coordinates are text. */
const businessFields = z.object({
  name: z.string(),
  category: z.union([businessCategory, z.literal("")]),
  description: z.string(),
  address: z.string(),
  phone: z.string(),
  website: z.string(),
  priceRange,
  latitude: z.string(),
  longitude: z.string(),
  logoUrl: z.string().nullable(),
  coverImageUrl: z.string().nullable(),
  hours: z.custom<BusinessHours | null>(),
  timeZone: z.string(),
});
type BusinessFields = z.infer<typeof businessFields>;

function initialValues(business: BusinessView | null): BusinessFields {
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
    ...initialExtraValues(business),
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
 * The form's schema: the typed values checked by the contract's `createBusinessBody` (what the server checks on
 * create, and the same rules on edit), then handed over as `BusinessFormValues`.
 */
const businessSchema = businessFields
  .superRefine((values, context) => {
    const position = typedPosition(values.latitude, values.longitude);
    const body = createBusinessBody.safeParse({
      ...values,
      category: values.category === "" ? undefined : values.category,
      latitude: position?.latitude ?? undefined,
      longitude: position?.longitude ?? undefined,
    });
    for (const issue of body.error?.issues ?? []) {
      context.addIssue({ code: "custom", message: issue.message, path: issue.path });
    }
  })
  .transform((values): BusinessFormValues => {
    const position = typedPosition(values.latitude, values.longitude);
    return {
      ...values,
      category: values.category as BusinessCategory,
      latitude: position?.latitude ?? null,
      longitude: position?.longitude ?? null,
    };
  });

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
  const form = useZodForm(businessSchema, { defaultValues: initialValues(business) });
  const values = useWatch({ control: form.control }) as BusinessFields;
  const [locationError, setLocationError] = useState<string | null>(null);
  const [isLocating, setIsLocating] = useState(false);
  const setPoint = (point: { latitude: number; longitude: number }) => {
    form.setValue("latitude", point.latitude.toFixed(6), { shouldDirty: true });
    form.setValue("longitude", point.longitude.toFixed(6), { shouldDirty: true });
  };

  const position = typedPosition(values.latitude, values.longitude);
  const isLocationValid = position !== null;
  const latitude = position?.latitude ?? null;
  const longitude = position?.longitude ?? null;
  const canSubmit =
    values.name.trim() !== "" && values.category !== "" && isLocationValid && areHoursValid(values.hours);

  async function fillCurrentLocation() {
    setIsLocating(true);
    setLocationError(null);
    try {
      setPoint(await readBrowserPosition());
    } catch (error) {
      setLocationError(error instanceof Error ? error.message : String(error));
    } finally {
      setIsLocating(false);
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (next) form.reset(initialValues(business));
        onOpenChange(next);
      }}
    >
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>Tell customers about your business and where to find it.</DialogDescription>
        </DialogHeader>
        <Form form={form} onSubmit={onSubmit} pending={isPending} className="space-y-3">
          <FormField name="name" id="business-name" label="Business name" className="space-y-1">
            {(field) => <Input {...field} />}
          </FormField>
          <FormField name="category" id="business-category" label="Category" className="space-y-1">
            {({ value, onChange, id }) => (
              <Select value={value} onValueChange={onChange}>
                <SelectTrigger id={id} aria-label="Category">
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
            )}
          </FormField>
          <FormField name="description" id="business-description" label="Description" className="space-y-1">
            {(field) => <Textarea {...field} />}
          </FormField>
          <FormField name="address" id="business-address" label="Address" className="space-y-1">
            {(field) => <Input {...field} />}
          </FormField>
          <div className="grid gap-3 sm:grid-cols-2">
            <FormField name="phone" id="business-phone" label="Phone" className="space-y-1">
              {(field) => <Input {...field} />}
            </FormField>
            <FormField name="website" id="business-website" label="Website" className="space-y-1">
              {(field) => <Input placeholder="https://" {...field} />}
            </FormField>
          </div>
          <FormField name="priceRange" id="business-price-range" label="Price range" className="space-y-1">
            {({ value, onChange, id }) => (
              <Select value={value} onValueChange={onChange}>
                <SelectTrigger id={id} aria-label="Price range">
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
            )}
          </FormField>
          <fieldset className="space-y-2 rounded-lg border p-3">
            <legend className="px-1 text-sm font-medium">Location (for verified check-ins)</legend>
            <Button type="button" variant="outline" size="sm" onClick={fillCurrentLocation} disabled={isLocating}>
              <LocateFixed aria-hidden />
              {isLocating ? "Locating..." : "Use my current location"}
            </Button>
            {locationError && <p className="text-sm text-red-600">{locationError}</p>}
            <div className="grid gap-3 sm:grid-cols-2">
              <FormField name="latitude" id="business-latitude" label="Latitude" className="space-y-1">
                {(field) => <Input inputMode="decimal" {...field} />}
              </FormField>
              <FormField name="longitude" id="business-longitude" label="Longitude" className="space-y-1">
                {(field) => <Input inputMode="decimal" {...field} />}
              </FormField>
            </div>
            <LocationPicker
              value={latitude !== null && longitude !== null && isLocationValid ? { latitude, longitude } : null}
              onChange={setPoint}
            />
            {latitude !== null && longitude !== null && isLocationValid && (
              <p className="text-xs text-gray-500">
                <PlaceName latitude={latitude} longitude={longitude} />
              </p>
            )}
            {!isLocationValid && <p className="text-sm text-red-600">Enter a valid latitude and longitude</p>}
          </fieldset>
          <BusinessExtraFields
            values={{
              logoUrl: values.logoUrl,
              coverImageUrl: values.coverImageUrl,
              hours: values.hours,
              timeZone: values.timeZone,
            }}
            onChange={(extra) => {
              for (const key of ["logoUrl", "coverImageUrl", "hours", "timeZone"] as const) {
                if (extra[key] !== values[key]) form.setValue(key, extra[key] as never, { shouldDirty: true });
              }
            }}
          />
          <FormMessage />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <FormSubmit pendingLabel="Saving..." disabled={!canSubmit}>
              {submitLabel}
            </FormSubmit>
          </DialogFooter>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
