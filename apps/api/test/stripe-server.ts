import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import Stripe from "stripe";

/**
 * A Stripe-compatible local server for tests (STRIPE_API_URL points the app's SDK at it). Each call is answered
 * with Stripe's own example object for its resource (../shared/stripe/fixtures3.json, from stripe/openapi)
 * overlaid with the parameters the call sent, and every call is recorded. Objects it created are kept, so a
 * PaymentIntent can be moved on the way the browser and Stripe would (`succeedIntent`), and webhook events are
 * signed with the `stripe` package's own test header helper.
 */

const FIXTURES_PATH = fileURLToPath(new URL("./stripe-fixtures/fixtures3.json", import.meta.url));

type StripeObject = Record<string, unknown> & { id: string };

export interface RecordedCall {
  method: string;
  path: string;
  params: Record<string, unknown>;
  /** The Stripe-Account header: the connected account a direct charge is made on. */
  stripeAccount: string | null;
  idempotencyKey: string | null;
}

export interface StripeTestServer {
  url: string;
  webhookSecret: string;
  calls: RecordedCall[];
  /** The calls to one path (e.g. "/v1/payment_intents"), POST unless told. */
  callsTo(path: string, method?: string): RecordedCall[];
  /** Runs before each call is answered (e.g. to hold calls until several are in flight); null: answer at once. */
  beforeAnswer: ((call: RecordedCall) => Promise<void>) | null;
  /** What the next off-session confirmation does: succeed, or need the payer (3-D Secure). */
  offSessionOutcome: "succeeded" | "requires_action";
  /** The processor fee of a charge of this many cents (default: US cards, 2.9% + 30¢). */
  feeOf(amountCents: number): number;
  object(id: string): StripeObject | undefined;
  /** The browser confirmed the PaymentIntent and the card went through: a charge with its balance transaction. */
  succeedIntent(intentId: string): StripeObject;
  /** Sets an account's state (as onboarding would) and answers it. */
  updateAccount(accountId: string, fields: Record<string, unknown>): StripeObject;
  /** A signed webhook delivery: the event fixture overlaid with this type, object and connected account. */
  event(
    type: string,
    object: Record<string, unknown>,
    options?: { account?: string | null; id?: string },
  ): { id: string; payload: string; headers: Record<string, string> };
  close(): Promise<void>;
}

const fixtures = (): Record<string, Record<string, unknown>> =>
  (JSON.parse(readFileSync(FIXTURES_PATH, "utf8")) as { resources: Record<string, Record<string, unknown>> }).resources;

const newId = (prefix: string) => `${prefix}_test${randomBytes(8).toString("hex")}`;

/** Form values come as strings: numbers and booleans back to JSON types, like Stripe's own parsing. */
function typed(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(typed);
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, typed(item)]));
  }
  if (value === "true") return true;
  if (value === "false") return false;
  if (typeof value === "string" && /^-?\d+$/.test(value) && value.length < 16) return Number(value);
  return value;
}

/** Stripe's form encoding: `metadata[key]=v`, `expand[0]=x`, `controller[fees][payer]=account`. */
function parseForm(raw: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [name, value] of new URLSearchParams(raw)) {
    const path = name.replace(/\]/g, "").split("[");
    let node: Record<string, unknown> = root;
    path.forEach((segment, index) => {
      if (index === path.length - 1) {
        node[segment] = value;
        return;
      }
      const next = path[index + 1] ?? "";
      node[segment] ??= /^\d+$/.test(next) ? [] : {};
      node = node[segment] as Record<string, unknown>;
    });
  }
  return root;
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    request.on("error", reject);
  });
}

