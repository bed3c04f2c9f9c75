import type { BusinessCategory, BusinessSort, BusinessView } from "@plaza/contracts/businesses";
import { BUSINESS_CATEGORIES, BUSINESS_SORTS } from "@plaza/contracts/businesses.texts";
import { Clock, List, LocateFixed, Map as MapIcon, MapPin, Store, Users } from "lucide-react";
import { lazy, type ReactNode, Suspense, useEffect, useMemo, useState } from "react";
import { defineMessages, type IntlShape, useIntl } from "react-intl";
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
import { CATEGORY_MESSAGES, friendPicksMessage, SORT_MESSAGES } from "../lib/business-texts";
import { StarRating } from "./star-rating";

// Loaded on opening: the dialog's form schema (zod) stays off the first screen (Plaza issue 34).
const CheckInDialog = lazy(() => import("./check-in-dialog").then((module) => ({ default: module.CheckInDialog })));

const phrases = defineMessages<{
  logo: { name: string | number };
  notOnMap: { count: number };
}>({
  logo: { id: "businesses.discover.logo", defaultMessage: "{name} logo" },
  notOnMap: {
    id: "businesses.discover.notOnMap",
    defaultMessage: "{count, number} not on the map: no location set",
  },
});
const messages = defineMessages({
  checkIn: { id: "businesses.discover.checkIn", defaultMessage: "Check In" },
  viewProfile: { id: "businesses.discover.viewProfile", defaultMessage: "View Profile" },
  categories: { id: "businesses.discover.categories", defaultMessage: "Categories" },
  all: { id: "businesses.discover.all", defaultMessage: "All" },
  openNow: { id: "businesses.discover.openNow", defaultMessage: "Open now" },
  sortBy: { id: "businesses.discover.sortBy", defaultMessage: "Sort by" },
  showAs: { id: "businesses.discover.showAs", defaultMessage: "Show as" },
  showList: { id: "businesses.discover.showList", defaultMessage: "List" },
  showMap: { id: "businesses.discover.showMap", defaultMessage: "Map" },
  inMapArea: { id: "businesses.discover.inMapArea", defaultMessage: "Showing businesses in the map area" },
  clearArea: { id: "businesses.discover.clearArea", defaultMessage: "Clear area" },
  sortByDistance: { id: "businesses.discover.sortByDistance", defaultMessage: "Show nearest first" },
  sortByDistanceHint: {
    id: "businesses.discover.sortByDistanceHint",
    defaultMessage: "Share your location to see the businesses nearest to you first.",
  },
  locating: { id: "businesses.discover.locating", defaultMessage: "Locating..." },
  loading: { id: "businesses.discover.loading", defaultMessage: "Loading businesses..." },
  loadFailed: { id: "businesses.discover.loadFailed", defaultMessage: "Could not load businesses." },
  noFriendsPicks: { id: "businesses.discover.noFriendsPicks", defaultMessage: "No friends' picks yet." },
  noBusinesses: { id: "businesses.discover.noBusinesses", defaultMessage: "No businesses found." },
  friendsPicksHint: {
    id: "businesses.discover.friendsPicksHint",
    defaultMessage: "Places where people you follow checked in during the last 90 days show up here.",
  },
  filteredHint: {
    id: "businesses.discover.filteredHint",
    defaultMessage: "Try another category, or clear the filters.",
  },
  emptyHint: {
    id: "businesses.discover.emptyHint",
    defaultMessage: "Businesses near you appear here as soon as they publish a coupon.",
  },
});

/** "120 m", "1.5 km": a distance in the reader's language. */
export function formatDistance(intl: IntlShape, meters: number): string {
  return meters < 1000
    ? intl.formatNumber(Math.round(meters), { style: "unit", unit: "meter", unitDisplay: "short" })
    : intl.formatNumber(meters / 1000, {
        style: "unit",
        unit: "kilometer",
        unitDisplay: "short",
        minimumFractionDigits: 1,
        maximumFractionDigits: 1,
      });
}

