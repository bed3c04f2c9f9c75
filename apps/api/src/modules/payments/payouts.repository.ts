import { type PayoutAccountView, payoutStatusOf } from "@plaza/contracts/payments";
import { eq } from "drizzle-orm";
import type Stripe from "stripe";
import type { Executor } from "../../db/client";
import { payoutAccounts } from "../../db/schema/payments";

export type PayoutAccountRow = typeof payoutAccounts.$inferSelect;

export async function findPayoutAccount(db: Executor, userId: string): Promise<PayoutAccountRow | undefined> {
  const [row] = await db.select().from(payoutAccounts).where(eq(payoutAccounts.userId, userId));
  return row;
}

/** Records a user's connected account once (a second creator of the same row does nothing). */
export async function insertPayoutAccount(db: Executor, userId: string, account: Stripe.Account, now: Date) {
  await db
    .insert(payoutAccounts)
    .values({ userId, accountId: account.id, ...stateOf(account), createdAt: now, updatedAt: now })
    .onConflictDoNothing();
  return findPayoutAccount(db, userId);
}

function stateOf(account: Stripe.Account) {
  const requirements = account.requirements;
  const missing = [...(requirements?.past_due ?? []), ...(requirements?.currently_due ?? [])];
  return {
    chargesEnabled: account.charges_enabled === true,
    payoutsEnabled: account.payouts_enabled === true,
    detailsSubmitted: account.details_submitted === true,
    disabledReason: requirements?.disabled_reason ?? null,
    requirements: [...new Set(missing)],
  };
}

/** `account.updated`: the account's state as Stripe now describes it (unknown accounts are ignored). */
export async function updatePayoutAccountFromStripe(db: Executor, account: Stripe.Account, now: Date): Promise<void> {
  await db
    .update(payoutAccounts)
    .set({ ...stateOf(account), updatedAt: now })
    .where(eq(payoutAccounts.accountId, account.id));
}

export function presentPayoutAccount(row: PayoutAccountRow | undefined): PayoutAccountView {
  return {
    status: payoutStatusOf(row),
    chargesEnabled: row?.chargesEnabled ?? false,
    payoutsEnabled: row?.payoutsEnabled ?? false,
    requirements: row?.requirements ?? [],
  };
}
