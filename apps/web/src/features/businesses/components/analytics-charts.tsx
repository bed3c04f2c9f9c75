import type { BusinessAnalyticsView } from "@plaza/contracts/businesses";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { SkeletonList } from "@/components/ui/skeleton";
import { useBusinessAnalytics } from "../api/get-analytics";

type Series = "checkIns" | "reviews" | "redemptions";
const SERIES: { key: Series; title: string; colour: string }[] = [
  { key: "checkIns", title: "Check-ins", colour: "#4f46e5" },
  { key: "reviews", title: "Reviews", colour: "#f59e0b" },
  { key: "redemptions", title: "Coupon redemptions", colour: "#16a34a" },
];

/** Round axis steps (1, 2, 5 × 10ⁿ) so the ticks read 0, 5, 10 rather than 0, 3.5, 7. */
function niceMaximum(value: number): number {
  if (value <= 4) return 4;
  const magnitude = 10 ** Math.floor(Math.log10(value));
  const step = [1, 2, 5, 10].find((candidate) => candidate * magnitude * 2 >= value) ?? 10;
  return step * magnitude * 2;
}

/** "Nov 3": a day of the chart as its x-axis label. Dates are calendar days (UTC). */
function dayLabel(date: string): string {
  return new Date(`${date}T00:00:00Z`).toLocaleDateString(undefined, {
    month: "short",
    day: "numeric",
    timeZone: "UTC",
  });
}

/**
 * One series as a bar chart with a y-axis (0, half and top ticks with grid lines) and dated x-axis labels every
 * week. Drawn in HTML rather than a scaled SVG so labels keep their size on a phone; the numbers are also in a
 * table for screen readers.
 */
function BarChart({
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
  const values = days.map((day) => day[series]);
  const top = niceMaximum(Math.max(0, ...values));
  const total = values.reduce((sum, value) => sum + value, 0);
  const ticks = [top, top / 2, 0];
  return (
    <Card>
      <CardHeader className="pb-2">
        <CardTitle className="text-base">
          {title} <span className="text-sm font-normal text-gray-500">({total} in 30 days)</span>
        </CardTitle>
      </CardHeader>
      <CardContent>
        <div aria-hidden className="flex gap-2" data-testid="analytics-chart">
          <div className="flex h-36 flex-col justify-between text-right text-xs text-gray-500">
            {ticks.map((tick) => (
              <span key={tick} className="-my-2 leading-4">
                {tick}
              </span>
            ))}
          </div>
          <div className="min-w-0 flex-1">
            <div className="relative h-36 border-b border-l border-gray-300">
              {ticks.slice(0, 2).map((tick) => (
                <div
                  key={tick}
                  className="absolute inset-x-0 border-t border-dashed border-gray-200"
                  style={{ bottom: `${(tick / top) * 100}%` }}
                />
              ))}
              <div className="absolute inset-0 flex items-end gap-0.5 px-0.5">
                {days.map((day) => (
                  <div
                    key={day.date}
                    className="flex-1 rounded-t-sm"
                    style={{ height: `${(day[series] / top) * 100}%`, backgroundColor: colour }}
                    title={`${dayLabel(day.date)}: ${day[series]}`}
                  />
                ))}
              </div>
            </div>
            <div className="relative mt-1 h-4 text-xs text-gray-500">
              {days.map((day, index) =>
                // A label a week, clear of the last day's, which is pinned to the right edge.
                index % 7 === 0 && index < days.length - 5 ? (
                  <span
                    key={day.date}
                    className="absolute whitespace-nowrap"
                    style={{ left: `${(index / days.length) * 100}%` }}
                  >
                    {dayLabel(day.date)}
                  </span>
                ) : null,
              )}
              {days.length > 0 && (
                <span className="absolute right-0 whitespace-nowrap">
                  {dayLabel(days[days.length - 1]?.date ?? "")}
                </span>
              )}
            </div>
          </div>
        </div>
        <table className="sr-only">
          <caption>{title} per day</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">{title}</th>
            </tr>
          </thead>
          <tbody>
            {days.map((day) => (
              <tr key={day.date}>
                <th scope="row">{dayLabel(day.date)}</th>
                <td>{day[series]}</td>
              </tr>
            ))}
          </tbody>
        </table>
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
        <BarChart key={item.key} days={data.days} series={item.key} colour={item.colour} title={item.title} />
      ))}
    </div>
  );
}
