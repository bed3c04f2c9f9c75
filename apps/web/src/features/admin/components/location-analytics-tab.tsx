import { FEWER_THAN_MIN_GROUP_TEXT, type LocationStatsView } from "@plaza/contracts/admin";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { SkeletonList } from "@/components/ui/skeleton";
import { useLocationStats } from "../api/get-location-stats";

/** One bar: the group's name (from the row's spec field: city, country or location) and its count. */
interface Bar {
  label: string;
  count: number | null;
  isMerged: boolean;
}

/** The rows of each chart as bars, named by the spec's field of that chart. */
function toBars(stats: LocationStatsView) {
  return {
    topCities: stats.topCities.map(({ city, count, isMerged }) => ({ label: city, count, isMerged })),
    topCountries: stats.topCountries.map(({ country, count, isMerged }) => ({ label: country, count, isMerged })),
    usersByLocation: stats.usersByLocation.map(({ location, count, isMerged }) => ({
      label: location,
      count,
      isMerged,
    })),
    postsByLocation: stats.postsByLocation.map(({ location, count, isMerged }) => ({
      label: location,
      count,
      isMerged,
    })),
  };
}

/**
 * A horizontal bar chart in plain CSS (no chart library). A group without a count (fewer than 5 people) gets a
 * short hatched bar and the text "fewer than 5".
 */
function BarChart({ title, groups, emptyText }: { title: string; groups: Bar[]; emptyText: string }) {
  const largest = Math.max(1, ...groups.map((group) => group.count ?? 0));
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">{title}</CardTitle>
      </CardHeader>
      <CardContent>
        {groups.length === 0 ? (
          <p className="py-4 text-center text-sm text-gray-500">{emptyText}</p>
        ) : (
          <ul className="space-y-2" aria-label={title}>
            {groups.map((group) => (
              <li key={group.label} className="space-y-1">
                <div className="flex justify-between gap-2 text-sm">
                  <span className={group.isMerged ? "text-gray-500 italic" : "font-medium"}>{group.label}</span>
                  <span className="text-gray-600">{group.count ?? FEWER_THAN_MIN_GROUP_TEXT}</span>
                </div>
                <div className="h-2.5 w-full rounded-full bg-gray-100">
                  <div
                    className={
                      group.count === null
                        ? "h-2.5 w-[4%] rounded-full bg-[repeating-linear-gradient(45deg,#cbd5e1,#cbd5e1_3px,#e2e8f0_3px,#e2e8f0_6px)]"
                        : "h-2.5 rounded-full bg-primary"
                    }
                    style={
                      group.count === null ? undefined : { width: `${Math.max(2, (group.count / largest) * 100)}%` }
                    }
                  />
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

/** Location Analytics: four charts; groups of fewer than 5 people are never shown by name or count. */
export function LocationAnalyticsTab({ isActive }: { isActive: boolean }) {
  const stats = useLocationStats(isActive);
  if (stats.isLoading) return <SkeletonList label="Loading location analytics..." count={4} itemClassName="h-28" />;
  if (stats.isError || !stats.data) return <p className="text-sm text-red-600">Failed to load location analytics.</p>;
  const bars = toBars(stats.data);
  return (
    <div className="space-y-3">
      <CardDescription>
        Places with fewer than 5 people are merged into "Other places" and shown as "{FEWER_THAN_MIN_GROUP_TEXT}".
        People who hide their location are not counted.
      </CardDescription>
      <div className="grid gap-3 md:grid-cols-2">
        <BarChart title="Top Cities" groups={bars.topCities} emptyText="No city data yet" />
        <BarChart title="Top Countries" groups={bars.topCountries} emptyText="No country data yet" />
        <BarChart title="Users by Location" groups={bars.usersByLocation} emptyText="No user location data yet" />
        <BarChart title="Posts by Location" groups={bars.postsByLocation} emptyText="No post location data yet" />
      </div>
    </div>
  );
}
