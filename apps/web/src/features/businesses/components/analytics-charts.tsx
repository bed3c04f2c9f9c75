import type { BusinessAnalyticsView } from "@plaza/contracts/checkins";
import { defineMessages, type IntlShape, type MessageDescriptor, useIntl } from "react-intl";
import { BarChart } from "@/components/ui/bar-chart";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { SkeletonList } from "@/components/ui/skeleton";
import { useBusinessAnalytics } from "../api/get-analytics";

type Series = "checkIns" | "reviews" | "redemptions";
const phrases = defineMessages<{
  summary: {
    title: string | number;
    days: string | number;
    total: string | number;
    hasBusiest: string;
    busiestDay: string | number;
    busiestValue: string | number;
  };
  total: { total: string | number };
}>({
  summary: {
    id: "businesses.analytics.summary",
    defaultMessage:
      "{title} per day over the last {days} days: {total} in all{hasBusiest, select, yes {, most on {busiestDay} ({busiestValue})} other {}}.",
  },
  total: { id: "businesses.analytics.total", defaultMessage: "({total} in 30 days)" },
});
const messages = defineMessages({
  checkIns: { id: "businesses.analytics.checkIns", defaultMessage: "Check-ins" },
  reviews: { id: "businesses.analytics.reviews", defaultMessage: "Reviews" },
  redemptions: { id: "businesses.analytics.redemptions", defaultMessage: "Coupon redemptions" },
  day: { id: "businesses.analytics.day", defaultMessage: "Day" },
  loading: { id: "businesses.analytics.loading", defaultMessage: "Loading analytics..." },
  loadFailed: { id: "businesses.analytics.loadFailed", defaultMessage: "Could not load analytics." },
});

const SERIES: { key: Series; title: MessageDescriptor; colour: string }[] = [
  { key: "checkIns", title: messages.checkIns, colour: "#4f46e5" },
  { key: "reviews", title: messages.reviews, colour: "#f59e0b" },
  { key: "redemptions", title: messages.redemptions, colour: "#16a34a" },
];

/** "Nov 3": a day of the chart as its x-axis label. Dates are calendar days (UTC). */
function dayLabel(intl: IntlShape, date: string): string {
  return intl.formatDate(new Date(`${date}T00:00:00Z`), { month: "short", day: "numeric", timeZone: "UTC" });
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
  const intl = useIntl();
  const data = days.map((day) => ({
    label: dayLabel(intl, day.date),
    value: day[series],
    valueText: intl.formatNumber(day[series]),
  }));
  const total = data.reduce((sum, point) => sum + (point.value ?? 0), 0);
  const busiest = data.reduce<(typeof data)[number] | null>(
    (best, point) => (point.value > 0 && (!best || point.value > best.value) ? point : best),
    null,
  );
  const summary = intl.formatMessage(phrases.summary, {
    title,
    days: days.length,
    total,
    hasBusiest: busiest ? "yes" : "no",
    busiestDay: busiest?.label ?? "",
    busiestValue: busiest?.value ?? 0,
  });
  return (
    <Card>
      <CardHeader className="pb-2">
        <CardTitle className="text-base">
          {title}{" "}
          <span className="text-sm font-normal text-gray-500">{intl.formatMessage(phrases.total, { total })}</span>
        </CardTitle>
      </CardHeader>
      <CardContent>
        <BarChart
          data={data}
          colour={colour}
          valueName={title}
          categoryName={intl.formatMessage(messages.day)}
          summary={summary}
          height={180}
        />
      </CardContent>
    </Card>
  );
}

/** Check-ins, reviews and redemptions per day over the last 30 days. */
export function AnalyticsCharts({ businessId }: { businessId: string }) {
  const intl = useIntl();
  const { data, isLoading, isError } = useBusinessAnalytics(businessId);
  if (isLoading) return <SkeletonList label={intl.formatMessage(messages.loading)} count={3} itemClassName="h-56" />;
  if (isError || !data) return <p className="text-sm text-red-600">{intl.formatMessage(messages.loadFailed)}</p>;
  return (
    <div className="space-y-4">
      {SERIES.map((item) => (
        <SeriesChart
          key={item.key}
          days={data.days}
          series={item.key}
          colour={item.colour}
          title={intl.formatMessage(item.title)}
        />
      ))}
    </div>
  );
}
