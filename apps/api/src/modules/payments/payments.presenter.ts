import type {
  PaymentMethod,
  PpvUnlockView,
  SpendingLineView,
  SubscriberView,
  SubscriptionView,
  TipView,
  WalletLineView,
} from "@plaza/contracts/payments";
import type { UserSummaryRow } from "../users/user-summary.repository";
import { presentUserSummary } from "../users/users.presenter";
import type { LedgerTransactionRow, SpendingLineRow, WalletLineRow } from "./ledger.repository";
import type { PpvUnlockRow, SubscriptionRow } from "./payments.repository";

/** True while the subscriber may see the creator's subscriber posts: a paid period that has not ended. */
export function hasSubscriptionAccess(subscription: SubscriptionRow, now: Date): boolean {
  return subscription.status !== "expired" && subscription.currentPeriodEnd.getTime() > now.getTime();
}

export function presentTip(transaction: LedgerTransactionRow, receiverId: string): TipView {
  return {
    id: transaction.id,
    receiverId,
    amountCents: transaction.amountCents,
    creatorReceivesCents: transaction.amountCents,
    message: transaction.message,
    paymentMethod: transaction.paymentMethod as PaymentMethod,
    createdAt: transaction.createdAt.toISOString(),
  };
}

export function presentPpvUnlock(unlock: PpvUnlockRow, amountCents: number): PpvUnlockView {
  return {
    postId: unlock.postId,
    transactionId: unlock.transactionId,
    amountCents,
    isLocked: false,
    unlockedAt: unlock.createdAt.toISOString(),
  };
}

export function presentSubscription(subscription: SubscriptionRow, now: Date): SubscriptionView {
  return {
    id: subscription.id,
    creatorId: subscription.creatorId,
    priceCents: subscription.priceCents,
    status: subscription.status === "expired" ? "expired" : subscription.cancelledAt ? "cancelled" : "active",
    hasAccess: hasSubscriptionAccess(subscription, now),
    willRenew: subscription.status === "active" && subscription.cancelledAt === null,
    currentPeriodStart: subscription.currentPeriodStart.toISOString(),
    currentPeriodEnd: subscription.currentPeriodEnd.toISOString(),
  };
}

export function presentWalletLine(line: WalletLineRow): WalletLineView {
  return {
    id: line.id,
    kind: line.kind,
    amountCents: line.amountCents,
    payer: line.payerId && line.payerUsername ? { id: line.payerId, username: line.payerUsername } : null,
    postId: line.postId,
    message: line.message,
    paymentMethod: line.paymentMethod,
    createdAt: line.createdAt.toISOString(),
  };
}

export function presentSpendingLine(line: SpendingLineRow): SpendingLineView {
  return {
    id: line.id,
    kind: line.kind,
    amountCents: line.amountCents,
    payee: line.payeeId && line.payeeUsername ? { id: line.payeeId, username: line.payeeUsername } : null,
    postId: line.postId,
    message: line.message,
    paymentMethod: line.paymentMethod,
    createdAt: line.createdAt.toISOString(),
  };
}

export function presentSubscriber(
  row: { subscription: SubscriptionRow; subscriber: UserSummaryRow },
  now: Date,
): SubscriberView {
  const view = presentSubscription(row.subscription, now);
  return {
    subscriptionId: row.subscription.id,
    subscriber: presentUserSummary(row.subscriber),
    priceCents: view.priceCents,
    status: view.status,
    willRenew: view.willRenew,
    currentPeriodEnd: view.currentPeriodEnd,
    since: row.subscription.createdAt.toISOString(),
  };
}
