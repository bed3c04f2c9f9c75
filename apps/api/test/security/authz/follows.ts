import { freshFollowRequest } from "../world";
import { allow, ID, idOf, type MatrixRow, NONE_ID, SELF } from "./common";

/** Matrix rows: follows. */
export const FOLLOWS_ROWS: MatrixRow[] = [
  {
    route: "POST /api/follows",
    resources: ID,
    byVisibility: true,
    request: (input) => ({ url: "/api/follows", payload: { followingId: idOf(input) ?? NONE_ID } }),
    expect: (input) => (input.resource !== "other" ? "refuse" : input.role === "blocked" ? "refuse" : "allow"),
  },
  {
    route: "DELETE /api/follows/:userId",
    resources: ID,
    request: (input) => ({ url: `/api/follows/${idOf(input) ?? NONE_ID}` }),
    expect: (input) => (input.resource === "other" ? "any" : "noop"),
  },
  {
    route: "GET /api/follows/status/:userId",
    resources: ID,
    request: (input) => ({ url: `/api/follows/status/${idOf(input) ?? NONE_ID}` }),
    expect: () => "any",
  },
  {
    route: "GET /api/follows/requests",
    resources: SELF,
    request: () => ({ url: "/api/follows/requests" }),
    expect: allow,
  },
  ...(
    [
      ["POST", "/approve"],
      ["DELETE", ""],
    ] as const
  ).map(
    ([method, suffix]): MatrixRow => ({
      route: `${method} /api/follows/requests/:userId${suffix}`,
      resources: ID,
      request: async (input) => {
        // own: a request waiting for this role; other: one waiting for Alice (only she may answer it).
        const target = input.resource === "own" ? input.me : input.resource === "other" ? input.otherId : null;
        const requester = target ? await freshFollowRequest(input.world, target) : NONE_ID;
        return { url: `/api/follows/requests/${requester}${suffix}` };
      },
      // Someone else's request is never answered: refused, or a no-op the DB check proves.
      expect: (input) => (input.resource === "own" ? "allow" : method === "POST" ? "refuse" : "noop"),
    }),
  ),
];
