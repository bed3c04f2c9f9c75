// Texts, constants and pure rules of payments: no zod, so the web app's first screen can import them without
// evaluating schemas. The schemas are in ./payments.ts, which re-exports all of this.

import { TIP_MINIMUM_DOLLARS } from "./constants";
import { formatCents, formatDollars } from "./money";
import type { ProfileType } from "./users.texts";

export const PAYMENT_METHODS = ["card", "paypal", "apple"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  card: "Card",
  paypal: "PayPal",
  apple: "Apple Pay",
};

export const TIP_TEXTS = {
  invalidAmount: "Invalid amount: Please enter a valid tip amount.",
  invalidAmountTitle: "Invalid amount",
  /** docs/PRODUCT.md §9: tips start at $1.00; the server refuses less with this text. */
  belowMinimum: `The minimum tip is ${formatDollars(TIP_MINIMUM_DOLLARS)}`,
  rateLimited: "You are sending tips too quickly. Please wait a minute and try again.",
  sent: "Tip sent!",
  failed: "Failed to send tip. Please try again.",
} as const;

export { dollarsToCents, formatCents, formatDollars, formatSignedCents } from "./money";

/**
 * Who sells access (docs/PRODUCT.md "Fidelity fixes"): subscriptions and pay-per-view or subscriber posts belong to
 * creator profiles only. Tips stay open to every profile (docs/PRODUCT.md §5).
 */
export function canSellAccess(profileType: ProfileType): boolean {
  return profileType === "creator";
}

/** The request header that makes a money call safe to retry (docs/PRODUCT.md "Money"). */
export const IDEMPOTENCY_KEY_HEADER = "idempotency-key";
export const IDEMPOTENCY_KEY_MAX_LENGTH = 255;

/** Monthly subscription price a creator may set, in cents ($1.00–$500.00). */
export const SUBSCRIPTION_PRICE_CENTS = { min: 100, max: 50_000 } as const;

/** Messages of the money calls, shown by the client as the server sends them. */
export const PAYMENT_MESSAGES = {
  cardDeclined: "Your card was declined. Please use another card or payment method.",
  cannotTipSelf: "You cannot tip yourself",
  receiverNotFound: "User not found",
  receiverUnavailable: "This user cannot receive tips right now",
  tipBlocked: "You cannot tip this user",
  postNotFound: "Post not found",
  notPayPerView: "This post is not pay-per-view",
  ownPost: "You cannot unlock your own post",
  priceMismatch: "The amount does not match the post's price",
  unlockBlocked: "You cannot unlock this post",
  creatorNotFound: "Creator not found",
  cannotSubscribeSelf: "You cannot subscribe to yourself",
  creatorUnavailable: "This creator cannot accept subscriptions right now",
  notACreator: "Only creator profiles can be subscribed to",
  unlockUnavailable: "This creator cannot receive payments right now",
  unlockInProgress: "Your payment for this post is still going through. The post opens as soon as it does.",
  subscribeInProgress:
    "Your payment for this subscription is still going through. It starts as soon as the payment does.",
  subscribeBlocked: "You cannot subscribe to this creator",
  noActiveSubscription: "You have no active subscription to this creator",
  creatorsOnly: "Only creators can set a subscription price",
  subscriptionPriceRange: "The monthly price must be between $1.00 and $500.00",
  idempotencyKeyInvalid: "The Idempotency-Key header must be 1 to 255 characters",
  idempotencyKeyReused: "This Idempotency-Key was already used for a different request",
  subscribed: "Subscribed! You can now view this creator's subscriber posts.",
  subscribeFailed: "Failed to subscribe. Please try again.",
  subscriptionCancelled: "Subscription cancelled. You keep access until the end of the paid period.",
  priceSaved: "Subscription price saved",
} as const;

export const UNLOCK_TEXTS = {
  unlocked: "Content unlocked! You can now view this exclusive content.",
  failed: "Failed to unlock content. Please try again.",
} as const;

/**
 * The "no platform cut" statement of every payment dialog (docs/PRODUCT.md §1: creators keep everything), written to the
 * person paying: it is the creator, not the payer, who keeps it all.
 */
export function creatorReceivesText(
  amountCents: number | null,
  creatorName = "the creator",
  /** Stripe: the card processor's fee comes out of the payment (the creator is the merchant), Plaza's cut stays 0. */
  hasCardFees = false,
): string {
  if (hasCardFees) {
    return amountCents !== null && amountCents > 0
      ? `${PROCESSOR_FEE_TEXT}: ${creatorName} receives ${formatCents(amountCents)} less the card fee.`
      : `${PROCESSOR_FEE_TEXT}.`;
  }
  return amountCents !== null && amountCents > 0
    ? `${NO_PLATFORM_FEE_TEXT}: ${creatorName} receives all ${formatCents(amountCents)}.`
    : `${NO_PLATFORM_FEE_TEXT}: ${creatorName} receives the whole amount.`;
}

export const TRANSACTION_KINDS = ["tip", "ppv_unlock", "subscription", "ticket"] as const;
export type TransactionKind = (typeof TRANSACTION_KINDS)[number];
export const TRANSACTION_KIND_LABELS: Record<TransactionKind, string> = {
  tip: "Tip",
  ppv_unlock: "Pay-per-view unlock",
  subscription: "Subscription",
  ticket: "Event ticket",
};

