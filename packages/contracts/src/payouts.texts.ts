// Texts, constants and pure rules of payouts: no zod, so the web app's first screen can import them without
// evaluating schemas. The schemas are in ./payouts.ts, which re-exports all of this.
import { formatCents, type PayoutStatus } from "./payments.texts";

/**
 * The wallet's Payouts card (docs/PRODUCT.md "Money"): a creator's Stripe account in words, what Stripe still
 * needs, and the buttons that lead to Stripe. Shown only when the server pays through Stripe.
 */
export const PAYOUT_CARD_TEXTS = {
  title: "Payouts",
  status: {
    none: "Not connected",
    pending: "Onboarding pending",
    active: "Active, payouts on",
    restricted: "Restricted: Stripe needs more information",
  } satisfies Record<PayoutStatus, string>,
  explanation: {
    none: "Connect a Stripe account so people can pay you. Stripe sends your money to your bank.",
    pending: "Finish setting up your Stripe account to start receiving payments.",
    active: "People can pay you. Stripe pays your balance out to your bank.",
    restricted: "Payments to you are paused until you give Stripe what is missing.",
  } satisfies Record<PayoutStatus, string>,
  /** Right after Stripe sent the creator back, until its `account.updated` arrives. */
  checking: "Stripe is checking your details. This updates by itself.",
  missingHeading: "Stripe still needs",
  setUp: "Set up payouts",
  continueSetup: "Continue setup",
  openDashboard: "Open Stripe dashboard",
  opening: "Opening Stripe…",
  linkFailed: "Couldn't open Stripe. Please try again.",
  /** The one honest line of a server with the built-in test provider: there is nothing to connect. */
  testProvider: "This Plaza server takes test payments only: no real money is charged or paid out.",
} as const;

/** The line under the wallet's balance: what the balance is, by who collects payments. */
export const WALLET_BALANCE_NOTES = {
  test: "You keep 100% of what supporters pay — Plaza takes no cut.",
  stripe: "Plaza takes no cut: this is what Stripe pays out to your bank.",
} as const;

/** Stripe's requirement names (`requirements.currently_due`) a creator is most often asked for, in words. */
const REQUIREMENT_TEXTS: Record<string, string> = {
  external_account: "A bank account for payouts",
  "tos_acceptance.date": "Accept Stripe's terms of service",
  "tos_acceptance.ip": "Accept Stripe's terms of service",
  business_type: "Whether you are an individual or a company",
  "business_profile.url": "A website or profile link",
  "business_profile.mcc": "What kind of business you run",
  "business_profile.product_description": "What you sell",
  "business_profile.support_phone": "A support phone number",
  "individual.first_name": "Your legal name",
  "individual.last_name": "Your legal name",
  "individual.email": "Your email address",
  "individual.phone": "Your phone number",
  "individual.id_number": "Your Social Security number",
  "individual.ssn_last_4": "The last 4 digits of your Social Security number",
  "individual.verification.document": "A photo ID",
  "individual.verification.additional_document": "A document proving your address",
  "settings.payments.statement_descriptor": "The name shown on card statements",
};

/** Groups of names that read as one thing (any `individual.address.*` is "Your home address"). */
const REQUIREMENT_PREFIX_TEXTS: [prefix: string, text: string][] = [
  ["individual.address.", "Your home address"],
  ["individual.dob.", "Your date of birth"],
  ["company.", "Your company's details"],
];

/** Whose requirement it is (`individual.`, `representative.`, `person_abc123.`): not worth reading out. */
const OWNER_PREFIX = /^(individual|representative|person_[A-Za-z0-9]+)\./;

/** "individual.political_exposure" → "Political exposure": a readable form of a name not in the lists above. */
function readableRequirement(name: string): string {
  const words = name.replace(OWNER_PREFIX, "").replace(/[._]+/g, " ").trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : name;
}

/** What Stripe still needs, in words, each thing once and in Stripe's order. */
export function payoutRequirementTexts(requirements: readonly string[]): string[] {
  const texts = requirements.map(
    (name) =>
      REQUIREMENT_TEXTS[name] ??
      REQUIREMENT_PREFIX_TEXTS.find(([prefix]) => name.startsWith(prefix))?.[1] ??
      readableRequirement(name),
  );
  return [...new Set(texts)];
}

/** How many months the earnings chart shows, the current one last. */
export const EARNINGS_MONTHS = 12;

const monthFormat = new Intl.DateTimeFormat("en-US", { month: "short", year: "numeric", timeZone: "UTC" });
const shortMonthFormat = new Intl.DateTimeFormat("en-US", { month: "short", timeZone: "UTC" });

/** "2026-11" → "Nov 2026" (or "Nov" with `short`). */
export function formatMonth(month: string, options: { short?: boolean } = {}): string {
  const date = new Date(`${month}-01T00:00:00Z`);
  return (options.short ? shortMonthFormat : monthFormat).format(date);
}

/** One month of the earnings chart (a month of earningsByMonthView). */
type EarningsMonth = { month: string; cents: number };

export const EARNINGS_TEXTS = {
  title: "Earnings by month",
  description: `The last ${EARNINGS_MONTHS} months, after refunds and card fees`,
  valueName: "Earned",
  categoryName: "Month",
  /** The sentence screen readers hear instead of the drawing. */
  summary(months: readonly EarningsMonth[]): string {
    const total = months.reduce((sum, month) => sum + month.cents, 0);
    const best = months.reduce<EarningsMonth | null>(
      (top, month) => (month.cents > 0 && (!top || month.cents > top.cents) ? month : top),
      null,
    );
    const most = best ? `, most in ${formatMonth(best.month)} (${formatCents(best.cents)})` : "";
    return `Earnings by month over the last ${months.length} months: ${formatCents(total)} in all${most}.`;
  },
} as const;
