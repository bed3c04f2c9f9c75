import { z } from "zod";
import { TIP_MINIMUM_DOLLARS } from "./constants";
import { type ProfileType, userSummaryView } from "./users";

export const PAYMENT_METHODS = ["card", "paypal", "apple"] as const;
export const paymentMethod = z.enum(PAYMENT_METHODS);
export type PaymentMethod = z.infer<typeof paymentMethod>;
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  card: "Card",
  paypal: "PayPal",
  apple: "Apple Pay",
};

export const TIP_TEXTS = {
  invalidAmount: "Invalid amount: Please enter a valid tip amount.",
  invalidAmountTitle: "Invalid amount",
  /** docs/PRODUCT.md §9: tips start at $1.00; the server refuses less with this text. */
  belowMinimum: `The minimum tip is $${TIP_MINIMUM_DOLLARS.toFixed(2)}`,
  rateLimited: "You are sending tips too quickly. Please wait a minute and try again.",
  sent: "Tip sent!",
  failed: "Failed to send tip. Please try again.",
} as const;

/** Dollars as typed → integer cents; money never travels as a float past this point. */
export function dollarsToCents(dollars: number): number {
  return Math.round(dollars * 100);
}
const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });

/** "$12.50", "$1,250.00": Plaza's prices are in US dollars, written as Americans read them. */
export function formatCents(cents: number): string {
  return usd.format(cents / 100);
}

const tipAmount = z
  .number(TIP_TEXTS.invalidAmount)
  // Greater than 0 once in cents: 1e-300 passed "> 0" and "2 decimals" and reached the ledger as 0 (a 500).
  .refine((value) => Number.isFinite(value) && dollarsToCents(value) > 0, TIP_TEXTS.invalidAmount)
  .refine((value) => !(value > 0) || value >= TIP_MINIMUM_DOLLARS, TIP_TEXTS.belowMinimum)
  .refine((value) => value <= 10_000, "Tips are limited to $10,000")
  .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, "Amounts have at most 2 decimals");

/** POST /api/tips (docs/PRODUCT.md §5 "Tip"). */
export const tipBody = z.object({
  receiverId: z.uuid("Invalid receiver"),
  amount: tipAmount,
  message: z.string().trim().max(500, "Message too long").optional(),
  paymentMethod: paymentMethod.default("card"),
  cardLast4: z
    .string()
    .regex(/^\d{4}$/, "Enter the last 4 digits of the card")
    .optional(),
});
export type TipBody = z.infer<typeof tipBody>;

/**
 * Who sells access (docs/PRODUCT.md "Fidelity fixes"): subscriptions and pay-per-view or subscriber posts belong to
 * creator profiles only. Tips stay open to every profile (docs/PRODUCT.md §5).
 */
export function canSellAccess(profileType: ProfileType): boolean {
  return profileType === "creator";
}

/** POST /api/ppv-unlocks: `amount` must equal the post's own price. */
export const ppvUnlockBody = z.object({
  postId: z.uuid("Invalid post id"),
  amount: z.number("Invalid amount").positive("Invalid amount"),
  paymentMethod: paymentMethod.default("card"),
  cardLast4: z
    .string()
    .regex(/^\d{4}$/, "Enter the last 4 digits of the card")
    .optional(),
});
export type PpvUnlockBody = z.infer<typeof ppvUnlockBody>;

/** The request header that makes a money call safe to retry (docs/PRODUCT.md "Money"). */
export const IDEMPOTENCY_KEY_HEADER = "idempotency-key";
export const IDEMPOTENCY_KEY_MAX_LENGTH = 255;

/** The money calls' optional request header, as the API documentation shows it. */
export const idempotencyKeyHeaders = z.object({
  [IDEMPOTENCY_KEY_HEADER]: z
    .string()
    .min(1)
    .max(IDEMPOTENCY_KEY_MAX_LENGTH)
    .optional()
    .describe(
      "Makes the call safe to retry: a repeat with the same key and body replays the first answer " +
        "(with `Idempotent-Replayed: true`); the same key with another body is refused with 409.",
    ),
});

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
    ? `No platform fee: ${creatorName} receives all ${formatCents(amountCents)}.`
    : `No platform fee: ${creatorName} receives the whole amount.`;
}

