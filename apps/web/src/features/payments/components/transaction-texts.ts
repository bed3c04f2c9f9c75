import type { PaymentMethod, TransactionKind } from "@plaza/contracts/payments.texts";
import { defineMessages, type IntlShape } from "react-intl";

// The web's own words for the contracts' payment labels (TRANSACTION_KIND_LABELS, walletLineTitle,
// PAYMENT_METHOD_LABELS), the same English, in the page's language.

export const TRANSACTION_KIND_MESSAGES = defineMessages({
  tip: { id: "payments.transactionKind.tip", defaultMessage: "Tip" },
  ppv_unlock: { id: "payments.transactionKind.ppvUnlock", defaultMessage: "Pay-per-view unlock" },
  subscription: { id: "payments.transactionKind.subscription", defaultMessage: "Subscription" },
  ticket: { id: "payments.transactionKind.ticket", defaultMessage: "Event ticket" },
} satisfies Record<TransactionKind, unknown>);

/** A wallet line's title, by kind and direction: "Tip from @fan", its reversal "Tip returned to @fan". */
const WALLET_LINE_MESSAGES = {
  from: defineMessages<Record<TransactionKind, { username: string }>>({
    tip: { id: "payments.walletLine.tipFrom", defaultMessage: "Tip from @{username}" },
    ppv_unlock: { id: "payments.walletLine.ppvUnlockFrom", defaultMessage: "Pay-per-view unlock from @{username}" },
    subscription: { id: "payments.walletLine.subscriptionFrom", defaultMessage: "Subscription from @{username}" },
    ticket: { id: "payments.walletLine.ticketFrom", defaultMessage: "Event ticket from @{username}" },
  }),
  returnedTo: defineMessages<Record<TransactionKind, { username: string }>>({
    tip: { id: "payments.walletLine.tipReturnedTo", defaultMessage: "Tip returned to @{username}" },
    ppv_unlock: {
      id: "payments.walletLine.ppvUnlockReturnedTo",
      defaultMessage: "Pay-per-view unlock returned to @{username}",
    },
    subscription: {
      id: "payments.walletLine.subscriptionReturnedTo",
      defaultMessage: "Subscription returned to @{username}",
    },
    ticket: { id: "payments.walletLine.ticketReturnedTo", defaultMessage: "Event ticket returned to @{username}" },
  }),
  returned: defineMessages({
    tip: { id: "payments.walletLine.tipReturned", defaultMessage: "Tip returned" },
    ppv_unlock: { id: "payments.walletLine.ppvUnlockReturned", defaultMessage: "Pay-per-view unlock returned" },
    subscription: { id: "payments.walletLine.subscriptionReturned", defaultMessage: "Subscription returned" },
    ticket: { id: "payments.walletLine.ticketReturned", defaultMessage: "Event ticket returned" },
  } satisfies Record<TransactionKind, unknown>),
};

/** The contracts' walletLineTitle in the page's language (the same English). */
export function walletLineTitleText(
  intl: IntlShape,
  kind: TransactionKind,
  amountCents: number,
  payerUsername: string | null,
): string {
  if (amountCents < 0) {
    return payerUsername
      ? intl.formatMessage(WALLET_LINE_MESSAGES.returnedTo[kind], { username: payerUsername })
      : intl.formatMessage(WALLET_LINE_MESSAGES.returned[kind]);
  }
  return payerUsername
    ? intl.formatMessage(WALLET_LINE_MESSAGES.from[kind], { username: payerUsername })
    : intl.formatMessage(TRANSACTION_KIND_MESSAGES[kind]);
}

export const PAYMENT_METHOD_MESSAGES = defineMessages({
  card: { id: "payments.paymentMethod.card", defaultMessage: "Card" },
  paypal: { id: "payments.paymentMethod.paypal", defaultMessage: "PayPal" },
  apple: { id: "payments.paymentMethod.apple", defaultMessage: "Apple Pay" },
} satisfies Record<PaymentMethod, unknown>);
