import type { LocationStatsView } from "@plaza/contracts/admin";
import { LOCATION_ANALYTICS_MIN_GROUP } from "@plaza/contracts/admin.texts";
import { defineMessage, defineMessages, useIntl } from "react-intl";
import { BarChart } from "@/components/ui/bar-chart";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { SkeletonList } from "@/components/ui/skeleton";
import { useLocationStats } from "../api/get-location-stats";

const messages = defineMessages({
  fewerThan: defineMessage<{ min: number }>({ id: "admin.locations.fewerThan", defaultMessage: "fewer than {min}" }),
  otherPlaces: { id: "admin.locations.otherPlaces", defaultMessage: "Other places" },
  summary: defineMessage<{ title: string; points: string }>({
    id: "admin.locations.summary",
    defaultMessage: "{title}: {points}.",
  }),
  point: defineMessage<{ label: string; value: string }>({
    id: "admin.locations.point",
    defaultMessage: "{label} {value}",
  }),
  count: { id: "admin.locations.count", defaultMessage: "Count" },
  place: { id: "admin.locations.place", defaultMessage: "Place" },
  loading: { id: "admin.locations.loading", defaultMessage: "Loading location analytics..." },
  loadFailed: { id: "admin.locations.loadFailed", defaultMessage: "Failed to load location analytics." },
  explanation: defineMessage<{ min: number; otherPlaces: string; fewerThan: string }>({
    id: "admin.locations.explanation",
    defaultMessage:
      'Places with fewer than {min} people are merged into "{otherPlaces}" and shown as "{fewerThan}". People who hide their location are not counted.',
  }),
  topCities: { id: "admin.locations.topCities", defaultMessage: "Top Cities" },
  topCitiesEmpty: { id: "admin.locations.topCitiesEmpty", defaultMessage: "No city data yet" },
  topCountries: { id: "admin.locations.topCountries", defaultMessage: "Top Countries" },
  topCountriesEmpty: { id: "admin.locations.topCountriesEmpty", defaultMessage: "No country data yet" },
  usersByLocation: { id: "admin.locations.usersByLocation", defaultMessage: "Users by Location" },
  usersByLocationEmpty: { id: "admin.locations.usersByLocationEmpty", defaultMessage: "No user location data yet" },
  postsByLocation: { id: "admin.locations.postsByLocation", defaultMessage: "Posts by Location" },
  postsByLocationEmpty: { id: "admin.locations.postsByLocationEmpty", defaultMessage: "No post location data yet" },
});

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
  const intl = useIntl();
  const data = groups.map((group) => ({
    // The merged row's name is the server's "Other places": the page's language says it.
    label: group.isMerged ? intl.formatMessage(messages.otherPlaces) : group.label,
    value: group.count,
    valueText:
      group.count === null
        ? intl.formatMessage(messages.fewerThan, { min: LOCATION_ANALYTICS_MIN_GROUP })
        : intl.formatNumber(group.count),
  }));
  const summary = intl.formatMessage(messages.summary, {
    title,
    points: intl.formatList(
      data.map((point) => intl.formatMessage(messages.point, { label: point.label, value: point.valueText })),
      { type: "unit" },
    ),
  });
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
            valueName={intl.formatMessage(messages.count)}
            categoryName={intl.formatMessage(messages.place)}
            summary={summary}
          />
        )}
      </CardContent>
    </Card>
  );
}

/** Location Analytics: four charts; groups of fewer than 5 people are never shown by name or count. */
export function LocationAnalyticsTab({ isActive }: { isActive: boolean }) {
  const intl = useIntl();
  const stats = useLocationStats(isActive);
  if (stats.isLoading) {
    return <SkeletonList label={intl.formatMessage(messages.loading)} count={4} itemClassName="h-28" />;
  }
  if (stats.isError || !stats.data) {
    return <p className="text-sm text-red-600">{intl.formatMessage(messages.loadFailed)}</p>;
  }
  const bars = toBars(stats.data);
  return (
    <div className="space-y-3">
      <CardDescription>
        {intl.formatMessage(messages.explanation, {
          min: LOCATION_ANALYTICS_MIN_GROUP,
          otherPlaces: intl.formatMessage(messages.otherPlaces),
          fewerThan: intl.formatMessage(messages.fewerThan, { min: LOCATION_ANALYTICS_MIN_GROUP }),
        })}
      </CardDescription>
      <div className="grid gap-3 md:grid-cols-2">
        <GroupChart
          title={intl.formatMessage(messages.topCities)}
          groups={bars.topCities}
          emptyText={intl.formatMessage(messages.topCitiesEmpty)}
        />
        <GroupChart
          title={intl.formatMessage(messages.topCountries)}
          groups={bars.topCountries}
          emptyText={intl.formatMessage(messages.topCountriesEmpty)}
        />
        <GroupChart
          title={intl.formatMessage(messages.usersByLocation)}
          groups={bars.usersByLocation}
          emptyText={intl.formatMessage(messages.usersByLocationEmpty)}
        />
        <GroupChart
          title={intl.formatMessage(messages.postsByLocation)}
          groups={bars.postsByLocation}
          emptyText={intl.formatMessage(messages.postsByLocationEmpty)}
        />
      </div>
    </div>
  );
}
