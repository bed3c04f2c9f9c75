import { PAYMENT_MESSAGES, type PaymentMethod } from "@plaza/contracts/payments";
import type { Env } from "../../config/env";
import { AppError } from "../../lib/app-error";
import { openStripeProvider, type StripePaymentProvider, stripeSettingsOf } from "./stripe-provider";

export interface ChargeRequest {
  amountCents: number;
  method: PaymentMethod;
  /** Last four digits of the card, when the method is a card. */
  cardLast4?: string;
  /** Stable for one user intent, so a real provider can refuse to charge the same intent twice. */
  idempotencyReference: string;
}

export interface ChargeResult {
  reference: string;
}

/**
 * Collects money from outside the ledger (a card, PayPal, Apple Pay). A refusal throws a 402 AppError;
 * anything else returns the provider's reference of the charge.
 */
export interface ImmediatePaymentProvider {
  readonly name: string;
  /** Charges in the same call (the built-in test provider). */
  readonly mode: "immediate";
  charge(request: ChargeRequest): Promise<ChargeResult>;
  /**
   * Cancels a payment not settled yet (a ticket's seat hold expired): "cancelled", or "settling" when it is too
   * late (it succeeded or is processing, and settles as usual). The same shape as StripePaymentProvider's.
   */
  cancelPayment(cancel: {
    intentId: string;
    connectedAccountId: string;
    paymentId: string;
  }): Promise<"cancelled" | "settling">;
}

/**
 * A network processor (Stripe): a payment is an intent the browser confirms, settled later by verified webhooks.
 * Never called inside a database transaction.
 */
export type PaymentProvider = ImmediatePaymentProvider | StripePaymentProvider;

/** Card number ending the built-in test provider always declines. */
export const DECLINED_TEST_CARD_LAST4 = "0002";

export const cardDeclined = () => new AppError("CARD_DECLINED", 402, PAYMENT_MESSAGES.cardDeclined);

/** The built-in provider: every charge succeeds except a card ending in 0002. */
export class TestPaymentProvider implements ImmediatePaymentProvider {
  readonly name = "test";
  readonly mode = "immediate" as const;

  async charge(request: ChargeRequest): Promise<ChargeResult> {
    if (!Number.isInteger(request.amountCents) || request.amountCents <= 0) {
      throw new Error(`charge of ${request.amountCents} cents refused: amounts are positive integer cents`);
    }
    if (request.method === "card" && request.cardLast4 === DECLINED_TEST_CARD_LAST4) throw cardDeclined();
    return { reference: `test_${request.idempotencyReference}` };
  }

  /** Nothing to cancel: the built-in provider charges at once, so none of its payments is ever left open. */
  async cancelPayment(): Promise<"cancelled"> {
    return "cancelled";
  }
}

const opened = new WeakMap<Env, PaymentProvider>();

/**
 * Makes the provider PAYMENT_PROVIDER names, once per configuration; buildApp awaits it before any route or job
 * runs. Asynchronous because the Stripe SDK is loaded only when it is the one configured.
 */
export async function openPaymentProvider(env: Env): Promise<PaymentProvider> {
  let provider = opened.get(env);
  if (!provider) {
    provider =
      env.PAYMENT_PROVIDER === "stripe" ? await openStripeProvider(stripeSettingsOf(env)) : new TestPaymentProvider();
    opened.set(env, provider);
  }
  return provider;
}

/** The provider configured by PAYMENT_PROVIDER, made by `openPaymentProvider` when the app was built. */
export function paymentProviderFor(env: Env): PaymentProvider {
  const provider = opened.get(env);
  if (!provider) throw new Error("paymentProviderFor: openPaymentProvider(env) was not awaited (buildApp awaits it)");
  return provider;
}

/**
 * The same configuration with the built-in test provider, opened. The demo town's past is paid through it whatever
 * PAYMENT_PROVIDER says: its creators have no connected accounts on the configured processor (they connect one
 * like anybody, through the payouts screen), and its history must not reach a real processor at all.
 */
export async function withBuiltInPayments(env: Env): Promise<Env> {
  if (env.PAYMENT_PROVIDER === "test") return env;
  const builtIn: Env = { ...env, PAYMENT_PROVIDER: "test" };
  await openPaymentProvider(builtIn);
  return builtIn;
}

/** The Stripe provider when PAYMENT_PROVIDER=stripe, else null. */
export function stripeProviderFor(env: Env): StripePaymentProvider | null {
  const provider = paymentProviderFor(env);
  return provider.mode === "intent" ? provider : null;
}
