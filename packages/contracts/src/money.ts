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
