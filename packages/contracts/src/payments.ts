import { z } from "zod";
import { TIP_MINIMUM_DOLLARS } from "./constants";
import {
  dollarsToCents,
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_MAX_LENGTH,
  PAYMENT_MESSAGES,
  PAYMENT_METHODS,
  PAYOUT_STATUSES,
  PROCESSOR_PAYMENT_STATUSES,
  SUBSCRIPTION_PRICE_CENTS,
  SUBSCRIPTION_STATUSES,
  TIP_TEXTS,
  TRANSACTION_KINDS,
} from "./payments.texts";
import { userSummaryView } from "./users";

export * from "./payments.texts";

export const paymentMethod = z.enum(PAYMENT_METHODS);

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

/** 202 of a money call with a processor: confirm `clientSecret` in the browser (Stripe's Payment Element). */
export const paymentStartedView = z.object({
  paymentId: z.uuid(),
  status: z.literal("requires_payment"),
  clientSecret: z.string(),
  /** The creator's connected account the browser's Stripe.js must be initialised with (a direct charge). */
  stripeAccount: z.string(),
});

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

/**
 * GET /api/payouts/readiness/{userId}: whether money can reach this person now through the configured provider
 * (with Stripe, an active connected account), so a pay button says so before it is pressed.
 */
export const payeeReadinessView = z.object({
  canReceive: z.boolean(),
  /** Why not, as the payment itself would answer it ("Kai Nakamura can't receive payments yet"). */
  message: z.string().nullable(),
});
export type PayeeReadinessView = z.infer<typeof payeeReadinessView>;
