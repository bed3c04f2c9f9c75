// What a bar chart draws: shared by the chart (bar-chart.tsx) and its lazily loaded drawing (bar-chart-svg.tsx),
// which import it one way (the drawing never imports the chart back).

export interface BarChartPoint {
  /** The category: a day ("Nov 3") or a group's name. */
  label: string;
  /** Null when the value is withheld (a group too small to count); drawn as an empty bar. */
  value: number | null;
  /** What the chart and the table print for the value ("12", "fewer than 5"). */
  valueText: string;
}

export interface BarChartProps {
  data: BarChartPoint[];
  /** `columns`: vertical bars over a category axis (days); `bars`: horizontal bars named on the left (places). */
  orientation?: "columns" | "bars";
  colour: string;
  /** The measured thing, for the tooltip and the table's column ("Check-ins"). */
  valueName: string;
  /** The category column's heading in the table ("Day", "City"). */
  categoryName: string;
  /** One sentence read in place of the drawing ("Check-ins per day over 30 days: 42 in all, most on Nov 3 (6)."). */
  summary: string;
  height?: number;
  /** How the value axis prints its ticks (money: "$12"); the number itself by default. */
  formatTick?: (value: number) => string;
}
