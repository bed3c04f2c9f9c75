import { freshPost, seesAliceContent } from "../world";
import { allow, ID, idOf, type MatrixRow, money, NONE_ID, owner, SELF } from "./common";

/** Matrix rows: payments. */
export const PAYMENTS_ROWS: MatrixRow[] = [
  {
    route: "POST /api/tips",
    resources: ID,
    request: (input) => ({
      url: "/api/tips",
      payload: { receiverId: idOf(input) ?? NONE_ID, amount: 2, cardLast4: "4242" },
      headers: money(),
    }),
    expect: (input) => (input.resource === "other" ? (input.role === "blocked" ? "refuse" : "any") : "refuse"),
  },
  {
    route: "POST /api/ppv-unlocks",
    resources: ID,
    byVisibility: true,
    request: async (input) => ({
      url: "/api/ppv-unlocks",
      payload: {
        postId:
          input.resource === "none" || !owner(input)
            ? NONE_ID
            : await freshPost(input.world, owner(input) ?? "", "ppv"),
        amount: 5,
        cardLast4: "4242",
      },
      headers: money(),
    }),
    expect: (input) => {
      if (input.resource !== "other") return "refuse";
      // Alice's "other" is otherUser's public post.
      return input.role === "user" || seesAliceContent(input.world, input.role) ? "allow" : "refuse";
    },
  },
  {
    route: "POST /api/subscriptions",
    resources: ID,
    request: (input) => ({
      url: "/api/subscriptions",
      payload: { creatorId: idOf(input) ?? NONE_ID, cardLast4: "4242" },
      headers: money(),
    }),
    expect: (input) => (input.resource === "other" ? (input.role === "blocked" ? "refuse" : "any") : "refuse"),
  },
  { route: "GET /api/subscriptions", resources: SELF, request: () => ({ url: "/api/subscriptions" }), expect: allow },
  {
    route: "GET /api/subscriptions/subscribers",
    resources: SELF,
    request: () => ({ url: "/api/subscriptions/subscribers" }),
    expect: allow,
  },
  {
    route: "DELETE /api/subscriptions/:creatorId",
    resources: ID,
    request: (input) => ({ url: `/api/subscriptions/${idOf(input) ?? NONE_ID}` }),
    expect: (input) => (input.resource === "other" ? "any" : "noop"),
  },
  {
    route: "GET /api/subscriptions/status/:creatorId",
    resources: ID,
    request: (input) => ({ url: `/api/subscriptions/status/${idOf(input) ?? NONE_ID}` }),
    expect: () => "any",
  },
  {
    route: "PATCH /api/users/subscription-price",
    resources: SELF,
    request: () => ({ url: "/api/users/subscription-price", payload: { price: 9.99 } }),
    expect: () => "any",
  },
  { route: "GET /api/wallet", resources: SELF, request: () => ({ url: "/api/wallet" }), expect: allow },
  { route: "GET /api/wallet/lines", resources: SELF, request: () => ({ url: "/api/wallet/lines" }), expect: allow },
  {
    route: "GET /api/wallet/earnings-by-month",
    resources: SELF,
    request: () => ({ url: "/api/wallet/earnings-by-month" }),
    expect: allow,
  },
  {
    route: "GET /api/wallet/spending",
    resources: SELF,
    request: () => ({ url: "/api/wallet/spending" }),
    expect: allow,
  },
  {
    route: "GET /api/payments/:paymentId",
    resources: SELF,
    // Nobody's payment: 404 for everyone signed in (a payment is its payer's only), 401 signed out.
    request: () => ({ url: `/api/payments/${NONE_ID}` }),
    expect: () => "deny",
  },
  {
    route: "GET /api/payouts/account",
    resources: SELF,
    request: () => ({ url: "/api/payouts/account" }),
    expect: allow,
  },
  {
    route: "GET /api/payouts/readiness/:userId",
    resources: ID,
    request: (input) => ({ url: `/api/payouts/readiness/${idOf(input) ?? NONE_ID}` }),
    expect: (input) => (input.resource === "none" ? "deny" : "allow"),
  },
  // The matrix runs on the built-in test provider: connecting Stripe answers 409 there.
  {
    route: "POST /api/payouts/account",
    resources: SELF,
    request: () => ({ url: "/api/payouts/account" }),
    expect: () => "refuse",
  },
  {
    route: "POST /api/payouts/account/refresh",
    resources: SELF,
    request: () => ({ url: "/api/payouts/account/refresh" }),
    expect: () => "refuse",
  },
  {
    route: "POST /api/payouts/dashboard",
    resources: SELF,
    request: () => ({ url: "/api/payouts/dashboard" }),
    expect: () => "refuse",
  },
  {
    route: "POST /api/payments/webhooks/stripe",
    resources: SELF,
    request: () => ({ url: "/api/payments/webhooks/stripe", payload: { id: "evt_1", type: "account.updated" } }),
    expect: () => "refuse",
  },
];
