import { allow, type MatrixRow, NONE_ID, SELF } from "./common";

/** Matrix rows: federation (the account's own setting; the ActivityPub addresses are mounted only with FEDERATION=on). */
export const FEDERATION_ROWS: MatrixRow[] = [
  {
    route: "GET /api/federation/settings",
    resources: SELF,
    request: () => ({ url: "/api/federation/settings" }),
    expect: allow,
  },
  {
    route: "PUT /api/federation/settings",
    resources: SELF,
    request: () => ({ url: "/api/federation/settings", payload: { isDiscoverable: true } }),
    expect: allow,
  },
  {
    route: "GET /api/federation/follow-requests",
    resources: SELF,
    request: () => ({ url: "/api/federation/follow-requests" }),
    expect: allow,
  },
  {
    // Nobody in the matrix's town has a request from another server: each answer is a 404 of their own.
    route: "POST /api/federation/follow-requests/:remoteAccountId/approve",
    resources: SELF,
    request: () => ({ url: `/api/federation/follow-requests/${NONE_ID}/approve` }),
    expect: () => 404,
  },
  {
    route: "DELETE /api/federation/follow-requests/:remoteAccountId",
    resources: SELF,
    request: () => ({ url: `/api/federation/follow-requests/${NONE_ID}` }),
    expect: () => 404,
  },
];
