import { MAP_TEXTS } from "@plaza/contracts/map.texts";
import { Navigation } from "lucide-react";
import { PinMap } from "@/components/map/lazy-maps";
import { useBusinessOfUser } from "../api/get-business-of-user";

/**
 * The business page's small map: the business's pin (its owner-set position) and a directions link. Nothing when
 * the business has not set a position.
 */
export function BusinessLocationMap({ ownerId }: { ownerId: string }) {
  const { data: business } = useBusinessOfUser(ownerId);
  if (!business || business.latitude === null || business.longitude === null) return null;
  const { latitude, longitude } = business;
  return (
    <div className="mt-4 space-y-2" data-testid="business-location-map">
      <PinMap
        value={{ latitude, longitude }}
        label={MAP_TEXTS.businessMapLabel(business.name)}
        className="h-48 w-full sm:h-60"
      />
      <a
        href={`https://www.openstreetmap.org/directions?to=${latitude}%2C${longitude}`}
        target="_blank"
        rel="noopener noreferrer"
        className="inline-flex items-center gap-1 text-sm text-brand-600 hover:underline"
      >
        <Navigation aria-hidden className="h-4 w-4" /> Get directions
      </a>
    </div>
  );
}
