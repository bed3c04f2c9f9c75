import type Stripe from "stripe";
import type { AppContext } from "../../app-context";
import { badRequest, notFound } from "../../lib/app-error";
import { stripeProviderFor } from "./payment-provider";
import { applyStripeEvent } from "./processor-settlement.service";
import type { StripePaymentProvider } from "./stripe-provider";

/**
 * One call of Stripe's webhook: the event verified with its Stripe-Signature over the raw body (400 when missing or
 * wrong, before anything is read), then applied once. 404 when this server does not pay through Stripe.
 */
export async function receiveStripeEvent(
  context: AppContext,
  rawBody: unknown,
  signature: string | string[] | undefined,
): Promise<{ received: true }> {
  const stripe = stripeProviderFor(context.env);
  if (!stripe) throw notFound("Stripe is not configured");
  const event = verifyStripeEvent(stripe, Buffer.isBuffer(rawBody) ? rawBody : undefined, signature);
  await applyStripeEvent(context, stripe, event);
  return { received: true };
}

/** Reads the event from the raw body and signature: a bad or missing signature is a 400 and changes nothing. */
export function verifyStripeEvent(
  stripe: StripePaymentProvider,
  rawBody: Buffer | undefined,
  signature: string | string[] | undefined,
): Stripe.Event {
  if (!rawBody || typeof signature !== "string" || signature === "") {
    throw badRequest("Missing Stripe-Signature", "Stripe-Signature");
  }
  try {
    return stripe.constructEvent(rawBody, signature);
  } catch {
    throw badRequest("Invalid Stripe-Signature", "Stripe-Signature");
  }
}
