import { randomUUID } from "node:crypto";
import { allow, type MatrixRow, SELF } from "./common";

/** Matrix rows: push. */
export const PUSH_ROWS: MatrixRow[] = [
  {
    route: "GET /api/push/public-key",
    resources: SELF,
    request: () => ({ url: "/api/push/public-key" }),
    expect: allow,
  },
  {
    route: "POST /api/push/subscriptions",
    resources: SELF,
    // A loopback endpoint: the outbound guard refuses it (400) for every signed-in role, and nothing is pushed.
    request: () => ({
      url: "/api/push/subscriptions",
      payload: {
        endpoint: "https://127.0.0.1/push/matrix",
        keys: { p256dh: `B${"A".repeat(86)}`, auth: "AAAAAAAAAAAAAAAAAAAAAA" },
      },
    }),
    expect: () => "refuse",
  },
  {
    route: "DELETE /api/push/subscriptions",
    resources: SELF,
    request: () => ({ url: "/api/push/subscriptions", payload: { endpoint: "https://push.example.com/matrix" } }),
    expect: allow,
  },
  {
    // A token nobody was sent: refused for everyone (the token decides, not the session).
    route: "GET /api/notifications/unsubscribe",
    resources: SELF,
    request: () => ({ url: `/api/notifications/unsubscribe?token=unknown-${randomUUID()}` }),
    expect: () => "refuse",
  },
  {
    route: "POST /api/notifications/unsubscribe",
    resources: SELF,
    request: () => ({ url: `/api/notifications/unsubscribe?token=unknown-${randomUUID()}` }),
    expect: () => "refuse",
  },
];