const cardLast4 = z.string().regex(/^\d{4}$/, "Enter the last 4 digits of the card");

/** POST /api/subscriptions: one month at the creator's current price. */
export const subscribeBody = z.object({
  creatorId: z.uuid("Invalid creator id"),
  paymentMethod: paymentMethod.default("card"),
  cardLast4: cardLast4.optional(),
});
export type SubscribeBody = z.infer<typeof subscribeBody>;

/** PATCH /api/users/subscription-price: `price` in dollars, as the form shows it. */
export const subscriptionPriceBody = z.object({
  price: z
    .number(PAYMENT_MESSAGES.subscriptionPriceRange)
    .refine(
      (value) =>
        Number.isFinite(value) &&
        Math.round(value * 100) >= SUBSCRIPTION_PRICE_CENTS.min &&
        Math.round(value * 100) <= SUBSCRIPTION_PRICE_CENTS.max,
      PAYMENT_MESSAGES.subscriptionPriceRange,
    )
    .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, "Amounts have at most 2 decimals"),
});
export type SubscriptionPriceBody = z.infer<typeof subscriptionPriceBody>;

export const subscriptionPriceView = z.object({ subscriptionPriceCents: z.number().int() });

export const TRANSACTION_KINDS = ["tip", "ppv_unlock", "subscription"] as const;
export type TransactionKind = (typeof TRANSACTION_KINDS)[number];
export const TRANSACTION_KIND_LABELS: Record<TransactionKind, string> = {
  tip: "Tip",
  ppv_unlock: "Pay-per-view unlock",
  subscription: "Subscription",
};

/** Answer to POST /api/tips. */
export const tipView = z.object({
  id: z.uuid(),
  receiverId: z.uuid(),
  amountCents: z.number().int(),
  creatorReceivesCents: z.number().int(),
  message: z.string().nullable(),
  paymentMethod,
  createdAt: z.string(),
});
export type TipView = z.infer<typeof tipView>;

/** Answer to POST /api/ppv-unlocks. */
export const ppvUnlockView = z.object({
  postId: z.uuid(),
  transactionId: z.uuid(),
  amountCents: z.number().int(),
  isLocked: z.literal(false),
  unlockedAt: z.string(),
});
export type PpvUnlockView = z.infer<typeof ppvUnlockView>;

export const SUBSCRIPTION_STATUSES = ["active", "cancelled", "expired"] as const;

/** A subscription as its subscriber sees it. */
export const subscriptionView = z.object({
  id: z.uuid(),
  creatorId: z.uuid(),
  priceCents: z.number().int(),
  status: z.enum(SUBSCRIPTION_STATUSES),
  /** True while the subscriber may see subscriber posts (a cancelled subscription keeps access until the end). */
  hasAccess: z.boolean(),
  willRenew: z.boolean(),
  currentPeriodStart: z.string(),
  currentPeriodEnd: z.string(),
});
export type SubscriptionView = z.infer<typeof subscriptionView>;

/** GET /api/subscriptions/status/{creatorId}: the creator's current price and the viewer's subscription. */
export const subscriptionStatusView = z.object({
  creatorId: z.uuid(),
  priceCents: z.number().int(),
  isSubscribed: z.boolean(),
  subscription: subscriptionView.nullable(),
});
export type SubscriptionStatusView = z.infer<typeof subscriptionStatusView>;

/** One line of the wallet: money the signed-in user received. */
export const walletLineView = z.object({
  id: z.uuid(),
  kind: z.enum(TRANSACTION_KINDS),
  amountCents: z.number().int(),
  payer: z.object({ id: z.uuid(), username: z.string() }).nullable(),
  postId: z.uuid().nullable(),
  message: z.string().nullable(),
  paymentMethod: z.string(),
  createdAt: z.string(),
});
export type WalletLineView = z.infer<typeof walletLineView>;

const totalsByKind = z.object({
  tipsCents: z.number().int(),
  ppvCents: z.number().int(),
  subscriptionsCents: z.number().int(),
});

