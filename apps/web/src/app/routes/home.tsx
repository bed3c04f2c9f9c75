import { LOCATION_RADIUS_MILES } from "@plaza/contracts/constants";
import { displayName, isNewcomer as isNewcomerUser } from "@plaza/contracts/users.texts";
import { LayoutDashboard, MapPin, PenSquare } from "lucide-react";
import { startTransition, useEffect, useState } from "react";
import { defineMessages, useIntl } from "react-intl";
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

const PROFILE_TYPE_LABELS = defineMessages({
  creator: { id: "shell.home.profile-type-creator", defaultMessage: "Creator" },
  business: { id: "shell.home.profile-type-business", defaultMessage: "Business" },
  personal: { id: "shell.home.profile-type-personal", defaultMessage: "Personal" },
});

const welcomes = defineMessages<{ welcomeNew: { instance: string; name: string }; welcomeBack: { name: string } }>({
  welcomeNew: { id: "shell.home.welcome-new", defaultMessage: "Welcome to {instance}, {name}!" },
  welcomeBack: { id: "shell.home.welcome-back", defaultMessage: "Welcome back, {name}!" },
});

const messages = defineMessages({
  newcomerHint: { id: "shell.home.newcomer-hint", defaultMessage: "Follow a few people and places to fill your feed." },
  hint: { id: "shell.home.hint", defaultMessage: "See what's happening around you." },
  createPost: { id: "shell.home.create-post", defaultMessage: "Create Post" },
  suggestions: { id: "shell.home.suggestions", defaultMessage: "People and places to follow" },
  feed: { id: "shell.home.tab-feed", defaultMessage: "Social Feed" },
  nearby: { id: "shell.home.tab-nearby", defaultMessage: "Near you" },
  discover: { id: "shell.home.tab-discover", defaultMessage: "Discover" },
  trending: { id: "shell.home.tab-trending", defaultMessage: "Trending" },
  activeCoupons: { id: "shell.home.active-coupons", defaultMessage: "Active Coupons" },
  friendActivity: { id: "shell.home.friend-activity", defaultMessage: "Friend Activity" },
  quickActions: { id: "shell.home.quick-actions", defaultMessage: "Quick Actions" },
  findNearby: { id: "shell.home.find-nearby", defaultMessage: "Find Nearby" },
  businessDashboard: { id: "shell.home.business-dashboard", defaultMessage: "Business Dashboard" },
});

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
  const intl = useIntl();
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
                {isNewcomer
                  ? intl.formatMessage(welcomes.welcomeNew, {
                      instance: instanceName,
                      name: user.firstName ?? displayName(user),
                    })
                  : intl.formatMessage(welcomes.welcomeBack, { name: user.firstName ?? displayName(user) })}
              </h1>
              <p className="text-sm text-gray-600">
                {intl.formatMessage(isNewcomer ? messages.newcomerHint : messages.hint)}
              </p>
            </div>
            {/* A suspended account cannot post: no button that could only fail. */}
            {canWrite(user) && (
              <Button onClick={openCreatePostDialog}>
                <PenSquare aria-hidden /> {intl.formatMessage(messages.createPost)}
              </Button>
            )}
          </CardContent>
        </Card>

        {isNewcomer && (
          <Card>
            <CardHeader>
              <CardTitle asChild className="text-base">
                <h2>{intl.formatMessage(messages.suggestions)}</h2>
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
            <TabsTrigger value="feed">{intl.formatMessage(messages.feed)}</TabsTrigger>
            <TabsTrigger value="nearby">{intl.formatMessage(messages.nearby)}</TabsTrigger>
            <TabsTrigger value="discover">{intl.formatMessage(messages.discover)}</TabsTrigger>
            <TabsTrigger value="trending">{intl.formatMessage(messages.trending)}</TabsTrigger>
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
              <h2>{intl.formatMessage(messages.activeCoupons)}</h2>
            </CardTitle>
          </CardHeader>
          <CardContent>
            <ActiveCouponsList />
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle asChild className="text-base">
              <h2>{intl.formatMessage(messages.friendActivity)}</h2>
            </CardTitle>
          </CardHeader>
          <CardContent>
            <FriendActivityPreview />
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle asChild className="text-base">
              <h2>{intl.formatMessage(messages.quickActions)}</h2>
            </CardTitle>
          </CardHeader>
          <CardContent className="flex flex-col gap-2">
            {canWrite(user) && (
              <Button variant="outline" className="justify-start" onClick={openCreatePostDialog}>
                <PenSquare aria-hidden /> {intl.formatMessage(messages.createPost)}
              </Button>
            )}
            <Button variant="outline" className="justify-start" onClick={() => openLocationFilterDialog("radius")}>
              <MapPin aria-hidden /> {intl.formatMessage(messages.findNearby)}
            </Button>
            {user.profileType === "business" && (
              <Button variant="outline" className="justify-start" asChild>
                <Link href={paths.businessDashboard}>
                  <LayoutDashboard aria-hidden /> {intl.formatMessage(messages.businessDashboard)}
                </Link>
              </Button>
            )}
            <div className="flex flex-wrap gap-2 pt-2">
              <Badge variant="secondary">{intl.formatMessage(PROFILE_TYPE_LABELS[user.profileType])}</Badge>
              {user.isVerified && <VerifiedBadge withLabel />}
            </div>
          </CardContent>
        </Card>
      </aside>
    </div>
  );
}
