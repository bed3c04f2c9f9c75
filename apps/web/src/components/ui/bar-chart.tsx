import { lazy, Suspense } from "react";
import { Skeleton } from "@/components/ui/skeleton";
import type { BarChartProps } from "./bar-chart-props";

export type { BarChartPoint, BarChartProps } from "./bar-chart-props";

/** The drawing library (recharts) is a chunk of its own, fetched the first time a chart is on screen. */
const BarChartSvg = lazy(() => import("./bar-chart-svg"));

/**
 * A bar chart with axes and labels. The drawing is hidden from assistive technology, which reads the summary
 * (the figure's name) and the same numbers in a table instead.
 */
export function BarChart(props: BarChartProps) {
  const { data, summary, valueName, categoryName, orientation = "columns", height } = props;
  const placeholderHeight = height ?? (orientation === "bars" ? Math.max(120, data.length * 36 + 40) : 180);
  return (
    <figure className="m-0 text-gray-600" aria-label={summary} data-testid="bar-chart">
      <div aria-hidden="true" className="w-full min-w-0 overflow-hidden" data-testid="bar-chart-drawing">
        <Suspense fallback={<Skeleton style={{ height: placeholderHeight }} />}>
          <BarChartSvg {...props} />
        </Suspense>
      </div>
      {/* A table ignores sr-only's width and overflow, so a clipped box around it keeps it off the page's width. */}
      <div className="sr-only">
        <table>
          <caption>{summary}</caption>
          <thead>
            <tr>
              <th scope="col">{categoryName}</th>
              <th scope="col">{valueName}</th>
            </tr>
          </thead>
          <tbody>
            {data.map((point) => (
              <tr key={point.label}>
                <th scope="row">{point.label}</th>
                <td>{point.valueText}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
