import { EARNINGS_TEXTS } from "@plaza/contracts/payouts.texts";
import { defineMessages, useIntl } from "react-intl";
import { BarChart } from "@/components/ui/bar-chart";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { useText } from "@/i18n/texts";
import { useEarningsByMonth } from "../api/get-earnings-by-month";
import { useMoney } from "../hooks/use-money";

const messages = defineMessages({
  failed: { id: "payments.earningsChart.failed", defaultMessage: "Failed to load your earnings by month." },
});

/** "$40", "$1.3K" on the axis: whole dollars, short; the exact amounts are in the tooltip and the table. */
const AXIS_DOLLARS = {
  style: "currency",
  currency: "USD",
  maximumFractionDigits: 0,
  notation: "compact",
} as const;

/** A month's column under the chart ("2026-11" → "Nov"), as the contracts' formatMonth writes it, in the page's language. */
const SHORT_MONTH = { month: "short", timeZone: "UTC" } as const;

/**
 * What reached the wallet in each of the last 12 months, net of card fees and refunds, as columns. The drawing
 * library is fetched on demand by BarChart, so it never weighs on pages without a chart.
 */
export function EarningsChart() {
  const intl = useIntl();
  const text = useText();
  const money = useMoney();
  const earnings = useEarningsByMonth();
  const months = earnings.data?.months;
  return (
    <Card data-testid="earnings-chart">
      <CardHeader className="pb-2">
        <CardTitle className="text-base">{text(EARNINGS_TEXTS.title)}</CardTitle>
        <CardDescription>{text(EARNINGS_TEXTS.description)}</CardDescription>
      </CardHeader>
      <CardContent>
        {months ? (
          <BarChart
            data={months.map((month) => ({
              label: intl.formatDate(new Date(`${month.month}-01T00:00:00Z`), SHORT_MONTH),
              value: month.cents / 100,
              valueText: money.cents(month.cents),
            }))}
            colour="#059669"
            valueName={text(EARNINGS_TEXTS.valueName)}
            categoryName={text(EARNINGS_TEXTS.categoryName)}
            summary={text(EARNINGS_TEXTS.summary(months))}
            formatTick={(dollars) => intl.formatNumber(dollars, AXIS_DOLLARS)}
            height={200}
          />
        ) : earnings.isError ? (
          <p className="text-sm text-red-600">{intl.formatMessage(messages.failed)}</p>
        ) : (
          <Skeleton className="h-[200px] w-full" />
        )}
      </CardContent>
    </Card>
  );
}