export async function startStripeServer(): Promise<StripeTestServer> {
  const resources = fixtures();
  const objects = new Map<string, StripeObject>();
  const idempotent = new Map<string, { status: number; body: unknown }>();
  const calls: RecordedCall[] = [];
  const webhookSecret = `whsec_${randomBytes(16).toString("hex")}`;
  const signer = new Stripe("sk_test_signer");

  const fixture = (name: string): Record<string, unknown> => structuredClone(resources[name] ?? {});
  const store = (value: Record<string, unknown>): StripeObject => {
    objects.set(String(value.id), value as StripeObject);
    return value as StripeObject;
  };
  const now = () => Math.floor(Date.now() / 1000);

  const server: StripeTestServer = {
    url: "",
    webhookSecret,
    calls,
    callsTo: (path, method = "POST") => calls.filter((call) => call.path === path && call.method === method),
    beforeAnswer: null,
    offSessionOutcome: "succeeded",
    feeOf: (amountCents) => Math.round(amountCents * 0.029) + 30,
    object: (id) => objects.get(id),
    succeedIntent(intentId) {
      const intent = objects.get(intentId);
      if (!intent) throw new Error(`no PaymentIntent ${intentId}`);
      const amount = Number(intent.amount);
      const balance = store({
        ...fixture("balance_transaction"),
        id: newId("txn"),
        amount,
        fee: server.feeOf(amount),
        net: amount - server.feeOf(amount),
      });
      const paymentMethod = (intent.payment_method as string | null) ?? newId("pm");
      const charge = store({
        ...fixture("charge"),
        id: newId("ch"),
        amount,
        amount_captured: amount,
        amount_refunded: 0,
        currency: intent.currency,
        paid: true,
        status: "succeeded",
        payment_intent: intent.id,
        payment_method: paymentMethod,
        customer: intent.customer ?? null,
        balance_transaction: balance.id,
        metadata: intent.metadata,
      });
      return store({ ...intent, status: "succeeded", latest_charge: charge.id, payment_method: paymentMethod });
    },
    updateAccount(accountId, fields) {
      const account = objects.get(accountId);
      if (!account) throw new Error(`no account ${accountId}`);
      return store({ ...account, ...fields });
    },
    event(type, object, options = {}) {
      const id = options.id ?? newId("evt");
      const event = {
        ...fixture("event"),
        id,
        type,
        created: now(),
        account: options.account ?? undefined,
        data: { object },
      };
      const payload = JSON.stringify(event);
      const signature = signer.webhooks.generateTestHeaderString({ payload, secret: webhookSecret });
      return { id, payload, headers: { "content-type": "application/json", "stripe-signature": signature } };
    },
    close: () => new Promise((resolve) => http.close(() => resolve())),
  };

  /** The answer to one call: [status, body]. */
  function answer(method: string, path: string, params: Record<string, unknown>): readonly [number, unknown] {
    const segments = path.split("/").filter(Boolean); // ["v1", resource, id?, sub?]
    const [, resource, id, sub] = segments;
    const notFound = () =>
      [404, { error: { type: "invalid_request_error", message: `No such object: ${id ?? path}` } }] as const;
    if (method === "POST" && resource === "accounts" && !id) {
      return [200, store({ ...fixture("account"), ...params, id: newId("acct"), charges_enabled: false })] as const;
    }
    if (resource === "accounts" && id && sub === "login_links" && method === "POST") {
      if (!objects.has(id)) return notFound();
      return [200, { ...fixture("login_link"), url: `https://connect.stripe.test/express/${id}` }] as const;
    }
    if (method === "GET" && resource === "accounts" && id) return objects.has(id) ? [200, objects.get(id)] : notFound();
    if (method === "POST" && resource === "account_links") {
      return [
        200,
        { ...fixture("account_link"), ...params, url: `https://connect.stripe.test/setup/${params.account}` },
      ];
    }
    if (method === "POST" && resource === "customers" && !id) {
      return [200, store({ ...fixture("customer"), ...params, id: newId("cus") })] as const;
    }
    if (method === "POST" && resource === "payment_intents" && !id) {
      const intentId = newId("pi");
      const intent = store({
        ...fixture("payment_intent"),
        ...params,
        id: intentId,
        client_secret: `${intentId}_secret_${randomBytes(8).toString("hex")}`,
        status: "requires_payment_method",
        latest_charge: null,
        created: now(),
        livemode: false,
      });
      if (params.confirm === true && params.off_session === true) {
        if (server.offSessionOutcome === "succeeded") return [200, server.succeedIntent(intentId)] as const;
        const pending = store({ ...intent, status: "requires_action" });
        return [
          402,
          {
            error: {
              type: "card_error",
              code: "authentication_required",
              message: "This payment requires authentication.",
              payment_intent: pending,
            },
          },
        ] as const;
      }
      return [200, intent] as const;
    }
    if (method === "POST" && resource === "payment_intents" && id && sub === "cancel") {
      // As Stripe: an intent not succeeded, processing or cancelled yet is cancelled; otherwise its state is wrong.
      const intent = objects.get(id);
      if (!intent) return notFound();
      if (["succeeded", "processing", "canceled"].includes(String(intent.status))) {
        return [
          400,
          {
            error: {
              type: "invalid_request_error",
              code: "payment_intent_unexpected_state",
              message: `You cannot cancel this PaymentIntent because it has a status of ${intent.status}.`,
              payment_intent: intent,
            },
          },
        ] as const;
      }
      const reason = params.cancellation_reason ?? null;
      return [200, store({ ...intent, status: "canceled", cancellation_reason: reason, canceled_at: now() })] as const;
    }
    if (method === "POST" && resource === "refunds" && !id) {
      // A full refund of a PaymentIntent's charge (what Plaza asks for); the charge records it, as Stripe's does.
      const intent = objects.get(String(params.payment_intent ?? ""));
      const charge = intent?.latest_charge ? objects.get(String(intent.latest_charge)) : undefined;
      if (!intent || !charge) {
        return [
          400,
          { error: { type: "invalid_request_error", message: "This PaymentIntent does not have a successful charge" } },
        ] as const;
      }
      const amount = Number(charge.amount);
      store({ ...charge, amount_refunded: amount, refunded: true });
      const refund = store({
        ...fixture("refund"),
        ...params,
        id: newId("re"),
        amount,
        charge: charge.id,
        currency: charge.currency,
        status: "succeeded",
        created: now(),
      });
      return [200, refund] as const;
    }
    if (method === "GET" && id && ["payment_intents", "charges", "customers", "refunds"].includes(resource ?? "")) {
      const found = objects.get(id);
      if (!found) return notFound();
      const expand = (params.expand as string[] | undefined) ?? [];
      const expanded: Record<string, unknown> = { ...found };
      for (const field of expand) {
        const value = expanded[field];
        if (typeof value === "string" && objects.has(value)) expanded[field] = objects.get(value);
      }
      return [200, expanded] as const;
    }
    return [
      404,
      { error: { type: "invalid_request_error", message: `Unrecognized request URL (${method}: ${path})` } },
    ];
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? "/", "http://stripe.test");
    const method = request.method ?? "GET";
    const raw = method === "GET" || method === "DELETE" ? url.search.slice(1) : await readBody(request);
    const params = typed(parseForm(raw)) as Record<string, unknown>;
    const header = (name: string) => {
      const value = request.headers[name];
      return typeof value === "string" ? value : null;
    };
    const call: RecordedCall = {
      method,
      path: url.pathname,
      params,
      stripeAccount: header("stripe-account"),
      idempotencyKey: header("idempotency-key"),
    };
    calls.push(call);
    if (server.beforeAnswer) await server.beforeAnswer(call);
    const replayKey = call.idempotencyKey ? `${call.stripeAccount}:${call.idempotencyKey}` : null;
    const replay = replayKey ? idempotent.get(replayKey) : undefined;
    const [status, body] = replay ? [replay.status, replay.body] : answer(method, url.pathname, params);
    if (replayKey && !replay) idempotent.set(replayKey, { status, body });
    response.writeHead(status, { "content-type": "application/json", "request-id": newId("req") });
    response.end(JSON.stringify(body));
  }

  const http: Server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      response.writeHead(500, { "content-type": "application/json" });
      response.end(JSON.stringify({ error: { type: "api_error", message: String(error) } }));
    });
  });
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  server.url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  return server;
}

/** The app's settings for talking to this server (PAYMENT_PROVIDER=stripe and test keys). */
export function stripeEnv(stripe: Pick<StripeTestServer, "url" | "webhookSecret">): Record<string, string> {
  return {
    PAYMENT_PROVIDER: "stripe",
    STRIPE_SECRET_KEY: "sk_test_plaza",
    STRIPE_PUBLISHABLE_KEY: "pk_test_plaza",
    STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
    STRIPE_API_URL: stripe.url,
  };
}
