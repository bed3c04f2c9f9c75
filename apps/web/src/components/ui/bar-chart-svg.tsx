import { Bar, CartesianGrid, BarChart as Chart, LabelList, Tooltip, XAxis, YAxis } from "recharts";
import type { BarChartProps } from "./bar-chart-props";

const AXIS_TICK = { fill: "currentColor", fontSize: 12 };
const GRID = "var(--color-gray-200)";
/** The tooltip in the app's palette, so it reads in the dark theme too. */
const TOOLTIP = {
  cursor: { fill: "var(--color-gray-100)" },
  contentStyle: {
    background: "var(--color-surface)",
    borderColor: "var(--color-gray-200)",
    borderRadius: 6,
    color: "var(--color-gray-900)",
  },
  labelStyle: { color: "var(--color-gray-900)", fontWeight: 600 },
};

/** The first `length` characters of a category name, with an ellipsis; the full name is in the data table. */
function shorten(text: string, length: number): string {
  return text.length > length ? `${text.slice(0, length - 1)}…` : text;
}

/**
 * The drawn chart (recharts, loaded on demand by BarChart): columns over dated categories, or horizontal bars for
 * named groups. Axes, grid lines and tick labels come from the library; screen readers read BarChart's table.
 */
export default function BarChartSvg(props: BarChartProps) {
  const { data, orientation = "columns", colour, valueName, height, formatTick = String } = props;
  // The tooltip prints the point's own text ("$9.41", "fewer than 5"), as the table does.
  const tooltipValue = (value: unknown, _name: unknown, item: { payload?: { valueText?: string } }) => [
    item.payload?.valueText ?? String(value),
    valueName,
  ];
  const rows = data.map((point) => ({ ...point, drawn: point.value ?? 0 }));
  const chartHeight = height ?? (orientation === "bars" ? Math.max(120, rows.length * 36 + 40) : 180);
  if (orientation === "bars") {
    return (
      <Chart
        data={rows}
        layout="vertical"
        responsive
        accessibilityLayer={false}
        style={{ width: "100%", height: chartHeight }}
        margin={{ top: 4, right: 48, bottom: 4, left: 0 }}
      >
        <CartesianGrid horizontal={false} stroke={GRID} strokeDasharray="3 3" />
        <XAxis
          type="number"
          allowDecimals={false}
          tick={AXIS_TICK}
          stroke="currentColor"
          tickFormatter={(value: number) => formatTick(value)}
        />
        <YAxis
          type="category"
          dataKey="label"
          width={112}
          tick={AXIS_TICK}
          stroke="currentColor"
          tickFormatter={(label: string) => shorten(label, 16)}
        />
        <Tooltip {...TOOLTIP} formatter={tooltipValue} />
        <Bar
          dataKey="drawn"
          name={valueName}
          fill={colour}
          radius={[0, 3, 3, 0]}
          maxBarSize={28}
          isAnimationActive={false}
        >
          <LabelList
            dataKey="valueText"
            position="right"
            style={{ fill: "currentColor", fontSize: 12 }}
            formatter={(text) => String(text ?? "")}
          />
        </Bar>
      </Chart>
    );
  }
  return (
    <Chart
      data={rows}
      responsive
      accessibilityLayer={false}
      style={{ width: "100%", height: chartHeight }}
      margin={{ top: 8, right: 8, bottom: 0, left: -16 }}
    >
      <CartesianGrid vertical={false} stroke={GRID} strokeDasharray="3 3" />
      <XAxis dataKey="label" tick={AXIS_TICK} stroke="currentColor" interval="preserveStartEnd" minTickGap={16} />
      <YAxis
        allowDecimals={false}
        tick={AXIS_TICK}
        stroke="currentColor"
        tickFormatter={(value: number) => formatTick(value)}
      />
      <Tooltip {...TOOLTIP} formatter={tooltipValue} />
      <Bar dataKey="drawn" name={valueName} fill={colour} radius={[2, 2, 0, 0]} isAnimationActive={false} />
    </Chart>
  );
}
