import type Stripe from "stripe";
import type { Env } from "../../config/env";

/** The Stripe settings PAYMENT_PROVIDER=stripe requires (env.ts refuses to start without them). */
export interface StripeSettings {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** A Stripe-compatible server (tests, emulators) instead of api.stripe.com. */
  apiUrl: string | undefined;
}

export function stripeSettingsOf(env: Env): StripeSettings {
  const { STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET } = env;
  if (!STRIPE_SECRET_KEY || !STRIPE_PUBLISHABLE_KEY || !STRIPE_WEBHOOK_SECRET) {
    throw new Error(
      "PAYMENT_PROVIDER=stripe needs STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET",
    );
  }
  return {
    secretKey: STRIPE_SECRET_KEY,
    publishableKey: STRIPE_PUBLISHABLE_KEY,
    webhookSecret: STRIPE_WEBHOOK_SECRET,
    apiUrl: env.STRIPE_API_URL,
  };
}

/** The SDK's host/port/protocol for STRIPE_API_URL. */
function clientOptions(apiUrl: string | undefined): Stripe.StripeConfig {
  const base: Stripe.StripeConfig = { maxNetworkRetries: 2, timeout: 20_000, telemetry: false };
  if (!apiUrl) return base;
  const url = new URL(apiUrl);
  const protocol = url.protocol === "http:" ? "http" : "https";
  return { ...base, host: url.hostname, port: url.port || (protocol === "http" ? 80 : 443), protocol };
}

export interface NewIntent {
  /** Plaza's payment id, carried in the intent's metadata. */
  paymentId: string;
  kind: string;
  payerId: string;
  amountCents: number;
  /** The creator's connected account: a direct charge (docs/decisions/0002-stripe-connect.md). */
  connectedAccountId: string;
  /** Stripe's idempotency key (from the request's Idempotency-Key), so a retry gets the same intent. */
  idempotencyKey: string;
  /** Subscriptions save the payment method on the connected account's customer for off-session renewals. */
  customerId?: string;
  description: string;
}

export interface IntentResult {
  id: string;
  status: Stripe.PaymentIntent.Status;
  clientSecret: string | null;
}

/** The SDK's class (its static `errors` included), loaded by `openStripeProvider`. */
type StripeSdk = typeof Stripe;

/**
 * Loads the SDK and makes the provider. Only PAYMENT_PROVIDER=stripe loads it: the SDK is ~10 MB of a process's
 * heap that a server taking no money through Stripe never uses.
 */
export async function openStripeProvider(settings: StripeSettings): Promise<StripePaymentProvider> {
  const { default: sdk } = await import("stripe");
  return new StripePaymentProvider(settings, sdk);
}

/** Stripe through the official SDK. Never called inside a database transaction (it is a network round trip). */
export class StripePaymentProvider {
  readonly name = "stripe";
  readonly mode = "intent" as const;
  readonly client: Stripe;

  constructor(
    readonly settings: StripeSettings,
    private readonly sdk: StripeSdk,
  ) {
    this.client = new sdk(settings.secretKey, clientOptions(settings.apiUrl));
  }

  get publishableKey(): string {
    return this.settings.publishableKey;
  }

  /** One PaymentIntent on the creator's account, in cents and usd, with no application fee: Plaza takes nothing. */
  async createPaymentIntent(intent: NewIntent): Promise<IntentResult> {
    const created = await this.client.paymentIntents.create(
      {
        amount: intent.amountCents,
        currency: "usd",
        automatic_payment_methods: { enabled: true },
        description: intent.description,
        metadata: { plaza_payment_id: intent.paymentId, plaza_kind: intent.kind, plaza_payer_id: intent.payerId },
        ...(intent.customerId ? { customer: intent.customerId, setup_future_usage: "off_session" as const } : {}),
      },
      { stripeAccount: intent.connectedAccountId, idempotencyKey: intent.idempotencyKey },
    );
    return { id: created.id, status: created.status, clientSecret: created.client_secret };
  }

  /**
   * A renewal: charges the saved payment method off-session. A card that needs its holder (3-D Secure, a
   * decline) comes back as an intent that still needs payment, whose client secret the payer can complete.
   */
  async chargeOffSession(intent: NewIntent & { customerId: string; paymentMethodId: string }): Promise<IntentResult> {
    try {
      const created = await this.client.paymentIntents.create(
        {
          amount: intent.amountCents,
          currency: "usd",
          customer: intent.customerId,
          payment_method: intent.paymentMethodId,
          off_session: true,
          confirm: true,
          description: intent.description,
          metadata: { plaza_payment_id: intent.paymentId, plaza_kind: intent.kind, plaza_payer_id: intent.payerId },
        },
        { stripeAccount: intent.connectedAccountId, idempotencyKey: intent.idempotencyKey },
      );
      return { id: created.id, status: created.status, clientSecret: created.client_secret };
    } catch (error) {
      // authentication_required and card declines carry the intent that still needs the payer.
      const pending = error instanceof this.sdk.errors.StripeError ? error.payment_intent : undefined;
      if (!pending) throw error;
      return { id: pending.id, status: pending.status, clientSecret: pending.client_secret };
    }
  }

