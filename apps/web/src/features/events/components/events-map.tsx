import type { EventView } from "@plaza/contracts/events";
import { EVENT_TEXTS } from "@plaza/contracts/events.texts";
import { type MapMarker, MarkersMap } from "@/components/map/lazy-maps";

/** The listed events on a map (a business place is where the business is); those without a position are counted. */
export function EventsMap({ events, eventPath }: { events: EventView[]; eventPath: (id: string) => string }) {
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
    <section aria-label={EVENT_TEXTS.mapLabel} data-testid="events-map" className="space-y-1">
      {markers.length > 0 && <MarkersMap markers={markers} className="h-56 w-full sm:h-72 lg:h-[28rem]" />}
      {events.length > markers.length && (
        <p className="text-xs text-gray-500">{EVENT_TEXTS.notOnMap(events.length - markers.length)}</p>
      )}
    </section>
  );
}
