import type { BusinessAnalyticsView } from "@plaza/contracts/checkins";
import { BarChart } from "@/components/ui/bar-chart";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { SkeletonList } from "@/components/ui/skeleton";
import { useBusinessAnalytics } from "../api/get-analytics";

type Series = "checkIns" | "reviews" | "redemptions";
const SERIES: { key: Series; title: string; colour: string }[] = [
  { key: "checkIns", title: "Check-ins", colour: "#4f46e5" },
  { key: "reviews", title: "Reviews", colour: "#f59e0b" },
  { key: "redemptions", title: "Coupon redemptions", colour: "#16a34a" },
];

/** "Nov 3": a day of the chart as its x-axis label. Dates are calendar days (UTC). */
function dayLabel(date: string): string {
  return new Date(`${date}T00:00:00Z`).toLocaleDateString(undefined, {
    month: "short",
    day: "numeric",
    timeZone: "UTC",
  });
}

/** One series per day over the period: a card with its total, and a column chart with dated axis labels. */
function SeriesChart({
  days,
  series,
  colour,
  title,
}: {
  days: BusinessAnalyticsView["days"];
  series: Series;
  colour: string;
  title: string;
}) {
  const data = days.map((day) => ({
    label: dayLabel(day.date),
    value: day[series],
    valueText: String(day[series]),
  }));
  const total = data.reduce((sum, point) => sum + (point.value ?? 0), 0);
  const busiest = data.reduce<(typeof data)[number] | null>(
    (best, point) => (point.value > 0 && (!best || point.value > best.value) ? point : best),
    null,
  );
  const summary = `${title} per day over the last ${days.length} days: ${total} in all${
    busiest ? `, most on ${busiest.label} (${busiest.value})` : ""
  }.`;
  return (
    <Card>
      <CardHeader className="pb-2">
        <CardTitle className="text-base">
          {title} <span className="text-sm font-normal text-gray-500">({total} in 30 days)</span>
        </CardTitle>
      </CardHeader>
      <CardContent>
        <BarChart data={data} colour={colour} valueName={title} categoryName="Day" summary={summary} height={180} />
      </CardContent>
    </Card>
  );
}

/** Check-ins, reviews and redemptions per day over the last 30 days. */
export function AnalyticsCharts({ businessId }: { businessId: string }) {
  const { data, isLoading, isError } = useBusinessAnalytics(businessId);
  if (isLoading) return <SkeletonList label="Loading analytics..." count={3} itemClassName="h-56" />;
  if (isError || !data) return <p className="text-sm text-red-600">Could not load analytics.</p>;
  return (
    <div className="space-y-4">
      {SERIES.map((item) => (
        <SeriesChart key={item.key} days={data.days} series={item.key} colour={item.colour} title={item.title} />
      ))}
    </div>
  );
}
