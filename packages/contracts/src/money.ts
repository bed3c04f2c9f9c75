// Money as Plaza writes it: US dollars, formatted by Intl.NumberFormat (no zod, no other module).

const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });

/** Dollars as typed → integer cents; money never travels as a float past this point. */
export function dollarsToCents(dollars: number): number {
  return Math.round(dollars * 100);
}

/** "$12.50", "$1,250.00": Plaza's prices are in US dollars, written as Americans read them. */
export function formatCents(cents: number): string {
  return usd.format(cents / 100);
}

/** The same for an amount held in dollars (a post's price, a coupon's fixed discount): 5 → "$5.00". */
export function formatDollars(dollars: number): string {
  return formatCents(dollarsToCents(dollars));
}

/**
 * An amount of a money list, signed once: "+$12.00" for money in, "−$12.00" (U+2212) for money out, "$0.00" for
 * nothing. `cents` carries the direction as seen by the list's reader (a wallet's credit is positive, the reversal of
 * that credit negative; a payer's list passes what they paid negated, so a refund back to them reads "+"), and its
 * own sign is never written next to another one ("+-$12.00").
 */
export function formatSignedCents(cents: number): string {
  if (cents === 0) return formatCents(0);
  return `${cents > 0 ? "+" : "\u2212"}${formatCents(Math.abs(cents))}`;
}
