import { expect } from "vitest";
import { type StripeTestServer, startStripeServer, stripeEnv } from "../../apps/api/test/stripe-server";
import { registerViaApi } from "./accounts";
import { expectApiOk } from "./api";
import { type RunningServer, startServer } from "./server";

/**
 * The app with PAYMENT_PROVIDER=stripe against the Stripe-compatible test server (apps/api/test/stripe-server.ts),
 * and what Stripe does to it: signed webhook deliveries, an account turned active, a payment that went through.
 */
export interface StripeApp {
  stripe: StripeTestServer;
  server: RunningServer;
  /** Delivers a signed event the way Stripe does; the app must answer 200. */
  deliver(delivery: { payload: string; headers: Record<string, string> }): Promise<void>;
  /** Stripe reports the account's new state (`account.updated`), as during and after onboarding. */
  updateAccount(accountId: string, fields: Record<string, unknown>): Promise<void>;
  /** The card went through: `payment_intent.succeeded` for the connected account. */
  succeed(intentId: string, accountId: string): Promise<void>;
  /** A creator who connected Stripe through the API and whose account Stripe then reported active. */
  connectedCreator(firstName: string): Promise<Awaited<ReturnType<typeof registerViaApi>> & { accountId: string }>;
  stop(): Promise<void>;
}

export async function startStripeApp(label: string): Promise<StripeApp> {
  const stripe = await startStripeServer();
  const server = await startServer({
    label,
    env: {
      ...stripeEnv(stripe),
    },
  });
  const deliver: StripeApp["deliver"] = async (delivery) => {
    const response = await fetch(`${server.baseUrl}/api/payments/webhooks/stripe`, {
      method: "POST",
      headers: delivery.headers,
      body: delivery.payload,
    });
    expect(response.status).toBe(200);
  };
  const updateAccount: StripeApp["updateAccount"] = async (accountId, fields) => {
    await deliver(stripe.event("account.updated", stripe.updateAccount(accountId, fields), { account: accountId }));
  };
  return {
    stripe,
    server,
    deliver,
    updateAccount,
    succeed: (intentId, accountId) =>
      deliver(stripe.event("payment_intent.succeeded", stripe.succeedIntent(intentId), { account: accountId })),
    async connectedCreator(firstName) {
      const creator = await registerViaApi(server.baseUrl, { profileType: "creator", firstName, lastName: "Creator" });
      await expectApiOk(server.baseUrl, creator.sessionCookie, "POST", "/api/payouts/account", {});
      const accountId = String(stripe.callsTo("/v1/account_links").at(-1)?.params.account);
      await updateAccount(accountId, { charges_enabled: true, payouts_enabled: true, details_submitted: true });
      return { ...creator, accountId };
    },
    async stop() {
      await server.stop();
      await stripe.close();
    },
  };
}
