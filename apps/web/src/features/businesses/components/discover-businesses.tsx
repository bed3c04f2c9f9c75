import type { BusinessCategory, BusinessSort, BusinessView } from "@plaza/contracts/businesses";
import {
  BUSINESS_CATEGORIES,
  BUSINESS_CATEGORY_LABELS,
  BUSINESS_SORT_LABELS,
  BUSINESS_SORTS,
  friendPicksText,
} from "@plaza/contracts/businesses.texts";
import { LOCATION_PROMPT_TEXTS } from "@plaza/contracts/location.texts";
import { MAP_TEXTS } from "@plaza/contracts/map.texts";
import { Clock, List, LocateFixed, Map as MapIcon, MapPin, Store, Users } from "lucide-react";
import { lazy, type ReactNode, Suspense, useEffect, useMemo, useState } from "react";
import { Link } from "wouter";
import { type MapMarker, MarkersMap } from "@/components/map/lazy-maps";
import { Avatar, AvatarFallback, AvatarImage } from "@/components/ui/avatar";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { LoadMore } from "@/components/ui/load-more";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { SkeletonList } from "@/components/ui/skeleton";
import { VerifiedBadge } from "@/components/ui/verified-badge";
import { cn } from "@/lib/cn";
import { paths } from "@/lib/paths";
import { useDeferredList } from "@/lib/use-deferred-list";
import { useInfiniteScroll } from "@/lib/use-infinite-scroll";
import { useMediaQuery } from "@/lib/use-media-query";
import { type DiscoverQuery, useDiscoverBusinesses } from "../api/get-businesses";
import { useGeolocation } from "../hooks/use-geolocation";
import { StarRating } from "./star-rating";

// Loaded on opening: the dialog's form schema (zod) stays off the first screen (Plaza issue 34).
const CheckInDialog = lazy(() => import("./check-in-dialog").then((module) => ({ default: module.CheckInDialog })));

export function formatDistance(meters: number): string {
  return meters < 1000 ? `${Math.round(meters)} m` : `${(meters / 1000).toFixed(1)} km`;
}

