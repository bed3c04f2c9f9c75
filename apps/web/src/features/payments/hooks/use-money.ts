import { formatCents, formatDollars, formatSignedCents } from "@plaza/contracts/payments.texts";
import { useMemo } from "react";
import { useIntl } from "react-intl";

/** Amounts as the page's language writes them (English: "$12.50", "+$12.00"; Spanish: "12,50 US$"). */
export interface MoneyFormat {
  cents(cents: number): string;
  dollars(dollars: number): string;
  signedCents(cents: number): string;
}

/** The money formats of the page's locale (contracts' money helpers, given `intl.locale`). */
export function useMoney(): MoneyFormat {
  const { locale } = useIntl();
  return useMemo(
    () => ({
      cents: (cents: number) => formatCents(cents, locale),
      dollars: (dollars: number) => formatDollars(dollars, locale),
      signedCents: (cents: number) => formatSignedCents(cents, locale),
    }),
    [locale],
  );
}
