import type { Page } from "playwright-core";

/**
 * Stripe.js replaced at its module boundary (no network here): every request for https://js.stripe.com/... is
 * answered with this small stand-in, so the app's own code — `@stripe/stripe-js` loading the script,
 * `@stripe/react-stripe-js`'s Elements and PaymentElement, the checkout component — runs unchanged. The stand-in's
 * Payment Element is one "Card number" field; `confirmPayment` hands the client secret, the connected account and the
 * typed number to the test (`onConfirm`), which answers as Stripe.js would ({paymentIntent} or {error}).
 */
export interface StandInConfirmation {
  clientSecret: string;
  /** The PaymentIntent's id, read from its client secret. */
  intentId: string;
  stripeAccount: string | null;
  publishableKey: string;
  cardNumber: string;
}

export type StandInAnswer =
  | { paymentIntent: { id: string; status: string } }
  | { error: { type: string; code?: string; message: string } };

const STAND_IN = `(() => {
  window.Stripe = function Stripe(publishableKey, options) {
    const stripeAccount = (options && options.stripeAccount) || null;
    let cardField = null;
    let clientSecret = null;
    const stripe = {
      _registerWrapper() {},
      registerAppInfo() {},
      createToken() { throw new Error("not in the stand-in"); },
      createPaymentMethod() { throw new Error("not in the stand-in"); },
      confirmCardPayment() { throw new Error("not in the stand-in"); },
      elements(elementsOptions) {
        clientSecret = elementsOptions && elementsOptions.clientSecret;
        let element = null;
        return {
          update() {},
          fetchUpdates: async () => ({}),
          submit: async () => ({}),
          getElement: () => element,
          create(type) {
            const listeners = {};
            const emit = (name, event) => (listeners[name] || []).forEach((handler) => handler(event));
            element = {
              mount(target) {
                const node = typeof target === "string" ? document.querySelector(target) : target;
                const label = document.createElement("label");
                label.textContent = "Card number";
                label.style.display = "grid";
                label.style.gap = "4px";
                label.style.fontSize = "14px";
                cardField = document.createElement("input");
                cardField.autocomplete = "cc-number";
                cardField.inputMode = "numeric";
                cardField.style.border = "1px solid #d1d5db";
                cardField.style.borderRadius = "8px";
                cardField.style.padding = "10px";
                cardField.style.minHeight = "44px";
                label.append(cardField);
                node.replaceChildren(label);
                // Stripe.js says "ready" once its iframe has drawn; the stand-in has drawn at once.
                queueMicrotask(() => emit("ready", { elementType: type }));
              },
              on(name, handler) { (listeners[name] = listeners[name] || []).push(handler); return element; },
              off(name, handler) { listeners[name] = (listeners[name] || []).filter((h) => h !== handler); return element; },
              update() {},
              unmount() {},
              destroy() { cardField = null; },
            };
            return element;
          },
        };
      },
      async confirmPayment() {
        return window.plazaStripeConfirm({
          clientSecret,
          stripeAccount,
          publishableKey,
          cardNumber: cardField ? cardField.value : "",
        });
      },
    };
    return stripe;
  };
})();`;

export async function installStripeJsStandIn(
  page: Page,
  onConfirm: (confirmation: StandInConfirmation) => Promise<StandInAnswer> | StandInAnswer,
): Promise<void> {
  await page.exposeFunction(
    "plazaStripeConfirm",
    (sent: Omit<StandInConfirmation, "intentId">): Promise<StandInAnswer> | StandInAnswer =>
      onConfirm({ ...sent, intentId: sent.clientSecret.split("_secret_")[0] ?? "" }),
  );
  await page.route("https://js.stripe.com/**", (route) =>
    route.fulfill({ status: 200, contentType: "application/javascript", body: STAND_IN }),
  );
}
