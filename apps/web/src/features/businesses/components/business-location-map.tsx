import { Navigation } from "lucide-react";
import { defineMessages, useIntl } from "react-intl";
import { PinMap } from "@/components/map/lazy-maps";
import { useBusinessOfUser } from "../api/get-business-of-user";

const phrases = defineMessages<{
  mapLabel: { name: string | number };
}>({
  mapLabel: { id: "businesses.map.label", defaultMessage: "Map showing where {name} is" },
});
const messages = defineMessages({
  directions: { id: "businesses.map.directions", defaultMessage: "Get directions" },
});

/**
 * The business page's small map: the business's pin (its owner-set position) and a directions link. Nothing when
 * the business has not set a position.
 */
export function BusinessLocationMap({ ownerId }: { ownerId: string }) {
  const intl = useIntl();
  const { data: business } = useBusinessOfUser(ownerId);
  if (!business || business.latitude === null || business.longitude === null) return null;
  const { latitude, longitude } = business;
  return (
    <div className="mt-4 space-y-2" data-testid="business-location-map">
      <PinMap
        value={{ latitude, longitude }}
        label={intl.formatMessage(phrases.mapLabel, { name: business.name })}
        className="h-48 w-full sm:h-60"
      />
      <a
        href={`https://www.openstreetmap.org/directions?to=${latitude}%2C${longitude}`}
        target="_blank"
        rel="noopener noreferrer"
        className="inline-flex items-center gap-1 text-sm text-brand-600 hover:underline"
      >
        <Navigation aria-hidden className="h-4 w-4" /> {intl.formatMessage(messages.directions)}
      </a>
    </div>
  );
}