export const walletView = z.object({
  balanceCents: z.number().int(),
  currency: z.literal("USD"),
  earnings: totalsByKind,
  /** What the signed-in user paid others (by card or wallet provider), by kind: a record, not a balance. */
  spending: totalsByKind.extend({ totalCents: z.number().int() }),
  recentLines: z.array(walletLineView),
});

/** GET /api/wallet/spending: one payment the signed-in user made, newest first. */
export const spendingLineView = z.object({
  id: z.uuid(),
  kind: z.enum(TRANSACTION_KINDS),
  amountCents: z.number().int(),
  payee: z.object({ id: z.uuid(), username: z.string() }).nullable(),
  postId: z.uuid().nullable(),
  message: z.string().nullable(),
  paymentMethod: z.string(),
  createdAt: z.string(),
});
export type SpendingLineView = z.infer<typeof spendingLineView>;

/** GET /api/subscriptions/subscribers: who subscribes to the signed-in creator, newest first. */
export const subscriberView = z.object({
  subscriptionId: z.uuid(),
  subscriber: userSummaryView,
  priceCents: z.number().int(),
  status: z.enum(SUBSCRIPTION_STATUSES),
  willRenew: z.boolean(),
  currentPeriodEnd: z.string(),
  since: z.string(),
});
export type SubscriberView = z.infer<typeof subscriberView>;
export type WalletView = z.infer<typeof walletView>;

/** GET /api/subscriptions: the signed-in user's subscriptions, newest first, with whom they support. */
export const mySubscriptionView = subscriptionView.extend({
  creator: z.object({ id: z.uuid(), username: z.string(), firstName: z.string().nullable() }),
});
export type MySubscriptionView = z.infer<typeof mySubscriptionView>;

/** The fee statement of every screen that shows a price when payments go through a processor. */
export const PROCESSOR_FEE_TEXT = "No platform fee; card fees are deducted";

/** A payment's state (processor payments: settled by the processor's webhooks). */
export const PROCESSOR_PAYMENT_STATUSES = [
  "requires_payment",
  "processing",
  "succeeded",
  "failed",
  "refunded",
] as const;
export type ProcessorPaymentStatus = (typeof PROCESSOR_PAYMENT_STATUSES)[number];

/** 202 of a money call with a processor: confirm `clientSecret` in the browser (Stripe's Payment Element). */
export const paymentStartedView = z.object({
  paymentId: z.uuid(),
  status: z.literal("requires_payment"),
  clientSecret: z.string(),
  /** The creator's connected account the browser's Stripe.js must be initialised with (a direct charge). */
  stripeAccount: z.string(),
});
export type PaymentStartedView = z.infer<typeof paymentStartedView>;

/** GET /api/payments/{paymentId}: for its payer only. */
export const paymentView = z.object({
  paymentId: z.uuid(),
  kind: z.enum(TRANSACTION_KINDS),
  status: z.enum(PROCESSOR_PAYMENT_STATUSES),
  amountCents: z.number().int(),
  payeeId: z.uuid(),
  postId: z.uuid().nullable(),
  /** While it still needs the payer (e.g. a renewal needing authentication): what the browser confirms. */
  clientSecret: z.string().nullable(),
  stripeAccount: z.string(),
});
export type PaymentView = z.infer<typeof paymentView>;

/** The live event sent to the payer when a payment changes state. */
export const PAYMENT_UPDATED_EVENT = "payment.updated";

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

/** GET /api/payouts/account. */
export const payoutAccountView = z.object({
  status: z.enum(PAYOUT_STATUSES),
  chargesEnabled: z.boolean(),
  payoutsEnabled: z.boolean(),
  /** What Stripe still needs from the creator (Stripe's requirement names). */
  requirements: z.array(z.string()),
});
export type PayoutAccountView = z.infer<typeof payoutAccountView>;

export const payoutLinkView = z.object({ url: z.string() });

export const PAYOUT_TEXTS = {
  cannotReceiveYet: (name: string) => `${name} can't receive payments yet`,
  notConfigured: "Payouts need Stripe, which this server does not use",
  paymentNotFound: "Payment not found",
  noPayoutAccount: "Connect your Stripe account first",
} as const;
