import type { BusinessHours } from "@plaza/contracts/business-hours";
import {
  type BusinessCategory,
  type BusinessView,
  businessCategory,
  createBusinessBody,
  priceRange,
} from "@plaza/contracts/businesses";
import { BUSINESS_CATEGORIES, PRICE_RANGES } from "@plaza/contracts/businesses.texts";
import { latitude as latitudeSchema, longitude as longitudeSchema } from "@plaza/contracts/location";
import { LocateFixed } from "lucide-react";
import { useState } from "react";
import { useWatch } from "react-hook-form";
import { defineMessages, useIntl } from "react-intl";
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
import { readBrowserPosition, useGeolocationTexts } from "../hooks/use-geolocation";
import { CATEGORY_MESSAGES, PRICE_RANGE_MESSAGES } from "../lib/business-texts";
import {
  areHoursValid,
  BusinessExtraFields,
  type BusinessExtraValues,
  initialExtraValues,
} from "./business-extra-fields";

const phrases = defineMessages<{
  priceRangeOption: { range: string | number; label: string | number };
}>({
  priceRangeOption: { id: "businesses.form.priceRangeOption", defaultMessage: "{range} ({label})" },
});
const messages = defineMessages({
  description: {
    id: "businesses.form.description",
    defaultMessage: "Tell customers about your business and where to find it.",
  },
  name: { id: "businesses.form.name", defaultMessage: "Business name" },
  category: { id: "businesses.form.category", defaultMessage: "Category" },
  selectCategory: { id: "businesses.form.selectCategory", defaultMessage: "Select a category" },
  descriptionField: { id: "businesses.form.descriptionField", defaultMessage: "Description" },
  address: { id: "businesses.form.address", defaultMessage: "Address" },
  phone: { id: "businesses.form.phone", defaultMessage: "Phone" },
  website: { id: "businesses.form.website", defaultMessage: "Website" },
  priceRange: { id: "businesses.form.priceRange", defaultMessage: "Price range" },
  location: { id: "businesses.form.location", defaultMessage: "Location (for verified check-ins)" },
  locating: { id: "businesses.form.locating", defaultMessage: "Locating..." },
  useCurrentLocation: { id: "businesses.form.useCurrentLocation", defaultMessage: "Use my current location" },
  latitude: { id: "businesses.form.latitude", defaultMessage: "Latitude" },
  longitude: { id: "businesses.form.longitude", defaultMessage: "Longitude" },
  invalidLocation: { id: "businesses.form.invalidLocation", defaultMessage: "Enter a valid latitude and longitude" },
  cancel: { id: "businesses.form.cancel", defaultMessage: "Cancel" },
  saving: { id: "businesses.form.saving", defaultMessage: "Saving..." },
});

/** The website field's hint: a URL's beginning, the same in every language. */
const URL_PLACEHOLDER = "https://";

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
  const intl = useIntl();
  const geolocationTexts = useGeolocationTexts();
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
      setPoint(await readBrowserPosition(geolocationTexts));
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
          <DialogDescription>{intl.formatMessage(messages.description)}</DialogDescription>
        </DialogHeader>
        <Form form={form} onSubmit={onSubmit} pending={isPending} className="space-y-3">
          <FormField name="name" id="business-name" label={intl.formatMessage(messages.name)} className="space-y-1">
            {(field) => <Input {...field} />}
          </FormField>
          <FormField
            name="category"
            id="business-category"
            label={intl.formatMessage(messages.category)}
            className="space-y-1"
          >
            {({ value, onChange, id }) => (
              <Select value={value} onValueChange={onChange}>
                <SelectTrigger id={id} aria-label={intl.formatMessage(messages.category)}>
                  <SelectValue placeholder={intl.formatMessage(messages.selectCategory)} />
                </SelectTrigger>
                <SelectContent>
                  {BUSINESS_CATEGORIES.map((category) => (
                    <SelectItem key={category} value={category}>
                      {intl.formatMessage(CATEGORY_MESSAGES[category])}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          </FormField>
          <FormField
            name="description"
            id="business-description"
            label={intl.formatMessage(messages.descriptionField)}
            className="space-y-1"
          >
            {(field) => <Textarea {...field} />}
          </FormField>
          <FormField
            name="address"
            id="business-address"
            label={intl.formatMessage(messages.address)}
            className="space-y-1"
          >
            {(field) => <Input {...field} />}
          </FormField>
          <div className="grid gap-3 sm:grid-cols-2">
            <FormField
              name="phone"
              id="business-phone"
              label={intl.formatMessage(messages.phone)}
              className="space-y-1"
            >
              {(field) => <Input {...field} />}
            </FormField>
            <FormField
              name="website"
              id="business-website"
              label={intl.formatMessage(messages.website)}
              className="space-y-1"
            >
              {(field) => <Input placeholder={URL_PLACEHOLDER} {...field} />}
            </FormField>
          </div>
          <FormField
            name="priceRange"
            id="business-price-range"
            label={intl.formatMessage(messages.priceRange)}
            className="space-y-1"
          >
            {({ value, onChange, id }) => (
              <Select value={value} onValueChange={onChange}>
                <SelectTrigger id={id} aria-label={intl.formatMessage(messages.priceRange)}>
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {PRICE_RANGES.map((range) => (
                    <SelectItem key={range} value={range}>
                      {intl.formatMessage(phrases.priceRangeOption, {
                        range,
                        label: intl.formatMessage(PRICE_RANGE_MESSAGES[range]),
                      })}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          </FormField>
          <fieldset className="space-y-2 rounded-lg border p-3">
            <legend className="px-1 text-sm font-medium">{intl.formatMessage(messages.location)}</legend>
            <Button type="button" variant="outline" size="sm" onClick={fillCurrentLocation} disabled={isLocating}>
              <LocateFixed aria-hidden />
              {intl.formatMessage(isLocating ? messages.locating : messages.useCurrentLocation)}
            </Button>
            {locationError && <p className="text-sm text-red-600">{locationError}</p>}
            <div className="grid gap-3 sm:grid-cols-2">
              <FormField
                name="latitude"
                id="business-latitude"
                label={intl.formatMessage(messages.latitude)}
                className="space-y-1"
              >
                {(field) => <Input inputMode="decimal" {...field} />}
              </FormField>
              <FormField
                name="longitude"
                id="business-longitude"
                label={intl.formatMessage(messages.longitude)}
                className="space-y-1"
              >
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
            {!isLocationValid && <p className="text-sm text-red-600">{intl.formatMessage(messages.invalidLocation)}</p>}
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
              {intl.formatMessage(messages.cancel)}
            </Button>
            <FormSubmit pendingLabel={intl.formatMessage(messages.saving)} disabled={!canSubmit}>
              {submitLabel}
            </FormSubmit>
          </DialogFooter>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
