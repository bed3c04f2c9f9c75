// Money as Plaza writes it: US dollars, formatted by Intl.NumberFormat (no zod, no other module).

/** The language money is written in when no other is asked for: as Americans read it ("$1,250.00"). */
const DEFAULT_MONEY_LOCALE = "en-US";

/** Plaza's currency. */
const CURRENCY = "USD";

const formatters = new Map<string, Intl.NumberFormat>();

/** One formatter per language (a page formats many amounts in one language). */
function formatterFor(locale: string): Intl.NumberFormat {
  let formatter = formatters.get(locale);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, { style: "currency", currency: CURRENCY });
    formatters.set(locale, formatter);
  }
  return formatter;
}

/** Dollars as typed → integer cents; money never travels as a float past this point. */
export function dollarsToCents(dollars: number): number {
  return Math.round(dollars * 100);
}

/**
 * "$12.50", "$1,250.00": Plaza's prices are in US dollars, by default written as Americans read them; a page in
 * another language passes its locale ("es" → "12,50 US$"), with the currency's own decimals (minor units).
 */
export function formatCents(cents: number, locale: string = DEFAULT_MONEY_LOCALE): string {
  const formatter = formatterFor(locale);
  return formatter.format(cents / 10 ** (formatter.resolvedOptions().maximumFractionDigits ?? 2));
}

/** The same for an amount held in dollars (a post's price, a coupon's fixed discount): 5 → "$5.00". */
export function formatDollars(dollars: number, locale: string = DEFAULT_MONEY_LOCALE): string {
  return formatCents(dollarsToCents(dollars), locale);
}

/**
 * An amount of a money list, signed once: "+$12.00" for money in, "−$12.00" (U+2212) for money out, "$0.00" for
 * nothing. `cents` carries the direction as seen by the list's reader (a wallet's credit is positive, the reversal of
 * that credit negative; a payer's list passes what they paid negated, so a refund back to them reads "+"), and its
 * own sign is never written next to another one ("+-$12.00").
 */
export function formatSignedCents(cents: number, locale: string = DEFAULT_MONEY_LOCALE): string {
  if (cents === 0) return formatCents(0, locale);
  return `${cents > 0 ? "+" : "\u2212"}${formatCents(Math.abs(cents), locale)}`;
}
