import type { EventView } from "@plaza/contracts/events";
import { defineMessage, defineMessages, useIntl } from "react-intl";
import { type MapMarker, MarkersMap } from "@/components/map/lazy-maps";

const messages = defineMessages({
  label: { id: "events.map.label", defaultMessage: "Map of the listed events" },
  notOnMap: defineMessage<{ count: number }>({
    id: "events.map.notOnMap",
    defaultMessage: "{count, number} not on the map: no position",
  }),
});

/** The listed events on a map (a business place is where the business is); those without a position are counted. */
export function EventsMap({ events, eventPath }: { events: EventView[]; eventPath: (id: string) => string }) {
  const intl = useIntl();
  const markers: MapMarker[] = events.flatMap((event) =>
    event.place.latitude === null || event.place.longitude === null
      ? []
      : [
          {
            id: event.id,
            label: event.title,
            latitude: event.place.latitude,
            longitude: event.place.longitude,
            href: eventPath(event.id),
          },
        ],
  );
  if (events.length === 0) return null;
  return (
    <section aria-label={intl.formatMessage(messages.label)} data-testid="events-map" className="space-y-1">
      {markers.length > 0 && <MarkersMap markers={markers} className="h-56 w-full sm:h-72 lg:h-[28rem]" />}
      {events.length > markers.length && (
        <p className="text-xs text-gray-500">
          {intl.formatMessage(messages.notOnMap, { count: events.length - markers.length })}
        </p>
      )}
    </section>
  );
}
