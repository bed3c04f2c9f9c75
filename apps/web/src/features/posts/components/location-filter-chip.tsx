import type { LocationFilterValue } from "@plaza/contracts/location";
import { MapPin, X } from "lucide-react";
import { defineMessages, type IntlShape, useIntl } from "react-intl";
import { Button } from "@/components/ui/button";
import { applyLocationFilter, openLocationFilterDialog, useRadiusCentreName } from "../hooks/use-location-filter";

const phrases = defineMessages<{ radius: { radius: number; place: string }; change: { filter: string } }>({
  radius: { id: "posts.locationChip.radius", defaultMessage: "Within {radius, number} mi of {place}" },
  change: { id: "posts.locationChip.change", defaultMessage: "Location filter: {filter}. Change" },
});
const messages = defineMessages({
  yourLocation: { id: "posts.locationChip.yourLocation", defaultMessage: "your location" },
  clear: { id: "posts.locationChip.clear", defaultMessage: "Clear location filter" },
});

function chipText(intl: IntlShape, value: LocationFilterValue, centreName: string | null): string {
  return value.type === "radius"
    ? intl.formatMessage(phrases.radius, {
        radius: value.radius,
        place: centreName ?? intl.formatMessage(messages.yourLocation),
      })
    : value.text;
}

/**
 * The active location filter, shown where its posts are (issue 17): the place or radius, a way to change it and a
 * button that clears it. Nothing without a filter.
 */
export function LocationFilterChip({ filter }: { filter: LocationFilterValue | null }) {
  const intl = useIntl();
  const centreName = useRadiusCentreName(filter);
  if (!filter) return null;
  const text = chipText(intl, filter, centreName);
  return (
    <div
      className="flex w-fit max-w-full items-center gap-1 rounded-full border border-brand-500 bg-brand-50 py-1 ps-3 pe-1 text-sm text-brand-600"
      data-testid="location-filter-chip"
    >
      <MapPin aria-hidden className="h-4 w-4 shrink-0" />
      <button
        type="button"
        onClick={() => openLocationFilterDialog()}
        className="min-h-11 min-w-0 cursor-pointer font-medium wrap-anywhere hover:underline md:min-h-0"
        aria-label={intl.formatMessage(phrases.change, { filter: text })}
      >
        {text}
      </button>
      <Button
        variant="ghost"
        size="icon"
        className="size-11 rounded-full text-brand-600 md:size-7"
        aria-label={intl.formatMessage(messages.clear)}
        onClick={() => applyLocationFilter(null)}
      >
        <X aria-hidden />
      </Button>
    </div>
  );
}