  /** A customer on the creator's account, once per payer and account (the idempotency key makes it so). */
  async createCustomer(connectedAccountId: string, payerId: string, email: string): Promise<string> {
    const customer = await this.client.customers.create(
      { email, metadata: { plaza_user_id: payerId } },
      { stripeAccount: connectedAccountId, idempotencyKey: `plaza-customer:${payerId}:${connectedAccountId}` },
    );
    return customer.id;
  }

  /**
   * Refunds a payment in full on the creator's account, once (the idempotency key); Stripe then sends
   * `charge.refunded`, which reverses it in the ledger.
   */
  async refundPayment(refund: {
    intentId: string;
    connectedAccountId: string;
    paymentId: string;
    reason: "duplicate" | "requested_by_customer";
  }): Promise<void> {
    await this.client.refunds.create(
      { payment_intent: refund.intentId, reason: refund.reason, metadata: { plaza_payment_id: refund.paymentId } },
      { stripeAccount: refund.connectedAccountId, idempotencyKey: `plaza-refund-${refund.paymentId}` },
    );
  }

  /**
   * Cancels a PaymentIntent that is no longer wanted (a ticket's seat hold expired), once (the idempotency key).
   * Answers "cancelled" when the intent is cancelled (now or before), or "settling" when it is too late: it already
   * succeeded or is processing, and its webhook settles it.
   */
  async cancelPayment(cancel: {
    intentId: string;
    connectedAccountId: string;
    paymentId: string;
  }): Promise<"cancelled" | "settling"> {
    try {
      await this.client.paymentIntents.cancel(
        cancel.intentId,
        { cancellation_reason: "abandoned" },
        { stripeAccount: cancel.connectedAccountId, idempotencyKey: `plaza-cancel-${cancel.paymentId}` },
      );
      return "cancelled";
    } catch (error) {
      if (!(error instanceof this.sdk.errors.StripeError) || error.code !== "payment_intent_unexpected_state") {
        throw error;
      }
      const intent = await this.client.paymentIntents.retrieve(
        cancel.intentId,
        {},
        { stripeAccount: cancel.connectedAccountId },
      );
      if (intent.status === "canceled") return "cancelled";
      if (intent.status === "succeeded" || intent.status === "processing") return "settling";
      throw error;
    }
  }

  /** The fee Stripe took from a charge (its balance transaction's fee), in cents. */
  async feeOfCharge(chargeId: string, connectedAccountId: string): Promise<number> {
    const charge = await this.client.charges.retrieve(
      chargeId,
      { expand: ["balance_transaction"] },
      { stripeAccount: connectedAccountId },
    );
    const balance = charge.balance_transaction;
    return balance && typeof balance === "object" ? balance.fee : 0;
  }

  /** A connected account for a creator (docs/decisions/0002-stripe-connect.md: the account pays its fees). */
  async createAccount(userId: string, email: string): Promise<Stripe.Account> {
    return this.client.accounts.create(
      {
        country: "US",
        email,
        controller: {
          fees: { payer: "account" },
          losses: { payments: "stripe" },
          requirement_collection: "stripe",
          stripe_dashboard: { type: "express" },
        },
        capabilities: { card_payments: { requested: true }, transfers: { requested: true } },
        metadata: { plaza_user_id: userId },
      },
      { idempotencyKey: `plaza-account:${userId}` },
    );
  }

  async createAccountLink(accountId: string, refreshUrl: string, returnUrl: string): Promise<string> {
    const link = await this.client.accountLinks.create({
      account: accountId,
      refresh_url: refreshUrl,
      return_url: returnUrl,
      type: "account_onboarding",
    });
    return link.url;
  }

  async retrieveAccount(accountId: string): Promise<Stripe.Account> {
    return this.client.accounts.retrieve(accountId);
  }

  /** A one-time sign-in link to the creator's Express dashboard. */
  async createDashboardLink(accountId: string): Promise<string> {
    const link = await this.client.accounts.createLoginLink(accountId);
    return link.url;
  }

  /** Verifies a webhook's signature against the raw body; throws on a bad or missing one. */
  constructEvent(rawBody: Buffer | string, signature: string): Stripe.Event {
    return this.client.webhooks.constructEvent(rawBody, signature, this.settings.webhookSecret);
  }
}
