import type { LocationStatsView } from "@plaza/contracts/admin";
import { FEWER_THAN_MIN_GROUP_TEXT } from "@plaza/contracts/admin.texts";
import { BarChart } from "@/components/ui/bar-chart";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { SkeletonList } from "@/components/ui/skeleton";
import { useLocationStats } from "../api/get-location-stats";

/** One bar: the group's name (from the row's spec field: city, country or location) and its count. */
interface Bar {
  label: string;
  count: number | null;
  isMerged: boolean;
}

/** The rows of each chart as bars, named by that chart's documented field. */
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
 * One chart of groups as horizontal bars with a count axis. A group without a count (fewer than 5 people) gets an
 * empty bar labelled "fewer than 5".
 */
function GroupChart({ title, groups, emptyText }: { title: string; groups: Bar[]; emptyText: string }) {
  const data = groups.map((group) => ({
    label: group.label,
    value: group.count,
    valueText: group.count === null ? FEWER_THAN_MIN_GROUP_TEXT : String(group.count),
  }));
  const summary = `${title}: ${data.map((point) => `${point.label} ${point.valueText}`).join(", ")}.`;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">{title}</CardTitle>
      </CardHeader>
      <CardContent>
        {groups.length === 0 ? (
          <p className="py-4 text-center text-sm text-gray-500">{emptyText}</p>
        ) : (
          <BarChart
            data={data}
            orientation="bars"
            colour="var(--color-primary)"
            valueName="Count"
            categoryName="Place"
            summary={summary}
          />
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
        <GroupChart title="Top Cities" groups={bars.topCities} emptyText="No city data yet" />
        <GroupChart title="Top Countries" groups={bars.topCountries} emptyText="No country data yet" />
        <GroupChart title="Users by Location" groups={bars.usersByLocation} emptyText="No user location data yet" />
        <GroupChart title="Posts by Location" groups={bars.postsByLocation} emptyText="No post location data yet" />
      </div>
    </div>
  );
}
