import { LOCATION_RADIUS_MILES } from "@plaza/contracts/constants";
import { displayName, isNewcomer as isNewcomerUser } from "@plaza/contracts/users.texts";
import { LayoutDashboard, MapPin, PenSquare } from "lucide-react";
import { startTransition, useEffect, useState } from "react";
import { Link, useLocation } from "wouter";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { VerifiedBadge } from "@/components/ui/verified-badge";
import { useAuth } from "@/features/auth/hooks/use-auth";
import { DiscoverBusinesses } from "@/features/businesses/components/discover-businesses";
import { FriendActivityPreview } from "@/features/businesses/components/friend-activity";
import { ActiveCouponsList } from "@/features/coupons/components/active-coupons";
import { SuggestedPeople } from "@/features/follows/components/suggested-people";
import { paymentPostSlots } from "@/features/payments/components/post-payment-slots";
import type { NearbyArea } from "@/features/posts/api/get-nearby";
import { LocationFilterChip } from "@/features/posts/components/location-filter-chip";
import { NearbyPosts } from "@/features/posts/components/nearby-posts";
import { PostFeed } from "@/features/posts/components/post-feed";
import type { PostSlots } from "@/features/posts/components/post-slots";
import { TrendingPosts } from "@/features/posts/components/trending-posts";
import { openCreatePostDialog } from "@/features/posts/hooks/use-create-post-dialog";
import {
  openLocationFilterDialog,
  readLocationFilter,
  useLocationQuery,
  useRadiusCentreName,
} from "@/features/posts/hooks/use-location-filter";
import { ReportButton } from "@/features/reports/components/report-button";
import { canWrite } from "@/lib/can-write";
import { useInstanceName } from "@/lib/instance";
import { paths } from "@/lib/paths";
import { useTownPosition } from "@/lib/place-name";

const PROFILE_TYPE_LABELS = { creator: "Creator", business: "Business", personal: "Personal" } as const;

/**
 * Slots of the post cards: money (tip button, unlock overlay) from the payments feature, and the moderation
 * Report action.
 */
const postSlots: PostSlots = {
  ...paymentPostSlots,
  renderReport: (post) => <ReportButton targetType="post" targetId={post.id} />,
};

type HomeTab = "feed" | "nearby" | "discover" | "trending";

