import type { LocationFilterValue } from "@plaza/contracts/location";
import { MapPin, X } from "lucide-react";
import { Button } from "@/components/ui/button";
import { applyLocationFilter, openLocationFilterDialog, useRadiusCentreName } from "../hooks/use-location-filter";

function chipText(value: LocationFilterValue, centreName: string | null): string {
  return value.type === "radius" ? `Within ${value.radius} mi of ${centreName ?? "your location"}` : value.text;
}

/**
 * The active location filter, shown where its posts are (issue 17): the place or radius, a way to change it and a
 * button that clears it. Nothing without a filter.
 */
export function LocationFilterChip({ filter }: { filter: LocationFilterValue | null }) {
  const centreName = useRadiusCentreName(filter);
  if (!filter) return null;
  return (
    <div
      className="flex w-fit max-w-full items-center gap-1 rounded-full border border-brand-500 bg-brand-50 py-1 pr-1 pl-3 text-sm text-brand-600"
      data-testid="location-filter-chip"
    >
      <MapPin aria-hidden className="h-4 w-4 shrink-0" />
      <button
        type="button"
        onClick={() => openLocationFilterDialog()}
        className="min-h-11 min-w-0 cursor-pointer font-medium wrap-anywhere hover:underline md:min-h-0"
        aria-label={`Location filter: ${chipText(filter, centreName)}. Change`}
      >
        {chipText(filter, centreName)}
      </button>
      <Button
        variant="ghost"
        size="icon"
        className="size-11 rounded-full text-brand-600 md:size-7"
        aria-label="Clear location filter"
        onClick={() => applyLocationFilter(null)}
      >
        <X aria-hidden />
      </Button>
    </div>
  );
}