function BusinessRow({ business, onCheckIn }: { business: BusinessView; onCheckIn: () => void }) {
  const intl = useIntl();
  return (
    <Card data-testid="business-card">
      <CardContent className="space-y-3 p-4">
        <div className="flex items-start gap-3">
          <Avatar className="h-12 w-12 shrink-0 rounded-lg">
            {business.logoImageUrl && (
              <AvatarImage
                src={business.logoImageUrl}
                alt={intl.formatMessage(phrases.logo, { name: business.name })}
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
            <p className="text-sm text-gray-500">{intl.formatMessage(CATEGORY_MESSAGES[business.category])}</p>
            <div className="flex flex-wrap items-center gap-x-3">
              <StarRating rating={business.averageRating} reviewCount={business.totalReviews} />
              {business.distanceMeters != null && (
                <span className="inline-flex items-center gap-1 text-sm text-gray-500">
                  <MapPin aria-hidden className="h-3.5 w-3.5" />
                  {formatDistance(intl, business.distanceMeters)}
                </span>
              )}
            </div>
            {business.friendPicks && (
              <p className="mt-1 flex items-center gap-1 text-sm text-brand-700" data-testid="friend-picks">
                <Users aria-hidden className="h-3.5 w-3.5 shrink-0" />
                <span className="min-w-0">{friendPicksMessage(intl, business.friendPicks)}</span>
              </p>
            )}
          </div>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button size="sm" onClick={onCheckIn}>
            {intl.formatMessage(messages.checkIn)}
          </Button>
          <Button size="sm" variant="outline" asChild>
            <Link href={paths.business(business.id)}>{intl.formatMessage(messages.viewProfile)}</Link>
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
  const intl = useIntl();
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
        <legend className="sr-only">{intl.formatMessage(messages.categories)}</legend>
        <Chip isActive={category === null} onClick={() => setCategory(null)}>
          {intl.formatMessage(messages.all)}
        </Chip>
        {BUSINESS_CATEGORIES.map((key) => (
          <Chip key={key} isActive={category === key} onClick={() => setCategory(category === key ? null : key)}>
            {intl.formatMessage(CATEGORY_MESSAGES[key])}
          </Chip>
        ))}
      </fieldset>
      <div className="flex flex-wrap items-center gap-2">
        <Chip isActive={openNow} onClick={() => setOpenNow(!openNow)} testId="open-now-chip">
          <span className="inline-flex items-center gap-1">
            <Clock aria-hidden className="h-3.5 w-3.5" />
            {intl.formatMessage(messages.openNow)}
          </span>
        </Chip>
        <Select value={sort} onValueChange={chooseSort}>
          <SelectTrigger className="w-44" aria-label={intl.formatMessage(messages.sortBy)}>
            {/* Written out: Radix fills an empty value from its items only in the browser, so the server's page
                (and a phone before hydration) showed an empty box. */}
            <SelectValue>{intl.formatMessage(SORT_MESSAGES[sort])}</SelectValue>
          </SelectTrigger>
          <SelectContent>
            {BUSINESS_SORTS.map((key) => (
              <SelectItem key={key} value={key}>
                {intl.formatMessage(SORT_MESSAGES[key])}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        <fieldset className="ms-auto flex rounded-lg border p-0.5 lg:hidden">
          <legend className="sr-only">{intl.formatMessage(messages.showAs)}</legend>
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
              {intl.formatMessage(mode === "list" ? messages.showList : messages.showMap)}
            </button>
          ))}
        </fieldset>
      </div>
      {area && (
        <div className="flex flex-wrap items-center gap-2 text-sm text-gray-600">
          <span>{intl.formatMessage(messages.inMapArea)}</span>
          <Button type="button" variant="link" size="sm" className="h-auto p-0" onClick={() => setArea(null)}>
            {intl.formatMessage(messages.clearArea)}
          </Button>
        </div>
      )}
      {!position && !area && (
        <div className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-dashed p-3">
          <p className="min-w-0 text-sm text-gray-600">
            {locationError ?? intl.formatMessage(messages.sortByDistanceHint)}
          </p>
          <Button type="button" variant="outline" size="sm" onClick={() => void locate()} disabled={isLocating}>
            <LocateFixed aria-hidden className="h-4 w-4" />
            {intl.formatMessage(isLocating ? messages.locating : messages.sortByDistance)}
          </Button>
        </div>
      )}
    </div>
  );

  let list: ReactNode;
  if (isLoading) {
    list = (
      <SkeletonList
        label={intl.formatMessage(messages.loading)}
        count={3}
        hasAvatar
        itemClassName="h-20 rounded-lg border p-4"
      />
    );
  } else if (isError && !isFetchNextPageError) {
    // A failed first page; a failed next page keeps the businesses already shown, with "Load more".
    list = <p className="text-sm text-red-600">{intl.formatMessage(messages.loadFailed)}</p>;
  } else if (businesses.length === 0) {
    list = (
      <EmptyState
        icon={Store}
        title={intl.formatMessage(sort === "friends" ? messages.noFriendsPicks : messages.noBusinesses)}
        description={intl.formatMessage(
          sort === "friends"
            ? messages.friendsPicksHint
            : category || openNow || area
              ? messages.filteredHint
              : messages.emptyHint,
        )}
      />
    );
  } else if (shownBusinesses.length === 0) {
    list = (
      <SkeletonList
        label={intl.formatMessage(messages.loading)}
        count={3}
        hasAvatar
        itemClassName="h-20 rounded-lg border p-4"
      />
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
              {intl.formatMessage(phrases.notOnMap, { count: businesses.length - markers.length })}
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
