import type { EventView } from "@plaza/contracts/events";
import { Navigation } from "lucide-react";
import { defineMessage, defineMessages, useIntl } from "react-intl";
import { PinMap } from "@/components/map/lazy-maps";

const messages = defineMessages({
  mapLabel: defineMessage<{ place: string }>({ id: "events.placeMap.label", defaultMessage: "Map of {place}" }),
  directions: { id: "events.placeMap.directions", defaultMessage: "Get directions" },
});

/** The event's place on a small map, with a directions link; nothing when the place has no position. */
export function EventPlaceMap({ place }: { place: EventView["place"] }) {
  const intl = useIntl();
  const { latitude, longitude } = place;
  if (latitude === null || longitude === null) return null;
  return (
    <div className="space-y-1" data-testid="event-place-map">
      <PinMap
        value={{ latitude, longitude }}
        label={intl.formatMessage(messages.mapLabel, { place: place.name })}
        className="h-48 w-full rounded-lg sm:h-60"
      />
      <a
        href={`https://www.openstreetmap.org/directions?to=${latitude}%2C${longitude}`}
        target="_blank"
        rel="noopener noreferrer"
        className="inline-flex min-h-11 items-center gap-1 text-sm text-brand-600 hover:underline"
      >
        <Navigation aria-hidden className="h-4 w-4" /> {intl.formatMessage(messages.directions)}
      </a>
    </div>
  );
}
