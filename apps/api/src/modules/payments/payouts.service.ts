import { PAYOUT_TEXTS, type PayoutAccountView } from "@plaza/contracts/payments";
import type { AppContext } from "../../app-context";
import type { UserRow } from "../../db/schema/users";
import { conflict } from "../../lib/app-error";
import { stripeProviderFor } from "./payment-provider";
import {
  findPayoutAccount,
  insertPayoutAccount,
  presentPayoutAccount,
  updatePayoutAccountFromStripe,
} from "./payouts.repository";
import type { StripePaymentProvider } from "./stripe-provider";

function requireStripe(context: AppContext): StripePaymentProvider {
  const stripe = stripeProviderFor(context.env);
  if (!stripe) throw conflict(PAYOUT_TEXTS.notConfigured, "PAYOUTS_NOT_CONFIGURED");
  return stripe;
}

/** Where Stripe sends the creator back: the wallet, on PUBLIC_URL (else this server's own address). */
function walletUrl(context: AppContext, origin: string, query: string): string {
  const base = context.env.PUBLIC_URL ?? origin;
  return new URL(`/wallet?payouts=${query}`, base).toString();
}

/**
 * POST /api/payouts/account: the connected account is created once per user (Stripe's idempotency key and a
 * unique row), then a fresh onboarding link is answered each time (links expire).
 */
export async function createOnboardingLink(
  context: AppContext,
  user: UserRow,
  requestOrigin: string,
): Promise<{ url: string }> {
  const stripe = requireStripe(context);
  let account = await findPayoutAccount(context.db, user.id);
  if (!account) {
    const created = await stripe.createAccount(user.id, user.email);
    account = await insertPayoutAccount(context.db, user.id, created, context.clock.now());
    if (!account) throw new Error("payout account row missing after insert");
  }
  const url = await stripe.createAccountLink(
    account.accountId,
    walletUrl(context, requestOrigin, "refresh"),
    walletUrl(context, requestOrigin, "return"),
  );
  return { url };
}

/** GET /api/payouts/account: the state the last `account.updated` described ("none" before connecting). */
export async function getPayoutAccount(context: AppContext, user: UserRow): Promise<PayoutAccountView> {
  return presentPayoutAccount(await findPayoutAccount(context.db, user.id));
}

/**
 * POST /api/payouts/account/refresh: the account as Stripe describes it now, stored as `account.updated` would
 * store it. The wallet asks when Stripe sends the creator back, so the status is right even before (or without)
 * the webhook; a later `account.updated` overwrites it as usual. No account yet: "none", and no call to Stripe.
 */
export async function refreshPayoutAccount(context: AppContext, user: UserRow): Promise<PayoutAccountView> {
  const stripe = requireStripe(context);
  const account = await findPayoutAccount(context.db, user.id);
  if (!account) return presentPayoutAccount(undefined);
  const current = await stripe.retrieveAccount(account.accountId);
  await updatePayoutAccountFromStripe(context.db, current, context.clock.now());
  return presentPayoutAccount(await findPayoutAccount(context.db, user.id));
}

/** POST /api/payouts/dashboard: a one-time sign-in link to the creator's Stripe Express dashboard. */
export async function createDashboardLink(context: AppContext, user: UserRow): Promise<{ url: string }> {
  const stripe = requireStripe(context);
  const account = await findPayoutAccount(context.db, user.id);
  if (!account) throw conflict(PAYOUT_TEXTS.noPayoutAccount, "NO_PAYOUT_ACCOUNT");
  return { url: await stripe.createDashboardLink(account.accountId) };
}
