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

const WIDTH = 600;
const HEIGHT = 160;
const AXIS = 20;

/** One series as an SVG bar chart, a bar per day. */
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
  const maximum = Math.max(1, ...values);
  const total = values.reduce((sum, value) => sum + value, 0);
  const barWidth = WIDTH / Math.max(1, days.length);
  return (
    <Card>
      <CardHeader className="pb-2">
        <CardTitle className="text-base">
          {title} <span className="text-sm font-normal text-gray-500">({total} in 30 days)</span>
        </CardTitle>
      </CardHeader>
      <CardContent>
        <svg
          viewBox={`0 0 ${WIDTH} ${HEIGHT + AXIS}`}
          className="h-40 w-full"
          role="img"
          aria-label={`${title} per day`}
        >
          <line x1={0} y1={HEIGHT} x2={WIDTH} y2={HEIGHT} className="stroke-gray-200" />
          {days.map((day, index) => {
            const value = day[series];
            const height = (value / maximum) * (HEIGHT - 10);
            return (
              <g key={day.date}>
                <rect
                  x={index * barWidth + 2}
                  y={HEIGHT - height}
                  width={barWidth - 4}
                  height={height}
                  fill={colour}
                  rx={2}
                >
                  <title>
                    {day.date}: {value}
                  </title>
                </rect>
                {index % 7 === 0 && (
                  <text x={index * barWidth + 2} y={HEIGHT + 14} fontSize={10} className="fill-gray-500">
                    {day.date.slice(5)}
                  </text>
                )}
              </g>
            );
          })}
          <text x={WIDTH - 2} y={12} fontSize={10} className="fill-gray-500" textAnchor="end">
            max {maximum}
          </text>
        </svg>
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
