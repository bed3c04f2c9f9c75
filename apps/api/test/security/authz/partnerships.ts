import { allow, businessId, businessOwnerOnly, ID, idOf, type MatrixRow, NONE_ID, SELF } from "./common";

/**
 * Matrix rows: partnerships (docs/PRODUCT.md "Partnerships"). Owners invite Alice (a creator; 201, or 409 once
 * invited); answers and ends are tried on a partnership that does not exist (the lifecycle is in
 * partnerships.int.test.ts).
 */
export const PARTNERSHIPS_ROWS: MatrixRow[] = [
  {
    route: "POST /api/partnerships",
    resources: ID,
    request: (input) => {
      const id = businessId(input);
      return id ? { url: "/api/partnerships", payload: { businessId: id, creatorId: input.otherId } } : null;
    },
    expect: (input) => (input.resource === "own" ? "any" : "deny"),
  },
  { route: "GET /api/partnerships", resources: SELF, request: () => ({ url: "/api/partnerships" }), expect: allow },
  {
    route: "POST /api/partnerships/:id/accept",
    resources: ["none"],
    request: () => ({ url: `/api/partnerships/${NONE_ID}/accept` }),
    expect: () => "deny",
  },
  {
    route: "POST /api/partnerships/:id/decline",
    resources: ["none"],
    request: () => ({ url: `/api/partnerships/${NONE_ID}/decline` }),
    expect: () => "deny",
  },
  {
    route: "DELETE /api/partnerships/:id",
    resources: ["none"],
    request: () => ({ url: `/api/partnerships/${NONE_ID}` }),
    expect: () => "deny",
  },
  {
    route: "GET /api/users/:userId/perks",
    resources: ID,
    request: (input) => ({ url: `/api/users/${idOf(input)}/perks` }),
    expect: () => "any",
  },
  {
    route: "GET /api/businesses/:id/partner-redemptions",
    resources: ID,
    request: (input) => {
      const id = businessId(input);
      return id ? { url: `/api/businesses/${id}/partner-redemptions` } : null;
    },
    expect: businessOwnerOnly,
  },
];
