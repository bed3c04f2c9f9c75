import type { AppContext } from "../../app-context";
import { notFound } from "../../lib/app-error";
import { stripeProviderFor } from "./payment-provider";
import { applyStripeEvent, verifyStripeEvent } from "./processor-payments.service";

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
