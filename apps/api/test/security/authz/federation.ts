import { allow, type MatrixRow, SELF } from "./common";

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
];