function BusinessRow({ business, onCheckIn }: { business: BusinessView; onCheckIn: () => void }) {
  return (
    <Card data-testid="business-card">
      <CardContent className="space-y-3 p-4">
        <div className="flex items-start gap-3">
          <Avatar className="h-12 w-12 shrink-0 rounded-lg">
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
            <p className="flex items-start gap-1 font-semibold">
              <span className="line-clamp-2 min-w-0 wrap-anywhere">{business.name}</span>
              {business.verified && <VerifiedBadge className="mt-1" />}
            </p>
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
            {business.friendPicks && (
              <p className="mt-1 flex items-center gap-1 text-sm text-brand-700" data-testid="friend-picks">
                <Users aria-hidden className="h-3.5 w-3.5 shrink-0" />
                <span className="min-w-0">{friendPicksText(business.friendPicks)}</span>
              </p>
            )}
          </div>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button size="sm" onClick={onCheckIn}>
            Check In
          </Button>
          <Button size="sm" variant="outline" asChild>
            <Link href={paths.business(business.id)}>View Profile</Link>
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}

type ViewMode = "list" | "map";

function Chip(props: { isActive: boolean; onClick: () => void; children: ReactNode; testId?: string }) {
  return (
    <button
      type="button"
      aria-pressed={props.isActive}
      onClick={props.onClick}
      data-testid={props.testId}
      className={cn(
        "min-h-11 min-w-11 shrink-0 whitespace-nowrap rounded-full border px-3 py-1.5 text-sm font-medium transition-colors md:min-h-0",
        "focus-visible:outline-hidden focus-visible:ring-2 focus-visible:ring-brand-500/40",
        props.isActive
          ? "border-primary bg-primary text-white"
          : "border-gray-300 bg-surface text-gray-700 hover:bg-gray-100",
      )}
    >
      {props.children}
    </button>
  );
}

/**
 * The Discover tab: category chips, "Open now", an order (nearest, top rated, friends' picks, newest) and pages
 * that load as the list scrolls; a map of the loaded businesses with clusters and "Search this area" (beside the
 * list from 1024 px, behind a List/Map switch on phones). The position is asked for on mount only when the viewer
 * allows location tracking (a preference, off by default); otherwise a button offers it, and choosing "Nearest"
 * asks for it. Check In opens the two-step check-in dialog.
 */
const NO_BUSINESSES: BusinessView[] = [];

export function DiscoverBusinesses({ isLocationTrackingAllowed }: { isLocationTrackingAllowed: boolean }) {
  const { position, error: locationError, isLocating, locate } = useGeolocation();
  useEffect(() => {
    if (isLocationTrackingAllowed) void locate();
  }, [isLocationTrackingAllowed, locate]);
  const [category, setCategory] = useState<BusinessCategory | null>(null);
  const [openNow, setOpenNow] = useState(false);
  const [chosenSort, setChosenSort] = useState<BusinessSort | null>(null);
  const [area, setArea] = useState<DiscoverQuery["area"]>(null);
  const [viewMode, setViewMode] = useState<ViewMode>("list");
  const viewerPosition = position ? { latitude: position.latitude, longitude: position.longitude } : null;
  const hasPoint = viewerPosition !== null || area !== null;
  // Nearest first needs a point; until the browser shares one the list stays newest first.
  const sort: BusinessSort =
    chosenSort === "distance" || chosenSort === null ? (hasPoint ? "distance" : "newest") : chosenSort;
  const query: DiscoverQuery = { category, openNow, sort, position: viewerPosition, area };
  const { data, isLoading, isError, isFetchNextPageError, hasNextPage, isFetchingNextPage, fetchNextPage } =
    useDiscoverBusinesses(query);
  const businesses = useMemo(() => data?.pages.flatMap((page) => page.data) ?? NO_BUSINESSES, [data]);
  // Rendered in slices, and at once from the server's HTML (/discover; lib/use-deferred-list.ts).
  const shownBusinesses = useDeferredList(businesses, NO_BUSINESSES);
  // The map sits beside the list on wide screens and replaces it on phones only when asked for: a phone showing
  // the list does not build a map it hides (Leaflet and its tiles cost a slow phone ~100 ms of start-up).
  const isWide = useMediaQuery("(min-width: 1024px)");
  const showsMap = isWide || viewMode === "map";
  // After a failed next page, "Load more" asks again; loading on sight would ask a failing server again and again.
  const canLoadMore = Boolean(hasNextPage) && !isFetchingNextPage && !isFetchNextPageError;
  const sentinelRef = useInfiniteScroll(() => void fetchNextPage(), canLoadMore);
  const [checkInTarget, setCheckInTarget] = useState<BusinessView | null>(null);
  const markers = useMemo<MapMarker[]>(
    () =>
      businesses.flatMap((business) =>
        business.latitude === null || business.longitude === null
          ? []
          : [
              {
                id: business.id,
                latitude: business.latitude,
                longitude: business.longitude,
                label: business.name,
                href: paths.business(business.id),
              },
            ],
      ),
    [businesses],
  );

  const chooseSort = (value: string) => {
    const next = value as BusinessSort;
    setChosenSort(next);
    if (next === "distance" && !hasPoint) void locate();
  };

  const filters = (
    <div className="space-y-3">
      <fieldset className="-mx-1 flex min-w-0 gap-2 overflow-x-auto px-1 pb-1">
        <legend className="sr-only">Categories</legend>
        <Chip isActive={category === null} onClick={() => setCategory(null)}>
          All
        </Chip>
        {BUSINESS_CATEGORIES.map((key) => (
          <Chip key={key} isActive={category === key} onClick={() => setCategory(category === key ? null : key)}>
            {BUSINESS_CATEGORY_LABELS[key]}
          </Chip>
        ))}
      </fieldset>
      <div className="flex flex-wrap items-center gap-2">
        <Chip isActive={openNow} onClick={() => setOpenNow(!openNow)} testId="open-now-chip">
          <span className="inline-flex items-center gap-1">
            <Clock aria-hidden className="h-3.5 w-3.5" />
            Open now
          </span>
        </Chip>
        <Select value={sort} onValueChange={chooseSort}>
          <SelectTrigger className="w-44" aria-label="Sort by">
            {/* Written out: Radix fills an empty value from its items only in the browser, so the server's page
                (and a phone before hydration) showed an empty box. */}
            <SelectValue>{BUSINESS_SORT_LABELS[sort]}</SelectValue>
          </SelectTrigger>
          <SelectContent>
            {BUSINESS_SORTS.map((key) => (
              <SelectItem key={key} value={key}>
                {BUSINESS_SORT_LABELS[key]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        <fieldset className="ml-auto flex rounded-lg border p-0.5 lg:hidden">
          <legend className="sr-only">Show as</legend>
          {(["list", "map"] as const).map((mode) => (
            <button
              key={mode}
              type="button"
              aria-pressed={viewMode === mode}
              onClick={() => setViewMode(mode)}
              className={cn(
                "inline-flex min-h-11 items-center gap-1 rounded-md px-3 py-1 text-sm font-medium",
                viewMode === mode ? "bg-primary text-white" : "text-gray-700",
              )}
            >
              {mode === "list" ? <List aria-hidden className="h-4 w-4" /> : <MapIcon aria-hidden className="h-4 w-4" />}
              {mode === "list" ? MAP_TEXTS.showList : MAP_TEXTS.showMap}
            </button>
          ))}
        </fieldset>
      </div>
      {area && (
        <div className="flex flex-wrap items-center gap-2 text-sm text-gray-600">
          <span>Showing businesses in the map area</span>
          <Button type="button" variant="link" size="sm" className="h-auto p-0" onClick={() => setArea(null)}>
            Clear area
          </Button>
        </div>
      )}
      {!position && !area && (
        <div className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-dashed p-3">
          <p className="min-w-0 text-sm text-gray-600">{locationError ?? LOCATION_PROMPT_TEXTS.sortByDistanceHint}</p>
          <Button type="button" variant="outline" size="sm" onClick={() => void locate()} disabled={isLocating}>
            <LocateFixed aria-hidden className="h-4 w-4" />
            {isLocating ? LOCATION_PROMPT_TEXTS.locating : LOCATION_PROMPT_TEXTS.sortByDistance}
          </Button>
        </div>
      )}
    </div>
  );

  let list: ReactNode;
  if (isLoading) {
    list = (
      <SkeletonList label="Loading businesses..." count={3} hasAvatar itemClassName="h-20 rounded-lg border p-4" />
    );
  } else if (isError && !isFetchNextPageError) {
    // A failed first page; a failed next page keeps the businesses already shown, with "Load more".
    list = <p className="text-sm text-red-600">Could not load businesses.</p>;
  } else if (businesses.length === 0) {
    list = (
      <EmptyState
        icon={Store}
        title={sort === "friends" ? "No friends' picks yet." : "No businesses found."}
        description={
          sort === "friends"
            ? "Places where people you follow checked in during the last 90 days show up here."
            : category || openNow || area
              ? "Try another category, or clear the filters."
              : "Businesses near you appear here as soon as they publish a coupon."
        }
      />
    );
  } else if (shownBusinesses.length === 0) {
    list = (
      <SkeletonList label="Loading businesses..." count={3} hasAvatar itemClassName="h-20 rounded-lg border p-4" />
    );
  } else {
    list = (
      <div className="space-y-3" data-testid="discover-list">
        {shownBusinesses.map((business) => (
          <BusinessRow key={business.id} business={business} onCheckIn={() => setCheckInTarget(business)} />
        ))}
        {/* data-list-end: every page is loaded and shown (what a test scrolling to the end waits for). */}
        <div ref={sentinelRef} aria-hidden data-list-end={!hasNextPage && shownBusinesses === businesses} />
        <LoadMore
          hasNextPage={Boolean(hasNextPage)}
          isFetchingNextPage={isFetchingNextPage}
          onLoadMore={() => void fetchNextPage()}
        />
      </div>
    );
  }

  return (
    <div className="space-y-4">
      {filters}
      <div className="lg:grid lg:grid-cols-2 lg:items-start lg:gap-4">
        <div className={cn(viewMode === "map" && "hidden lg:block")}>{list}</div>
        <div className={cn("lg:sticky lg:top-20", viewMode === "list" && "hidden lg:block")}>
          {showsMap && (
            <MarkersMap
              markers={markers}
              onSearchArea={(next) => {
                setArea(next);
                if (chosenSort === null) setChosenSort("distance");
              }}
              className="h-[60vh] min-h-72 lg:h-[calc(100vh-8rem)]"
            />
          )}
          {businesses.length > markers.length && (
            <p className="mt-1 text-xs text-gray-500">
              {businesses.length - markers.length} not on the map: no location set
            </p>
          )}
        </div>
      </div>
      {checkInTarget && (
        <Suspense fallback={null}>
          <CheckInDialog
            businessId={checkInTarget.id}
            businessName={checkInTarget.name}
            open
            onOpenChange={(open) => {
              if (!open) setCheckInTarget(null);
            }}
          />
        </Suspense>
      )}
    </div>
  );
}
