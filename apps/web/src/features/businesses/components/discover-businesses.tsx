import { BUSINESS_CATEGORY_LABELS, type BusinessView } from "@plaza/contracts/businesses";
import { LOCATION_PROMPT_TEXTS } from "@plaza/contracts/location";
import { LocateFixed, MapPin, Store } from "lucide-react";
import { useEffect, useState } from "react";
import { Link } from "wouter";
import { Avatar, AvatarFallback, AvatarImage } from "@/components/ui/avatar";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { SkeletonList } from "@/components/ui/skeleton";
import { useBusinesses } from "../api/get-businesses";
import { useGeolocation } from "../hooks/use-geolocation";
import { CheckInDialog } from "./check-in-dialog";
import { StarRating } from "./star-rating";

export function formatDistance(meters: number): string {
  return meters < 1000 ? `${Math.round(meters)} m` : `${(meters / 1000).toFixed(1)} km`;
}

function BusinessRow({ business, onCheckIn }: { business: BusinessView; onCheckIn: () => void }) {
  return (
    <Card>
      <CardContent className="flex flex-wrap items-center gap-3 p-4">
        <Avatar className="h-12 w-12 rounded-lg">
          {business.logoImageUrl && (
            <AvatarImage
              src={business.logoImageUrl}
              alt={`${business.name} logo`}
              width={48}
              height={48}
              loading="lazy"
            />
          )}
          <AvatarFallback className="rounded-lg">
            <Store aria-hidden className="h-5 w-5" />
          </AvatarFallback>
        </Avatar>
        <div className="min-w-0 flex-1">
          <p className="truncate font-semibold">{business.name}</p>
          <p className="text-sm text-gray-500">{BUSINESS_CATEGORY_LABELS[business.category]}</p>
          <div className="flex flex-wrap items-center gap-x-3">
            <StarRating rating={business.averageRating} reviewCount={business.totalReviews} />
            {business.distanceMeters != null && (
              <span className="inline-flex items-center gap-1 text-sm text-gray-500">
                <MapPin aria-hidden className="h-3.5 w-3.5" />
                {formatDistance(business.distanceMeters)}
              </span>
            )}
          </div>
        </div>
        <div className="flex gap-2">
          <Button size="sm" onClick={onCheckIn}>
            Check In
          </Button>
          <Button size="sm" variant="outline" asChild>
            <Link href={`/business/${business.id}`}>View Profile</Link>
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}

/**
 * The Discover tab: published businesses, nearest first once the browser shares its position; until then newest
 * first. The position is asked for on mount only when the viewer allows location tracking (a preference, off by
 * default); otherwise a button offers it. Check In opens the two-step check-in dialog.
 */
export function DiscoverBusinesses({ isLocationTrackingAllowed }: { isLocationTrackingAllowed: boolean }) {
  const { position, error: locationError, isLocating, locate } = useGeolocation();
  useEffect(() => {
    if (isLocationTrackingAllowed) void locate();
  }, [isLocationTrackingAllowed, locate]);
  const viewerPosition = position ? { latitude: position.latitude, longitude: position.longitude } : null;
  const { data, isLoading, isError } = useBusinesses(viewerPosition);
  const [checkInTarget, setCheckInTarget] = useState<BusinessView | null>(null);

  if (isLoading) {
    return (
      <SkeletonList label="Loading businesses..." count={3} hasAvatar itemClassName="h-20 rounded-lg border p-4" />
    );
  }
  if (isError) return <p className="text-sm text-red-600">Could not load businesses.</p>;
  if (!data || data.length === 0) {
    return (
      <EmptyState
        icon={Store}
        title="No businesses to discover yet."
        description="Businesses near you appear here as soon as they publish a coupon."
      />
    );
  }
  return (
    <div className="space-y-3">
      {!position && (
        <div className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-dashed p-3">
          <p className="text-sm text-gray-600">{locationError ?? LOCATION_PROMPT_TEXTS.sortByDistanceHint}</p>
          <Button type="button" variant="outline" size="sm" onClick={() => void locate()} disabled={isLocating}>
            <LocateFixed aria-hidden className="h-4 w-4" />
            {isLocating ? LOCATION_PROMPT_TEXTS.locating : LOCATION_PROMPT_TEXTS.sortByDistance}
          </Button>
        </div>
      )}
      {data.map((business) => (
        <BusinessRow key={business.id} business={business} onCheckIn={() => setCheckInTarget(business)} />
      ))}
      {checkInTarget && (
        <CheckInDialog
          businessId={checkInTarget.id}
          businessName={checkInTarget.name}
          open
          onOpenChange={(open) => {
            if (!open) setCheckInTarget(null);
          }}
        />
      )}
    </div>
  );
}
