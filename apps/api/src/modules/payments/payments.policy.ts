import { canSellAccess, type TransactionKind } from "@plaza/contracts/payments";
import type { ProfileType } from "@plaza/contracts/users";

/** The facts about a payee that decide whether money may reach them. */
export interface Payee {
  profileType: ProfileType;
  isSuspended: boolean;
  suspendedUntil: Date | null;
  /** True from the moment a deletion is asked for, through its grace period, and after the purge. */
  isDeleted: boolean;
}

/** Why a payment to someone is refused; null when it may go ahead. */
export type PayeeRefusal = "deleted" | "suspended" | "blocked" | "notCreator";

/**
 * The one "can receive money" rule (docs/PRODUCT.md "Fidelity fixes"), asked by every money path: tips, pay-per-view
 * unlocks, new subscriptions and subscription renewals.
 *
 * - Nobody pays a deleted account, including one in its deletion grace period: its owner asked to leave (or an
 *   administrator removed it), and money sent now would land in a wallet that is about to be anonymised.
 * - Nobody pays a suspended account while the suspension lasts (a suspension with `suspendedUntil` in the past has
 *   lifted, even before its owner signs in again and the flag is cleared).
 * - Nobody pays across a block, whichever side blocked.
 * - Unlocks and subscriptions sell access, which only creator profiles do (`canSellAccess`); tips go to anyone, and
 *   so does the price of an event's ticket (anyone may host).
 */
/** A suspension that still holds at `now` (one whose `suspendedUntil` passed has lifted). */
export function isSuspendedAt(account: Pick<Payee, "isSuspended" | "suspendedUntil">, now: Date): boolean {
  return account.isSuspended && (account.suspendedUntil === null || account.suspendedUntil.getTime() > now.getTime());
}

export function payeeRefusal(
  payee: Payee,
  kind: TransactionKind,
  facts: { isBlockedEitherWay: boolean; now: Date },
): PayeeRefusal | null {
  if (payee.isDeleted) return "deleted";
  if (isSuspendedAt(payee, facts.now)) return "suspended";
  if (facts.isBlockedEitherWay) return "blocked";
  if (kind !== "tip" && kind !== "ticket" && !canSellAccess(payee.profileType)) return "notCreator";
  return null;
}
