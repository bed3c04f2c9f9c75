import { allow, ID, idOf, type MatrixRow, SELF, spareUser } from "./common";

/**
 * Matrix rows: the instance's settings (GET public, PATCH superuser), its web manifest, invites (superusers; members
 * only when the instance allows it, which it does not here) and accounts waiting for approval (superusers).
 */
export const INSTANCE_ROWS: MatrixRow[] = [
  { route: "GET /api/instance", resources: SELF, request: () => ({ url: "/api/instance" }), expect: allow },
  {
    route: "GET /manifest.webmanifest",
    resources: SELF,
    request: () => ({ url: "/manifest.webmanifest" }),
    expect: allow,
  },
  {
    // Only the description: the name and the sign-up mode stay as the other rows need them.
    route: "PATCH /api/admin/instance",
    resources: SELF,
    request: () => ({ url: "/api/admin/instance", payload: { description: "The matrix's town" } }),
    expect: allow,
  },
  {
    route: "POST /api/invites",
    resources: SELF,
    request: () => ({ url: "/api/invites", payload: { maxUses: 1 } }),
    expect: (input) => (input.role === "superuser" ? "allow" : 403),
  },
  { route: "GET /api/invites", resources: SELF, request: () => ({ url: "/api/invites" }), expect: allow },
  {
    // Nobody but the superuser has invites here (instance.int.test.ts covers a member's own and someone else's).
    route: "DELETE /api/invites/:code",
    resources: SELF,
    request: () => ({ url: "/api/invites/no-such-code" }),
    expect: () => 404,
  },
  {
    route: "GET /api/admin/pending-accounts",
    resources: SELF,
    request: () => ({ url: "/api/admin/pending-accounts" }),
    expect: allow,
  },
  ...(["approve", "reject"] as const).map(
    (decision): MatrixRow => ({
      route: `POST /api/admin/users/:userId/${decision}`,
      resources: ID,
      request: async (input) => ({
        url: `/api/admin/users/${input.resource === "other" ? await spareUser(input) : idOf(input)}/${decision}`,
      }),
      // Nobody in the matrix's town waits for approval: a real account answers 409 (refuse), a missing one 404.
      expect: (input) => (input.resource === "none" ? 404 : "refuse"),
    }),
  ),
];
