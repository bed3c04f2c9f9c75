import { allow, ID, idOf, type MatrixRow, NONE_ID, SELF } from "./common";

/** Matrix rows: messaging. */
export const MESSAGING_ROWS: MatrixRow[] = [
  { route: "GET /api/conversations", resources: SELF, request: () => ({ url: "/api/conversations" }), expect: allow },
  {
    route: "GET /api/conversations/:id/messages",
    resources: ["other", "none"],
    request: (input) => ({
      url: `/api/conversations/${input.resource === "other" ? input.world.foreignConversationId : NONE_ID}/messages`,
    }),
    expect: () => "deny",
  },
  {
    route: "POST /api/conversations/:id/mark-read",
    resources: ["other", "none"],
    request: (input) => ({
      url: `/api/conversations/${input.resource === "other" ? input.world.foreignConversationId : NONE_ID}/mark-read`,
    }),
    expect: () => "deny",
  },
  {
    route: "POST /api/conversations/:id/typing",
    resources: ["other", "none"],
    request: (input) => ({
      url: `/api/conversations/${input.resource === "other" ? input.world.foreignConversationId : NONE_ID}/typing`,
    }),
    expect: () => "deny",
  },
  {
    route: "POST /api/messages",
    resources: ID,
    request: (input) => ({
      url: "/api/messages",
      payload: { recipientId: idOf(input) ?? NONE_ID, content: "Hello there" },
    }),
    // Blocks work both ways: `blocked` cannot write to Alice.
    expect: (input) => (input.resource !== "other" ? "refuse" : input.role === "blocked" ? "refuse" : "allow"),
  },
  {
    route: "GET /api/messages/unread-count",
    resources: SELF,
    request: () => ({ url: "/api/messages/unread-count" }),
    expect: allow,
  },
  {
    route: "GET /api/live",
    resources: SELF,
    request: () => ({ url: "/api/live" }),
    expect: (input) => (input.role === "anon" ? 401 : "any"),
  },
];