/**
 * A wallet line's title: "Tip from @fan", and for its reversal (a refund or a dispute lost, a negative line) "Tip
 * returned to @fan", so the minus sign is not the only thing that tells them apart.
 */
export function walletLineTitle(kind: TransactionKind, amountCents: number, payerUsername: string | null): string {
  const label = TRANSACTION_KIND_LABELS[kind];
  if (amountCents < 0) return payerUsername ? `${label} returned to @${payerUsername}` : `${label} returned`;
  return payerUsername ? `${label} from @${payerUsername}` : label;
}

export const SUBSCRIPTION_STATUSES = ["active", "cancelled", "expired"] as const;

/** The fee statement of every screen that shows a price when payments go through a processor. */
export const PROCESSOR_FEE_TEXT = "No platform fee; card fees are deducted";

/** The same statement with the built-in test provider, which charges no card fee: Plaza's cut is 0 either way. */
export const NO_PLATFORM_FEE_TEXT = "No platform fee";

/**
 * The fee line beside every price shown to a payer (Subscribe, Unlock, /pay/{id}) or set by a creator (the
 * subscription price, a post's pay-per-view price): one wording for both, by how this server takes payments.
 */
export function priceFeeText(hasCardFees: boolean): string {
  return hasCardFees ? PROCESSOR_FEE_TEXT : NO_PLATFORM_FEE_TEXT;
}

/** A payment's state (processor payments: settled by the processor's webhooks). */
export const PROCESSOR_PAYMENT_STATUSES = [
  "requires_payment",
  "processing",
  "succeeded",
  "failed",
  "refunded",
] as const;
export type ProcessorPaymentStatus = (typeof PROCESSOR_PAYMENT_STATUSES)[number];

/** The live event sent to the payer when a payment changes state. */
export const PAYMENT_UPDATED_EVENT = "payment.updated";

/**
 * 202 of a money call with a processor (paymentStartedView in ./payments.ts parses to exactly this; a test keeps them
 * equal): confirm `clientSecret` in the browser (Stripe's Payment Element).
 */
export interface PaymentStartedView {
  paymentId: string;
  status: "requires_payment";
  clientSecret: string;
  /** The creator's connected account the browser's Stripe.js must be initialised with (a direct charge). */
  stripeAccount: string;
}

/** A money call's answer with Stripe: the payment waits for the browser to confirm it (202). */
export function isPaymentStarted(answer: unknown): answer is PaymentStartedView {
  return typeof answer === "object" && answer !== null && "clientSecret" in answer && "paymentId" in answer;
}

/** The checkout step of every payment dialog with Stripe (the Payment Element) and the /pay/{id} page. */
export const CHECKOUT_TEXTS = {
  continue: "Continue to payment",
  pay: (amountCents: number) => `Pay ${formatCents(amountCents)}`,
  paying: "Paying...",
  formLoading: "Loading the payment form...",
  formFailed: "The payment form could not load. Check your connection and try again.",
  confirming: "Confirming your payment with your bank...",
  failed: "The payment didn't go through. No money was taken; you can try again.",
  refunded: "This payment was refunded.",
  succeeded: "Payment received",
  tryAgain: "Try again",
  /** /pay/{id}: a renewal (or any payment) that needs the payer. */
  payPageTitle: "Complete your payment",
  payPageDescription: (amountCents: number, payeeName: string, kind: TransactionKind) =>
    kind === "subscription"
      ? `Your ${formatCents(amountCents)} monthly subscription to ${payeeName} needs you to confirm the payment.`
      : `Confirm your ${formatCents(amountCents)} payment to ${payeeName}.`,
  paid: "This payment is complete. Thank you!",
  notFound: "This payment link is not yours or no longer exists.",
} as const;

/** What the subscribe dialog says about renewing and cancelling (Patreon and app stores say it before the payment). */
export function subscriptionTermsText(priceCents: number | null): string {
  const price = priceCents ? `${formatCents(priceCents)} a month` : "Monthly";
  return `${price}, renewing automatically each month until you cancel. Cancel any time in your Wallet under "Your subscriptions"; you keep access until the paid month ends.`;
}

export const PAYOUT_STATUSES = ["none", "pending", "active", "restricted"] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];

/** What Stripe says of a connected account (the server's payout_accounts row), as payoutStatusOf reads it. */
export interface PayoutAccountState {
  chargesEnabled: boolean;
  payoutsEnabled: boolean;
  detailsSubmitted: boolean;
  disabledReason: string | null;
  requirements: readonly string[];
}

/**
 * none: no account; active: charges and payouts enabled; restricted: Stripe disabled it (or requirements are past
 * due) after details were submitted; pending: onboarding not finished.
 */
export function payoutStatusOf(row: PayoutAccountState | undefined): PayoutStatus {
  if (!row) return "none";
  if (row.chargesEnabled && row.payoutsEnabled) return "active";
  if (row.detailsSubmitted && (row.disabledReason !== null || row.requirements.length > 0)) return "restricted";
  return "pending";
}

export const PAYOUT_TEXTS = {
  cannotReceiveYet: (name: string) => `${name} can't receive payments yet`,
  notConfigured: "Payouts need Stripe, which this server does not use",
  paymentNotFound: "Payment not found",
  noPayoutAccount: "Connect your Stripe account first",
} as const;
