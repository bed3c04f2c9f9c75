import type { AppContext } from "../../src/app-context";
import { ledgerTransactions, ppvUnlocks, subscriptions } from "../../src/db/schema/payments";

/** A paid unlock of a pay-per-view post (its ledger transaction and the unlock), written straight to the database. */
export async function insertUnlock(context: AppContext, userId: string, postId: string, payeeId: string) {
  const [transaction] = await context.db
    .insert(ledgerTransactions)
    .values({
      kind: "ppv_unlock",
      payerId: userId,
      payeeId,
      amountCents: 500,
      paymentMethod: "card",
      provider: "test",
      postId,
    })
    .returning({ id: ledgerTransactions.id });
  if (!transaction) throw new Error("insertUnlock returned no row");
  await context.db.insert(ppvUnlocks).values({ userId, postId, transactionId: transaction.id });
}

/** A subscription of `subscriberId` to `creatorId` that runs until `currentPeriodEnd`. */
export async function insertSubscription(
  context: AppContext,
  subscriberId: string,
  creatorId: string,
  currentPeriodEnd: Date,
): Promise<void> {
  await context.db.insert(subscriptions).values({
    subscriberId,
    creatorId,
    priceCents: 1200,
    currentPeriodStart: context.clock.now(),
    currentPeriodEnd,
  });
}