/** The signed-in home screen (docs/PRODUCT.md §2). */
export default function HomeRoute() {
  const instanceName = useInstanceName();
  const { user } = useAuth();
  const location = useLocationQuery();
  // Read once per page load, like the query: applying or clearing a filter reloads the page.
  const [locationFilter] = useState(readLocationFilter);
  const [path] = useLocation();
  // /discover is the home screen opened on its Discover tab.
  // Someone who follows nobody has an empty feed: they start on Near you when there is a place to centre it on
  // (a position filter or a profile city); read once, like isNewcomer below.
  const [startsNearby] = useState(
    () =>
      user !== null &&
      user.followingCount === 0 &&
      (readLocationFilter()?.type === "radius" || (user.city ?? "").trim() !== ""),
  );
  const homeTab: HomeTab = startsNearby ? "nearby" : "feed";
  const [tab, setTab] = useState<HomeTab>(path === paths.discover ? "discover" : homeTab);
  // The bottom tab bar moves between / and /discover without remounting the page.
  useEffect(() => {
    if (path === paths.discover) setTab("discover");
    else if (path === "/") setTab(homeTab);
  }, [path, homeTab]);
  // New here (fewer than five follows and under a week old): greeted as such and offered people to follow. Read
  // once per visit, so following someone does not pull the suggestions away mid-use.
  const [isNewcomer] = useState(() => user !== null && isNewcomerUser(user));
  // Near you: around the position of the location filter when it is a radius, else around the profile's city.
  const town = useTownPosition(locationFilter?.type === "radius" ? null : user?.city, user?.countryCode);
  const radiusCentreName = useRadiusCentreName(locationFilter);
  const nearbyArea: NearbyArea | null =
    locationFilter?.type === "radius"
      ? { latitude: locationFilter.latitude, longitude: locationFilter.longitude, radius: locationFilter.radius }
      : town.data
        ? { latitude: town.data.latitude, longitude: town.data.longitude, radius: LOCATION_RADIUS_MILES.default }
        : null;
  const nearbyLabel = locationFilter?.type === "radius" ? radiusCentreName : (town.data?.label ?? null);
  // Trending near you: the location filter's place, else the Near you area.
  const trendingLocation =
    Object.keys(location).length > 0 || !nearbyArea
      ? location
      : { latitude: nearbyArea.latitude, longitude: nearbyArea.longitude, radius: nearbyArea.radius };
  if (!user) return null;
  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_320px]">
      <div className="min-w-0 space-y-4">
        <Card>
          <CardContent className="flex flex-wrap items-center justify-between gap-3 p-4">
            <div>
              <h1 className="text-xl font-bold wrap-anywhere">
                {isNewcomer ? `Welcome to ${instanceName}` : "Welcome back"}, {user.firstName ?? displayName(user)}!
              </h1>
              <p className="text-sm text-gray-600">
                {isNewcomer ? "Follow a few people and places to fill your feed." : "See what's happening around you."}
              </p>
            </div>
            {/* A suspended account cannot post: no button that could only fail. */}
            {canWrite(user) && (
              <Button onClick={openCreatePostDialog}>
                <PenSquare aria-hidden /> Create Post
              </Button>
            )}
          </CardContent>
        </Card>

        {isNewcomer && (
          <Card>
            <CardHeader>
              <CardTitle asChild className="text-base">
                <h2>People and places to follow</h2>
              </CardTitle>
            </CardHeader>
            <CardContent>
              <SuggestedPeople />
            </CardContent>
          </Card>
        )}

        <LocationFilterChip filter={locationFilter} />

        {/* A transition: the new tab's list renders in slices after the click has painted (INP, bench/results/history.md). */}
        <Tabs value={tab} onValueChange={(value) => startTransition(() => setTab(value as HomeTab))}>
          <TabsList className="w-full">
            <TabsTrigger value="feed">Social Feed</TabsTrigger>
            <TabsTrigger value="nearby">Near you</TabsTrigger>
            <TabsTrigger value="discover">Discover</TabsTrigger>
            <TabsTrigger value="trending">Trending</TabsTrigger>
          </TabsList>
          <TabsContent value="feed" className="mt-4">
            <PostFeed
              viewerId={user.id}
              location={location}
              locationFilter={locationFilter}
              onDiscover={() => setTab("discover")}
              slots={postSlots}
            />
          </TabsContent>
          <TabsContent value="nearby" className="mt-4">
            <NearbyPosts
              viewerId={user.id}
              area={nearbyArea}
              areaLabel={nearbyLabel}
              isLocating={town.isLoading}
              slots={postSlots}
            />
          </TabsContent>
          <TabsContent value="discover" className="mt-4">
            <DiscoverBusinesses isLocationTrackingAllowed={user.allowLocationTracking} />
          </TabsContent>
          <TabsContent value="trending" className="mt-4">
            <TrendingPosts viewerId={user.id} location={trendingLocation} slots={postSlots} />
          </TabsContent>
        </Tabs>
      </div>

      <aside className="space-y-4">
        <Card>
          <CardHeader>
            <CardTitle asChild className="text-base">
              <h2>Active Coupons</h2>
            </CardTitle>
          </CardHeader>
          <CardContent>
            <ActiveCouponsList />
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle asChild className="text-base">
              <h2>Friend Activity</h2>
            </CardTitle>
          </CardHeader>
          <CardContent>
            <FriendActivityPreview />
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle asChild className="text-base">
              <h2>Quick Actions</h2>
            </CardTitle>
          </CardHeader>
          <CardContent className="flex flex-col gap-2">
            {canWrite(user) && (
              <Button variant="outline" className="justify-start" onClick={openCreatePostDialog}>
                <PenSquare aria-hidden /> Create Post
              </Button>
            )}
            <Button variant="outline" className="justify-start" onClick={() => openLocationFilterDialog("radius")}>
              <MapPin aria-hidden /> Find Nearby
            </Button>
            {user.profileType === "business" && (
              <Button variant="outline" className="justify-start" asChild>
                <Link href={paths.businessDashboard}>
                  <LayoutDashboard aria-hidden /> Business Dashboard
                </Link>
              </Button>
            )}
            <div className="flex flex-wrap gap-2 pt-2">
              <Badge variant="secondary">{PROFILE_TYPE_LABELS[user.profileType]}</Badge>
              {user.isVerified && <VerifiedBadge withLabel />}
            </div>
          </CardContent>
        </Card>
      </aside>
    </div>
  );
}
