import type { Stripe } from "@stripe/stripe-js";
// The pure entry loads Stripe.js only when a checkout asks for it, never as a side effect of importing this module.
import { loadStripe } from "@stripe/stripe-js/pure";

const instances = new Map<string, Promise<Stripe | null>>();

/**
 * Stripe.js for one connected account. Plaza's payments are direct charges on the creator's account, so the
 * browser's Stripe instance must carry that account (`stripeAccount`); one instance per account, made once.
 */
export function stripeFor(publishableKey: string, stripeAccount: string): Promise<Stripe | null> {
  const key = `${publishableKey}:${stripeAccount}`;
  let instance = instances.get(key);
  if (!instance) {
    instance = loadStripe(publishableKey, { stripeAccount });
    // A failed load (offline) is not remembered: the next checkout tries again.
    instance.catch(() => instances.delete(key));
    instances.set(key, instance);
  }
  return instance;
}
