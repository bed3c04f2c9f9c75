import { LOCATION_RADIUS_MILES } from "@plaza/contracts/constants";
import { EVENT_TEXTS } from "@plaza/contracts/events.texts";
import { LocateFixed, Plus } from "lucide-react";
import { useState } from "react";
import { useLocation } from "wouter";
import { Button } from "@/components/ui/button";
import { useAuth } from "@/features/auth/hooks/use-auth";
import { useBusinessOfUser } from "@/features/businesses/api/get-business-of-user";
import { useGeolocation } from "@/features/businesses/hooks/use-geolocation";
import { EventFormDialog } from "@/features/events/components/event-form-dialog";
import { EventList, type EventsNearArea } from "@/features/events/components/event-list";
import { readLocationFilter, useRadiusCentreName } from "@/features/posts/hooks/use-location-filter";
import { useText } from "@/i18n/texts";
import { canWrite } from "@/lib/can-write";
import { paths } from "@/lib/paths";
import { useTownPosition } from "@/lib/place-name";

/**
 * Where "Near you" looks, as the feed's Near you does: the position the viewer shared here, else the location
 * filter when it is a radius, else the profile's city (its default radius).
 */
function useNearArea(city: string | null | undefined, countryCode: string | null | undefined) {
  const [locationFilter] = useState(readLocationFilter);
  const radiusFilter = locationFilter?.type === "radius" ? locationFilter : null;
  const radiusCentreName = useRadiusCentreName(radiusFilter);
  const town = useTownPosition(radiusFilter ? null : city, countryCode);
  const geolocation = useGeolocation();
  const { position } = geolocation;
  let near: EventsNearArea | null = null;
  if (position) {
    near = { ...position, radius: LOCATION_RADIUS_MILES.default, label: null };
  } else if (radiusFilter) {
    near = { ...radiusFilter, label: radiusCentreName };
  } else if (town.data) {
    near = { ...town.data, radius: LOCATION_RADIUS_MILES.default, label: town.data.label };
  }
  return { near, geolocation };
}

/** /events: this week's events (signed out: the public ones), near you, and for a member their Going and Hosting. */
export default function EventsRoute() {
  const text = useText();
  const { user } = useAuth();
  const [, navigate] = useLocation();
  const [isCreating, setIsCreating] = useState(false);
  const business = useBusinessOfUser(user?.id, user?.profileType === "business");
  const businesses = business.data ? [{ id: business.data.id, name: business.data.name }] : [];
  const { near, geolocation } = useNearArea(user?.city, user?.countryCode);
  // A suspended account cannot create anything: no button that could only fail.
  const canCreate = user !== null && canWrite(user);
  return (
    <div className="mx-auto max-w-5xl">
      <EventList
        isSignedIn={user !== null}
        eventPath={paths.event}
        near={near}
        locateAction={
          <div className="space-y-2">
            <Button variant="outline" onClick={() => void geolocation.locate()} disabled={geolocation.isLocating}>
              <LocateFixed aria-hidden />{" "}
              {text(geolocation.isLocating ? EVENT_TEXTS.locating : EVENT_TEXTS.useMyPosition)}
            </Button>
            {geolocation.error && (
              <p role="alert" className="text-sm text-red-600">
                {geolocation.error}
              </p>
            )}
          </div>
        }
        createAction={
          canCreate ? (
            <Button onClick={() => setIsCreating(true)}>
              <Plus aria-hidden /> {text(EVENT_TEXTS.create)}
            </Button>
          ) : undefined
        }
      />
      {canCreate && (
        <EventFormDialog
          isOpen={isCreating}
          onOpenChange={setIsCreating}
          businesses={businesses}
          onSaved={(saved) => {
            setIsCreating(false);
            navigate(paths.event(saved.id));
          }}
        />
      )}
    </div>
  );
}
